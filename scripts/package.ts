/**
 * `npm run package`: builds both browsers' extensions and writes what the stores take, to
 * packages/:
 *   partner-api-devtools-<version>-chrome.zip    dist/, for the Chrome Web Store
 *   partner-api-devtools-<version>-firefox.zip   dist-firefox/, for addons.mozilla.org (AMO)
 *   partner-api-devtools-<version>-sources.zip   the sources git tracks, which AMO asks for
 *                                                 because the add-on's code is bundled
 * Each zip holds its files at the top (the manifest at the root), in a fixed order with a fixed
 * date, so the same tree gives the same bytes. The sources zip builds with the README's commands
 * (`npm ci`, then `npm run build:firefox`), which docs/firefox.md tells AMO's reviewers.
 * Then it checks what it wrote (scripts/package-checks.ts: the Chrome zip's manifest, icons and
 * size; the Firefox zip with addons-linter) and fails, naming each problem, if a zip is not fit
 * for its store.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { type Zippable, zipSync } from 'fflate';
import { checkChromeZip, checkFirefoxZip } from './package-checks';

const ROOT = resolve(import.meta.dirname, '..');
/** Zip dates start in 1980; a fixed one keeps the bytes the same from one run to the next. */
const FIXED_DATE = new Date('2000-01-01T00:00:00Z');

/** Every file under `dir`, as paths relative to it with `/` separators, sorted. */
export function filesUnder(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else found.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return found.sort();
}

/** A zip of `files` (paths relative to `dir`), stored at the zip's root. */
export function zipFiles(dir: string, files: readonly string[]): Uint8Array {
  const entries: Zippable = {};
  for (const file of files) {
    entries[file] = [readFileSync(join(dir, file)), { mtime: FIXED_DATE }];
  }
  return zipSync(entries, { level: 9 });
}

/** The files git tracks in the project (its sources: no build, no node_modules, no cache). */
export function sourceFiles(root: string): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((file) => file !== '')
    .sort();
}

function npx(args: string[]) {
  execFileSync('npx', args, { cwd: ROOT, stdio: 'inherit' });
}

async function main() {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'manifest.json'), 'utf8')) as {
    version: string;
  };
  npx(['vite', 'build', '--logLevel', 'warn']);
  npx(['vite', 'build', '--mode', 'firefox', '--logLevel', 'warn']);
  const out = join(ROOT, 'packages');
  mkdirSync(out, { recursive: true });
  const zipPath = (browser: string) => join(out, `partner-api-devtools-${version}-${browser}.zip`);
  const chrome = zipFiles(join(ROOT, 'dist'), filesUnder(join(ROOT, 'dist')));
  writeFileSync(zipPath('chrome'), chrome);
  const firefoxDir = join(ROOT, 'dist-firefox');
  writeFileSync(zipPath('firefox'), zipFiles(firefoxDir, filesUnder(firefoxDir)));
  const sources = zipPath('sources');
  writeFileSync(sources, zipFiles(ROOT, sourceFiles(ROOT)));
  for (const path of [zipPath('chrome'), zipPath('firefox'), sources]) {
    console.log(`${relative(ROOT, path)}  ${(statSync(path).size / 1024).toFixed(1)} KB`);
  }
  console.log('Checking the zips (addons-linter takes a little while) …');
  const problems = [
    ...checkChromeZip(chrome, version).map((problem) => `Chrome zip: ${problem}`),
    ...(await checkFirefoxZip(zipPath('firefox'))).map((problem) => `Firefox zip: ${problem}`),
  ];
  if (problems.length > 0) {
    console.error(`The packages are not ready for the stores:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log('Both zips passed their checks: manifest, icons and size; addons-linter.');
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
