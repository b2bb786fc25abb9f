/**
 * Which sources the panel's start-up JavaScript is made of: builds the Chrome build with source
 * maps into a folder of its own (PARTNER_API_OUT_DIR, default a temporary one), then shares each
 * start-up script's gzip size (scripts/panel-startup-js.ts) among the sources its source map names,
 * in proportion to the characters each source produced, and prints the largest first.
 * `npm run budget:attribution [-- --top 40] [-- --no-build <dir>]`. The shares are estimates (gzip
 * does not compress every source alike); the total is the budget's exact figure.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import { panelJsGzipBytes, panelStartupScripts } from './panel-startup-js';

const ROOT = resolve(import.meta.dirname, '..');

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

/** Characters of `code` per source its map names; characters mapped to nothing count as '(none)'. */
function charsPerSource(code: string, map: SourceMapConsumer, mapDir: string): Map<string, number> {
  const lines = code.split('\n');
  const counts = new Map<string, number>();
  const add = (source: string, chars: number) =>
    counts.set(source, (counts.get(source) ?? 0) + chars);
  const byLine: { column: number; source: string }[][] = lines.map(() => []);
  map.eachMapping((mapping) => {
    const source =
      mapping.source === null
        ? '(none)'
        : relative(ROOT, resolve(mapDir, mapping.source)).replace(/^(\.\.\/)+/, '');
    byLine[mapping.generatedLine - 1]?.push({ column: mapping.generatedColumn, source });
  });
  lines.forEach((line, index) => {
    const marks = (byLine[index] ?? []).sort((a, b) => a.column - b.column);
    if (marks.length === 0 || (marks[0]?.column ?? 0) > 0) {
      add('(none)', Math.min(line.length, marks[0]?.column ?? line.length));
    }
    marks.forEach((mark, at) => {
      const end = marks[at + 1]?.column ?? line.length;
      add(mark.source, end - mark.column);
    });
  });
  return counts;
}

/** gzip bytes per source over every start-up script of the build in `dist`. */
export function attribute(dist: string): Map<string, number> {
  const totals = new Map<string, number>();
  for (const script of panelStartupScripts(dist)) {
    const code = readFileSync(join(dist, script), 'utf8');
    const gzip = gzipSync(code).length;
    const mapFile = join(dist, `${script}.map`);
    const map = new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')));
    const counts = charsPerSource(code, map, join(mapFile, '..'));
    const chars = [...counts.values()].reduce((sum, n) => sum + n, 0);
    for (const [source, n] of counts) {
      const name = source === '(none)' ? `(unmapped in ${script})` : source;
      totals.set(name, (totals.get(name) ?? 0) + (gzip * n) / Math.max(1, chars));
    }
  }
  return totals;
}

const noBuild = option('--no-build');
const dist = noBuild ?? process.env.PARTNER_API_OUT_DIR ?? join(tmpdir(), 'partner-api-distmap');
if (noBuild === undefined) {
  execFileSync('npx', ['vite', 'build', '--sourcemap', 'hidden', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PARTNER_API_OUT_DIR: dist },
  });
}
const top = Number(option('--top') ?? 25);
const rows = [...attribute(dist)].sort((a, b) => b[1] - a[1]);
process.stdout.write(`panel start-up JS: ${panelJsGzipBytes(dist)} bytes gzip (${dist})\n`);
for (const [source, bytes] of rows.slice(0, top)) {
  process.stdout.write(`${String(Math.round(bytes)).padStart(6)}  ${source}\n`);
}
const rest = rows.slice(top).reduce((sum, [, bytes]) => sum + bytes, 0);
if (rest > 0) {
  process.stdout.write(`${String(Math.round(rest)).padStart(6)}  (${rows.length - top} more)\n`);
}
