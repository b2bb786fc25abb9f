/**
 * The panel's start-up JavaScript: every script the panel page loads before its first paint (its
 * entry and the module preloads in its HTML, and every module these import statically, preloaded
 * or not), gzip-compressed, in a build's folder. Held to the budget below in both builds
 * (tests/unit/panel-budget.test.ts) and reported by `npm run bench`. What loads only through
 * `import()` is not counted: the page runs without it until it is asked for.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

export const PANEL_STARTUP_JS_BUDGET_BYTES = 25_000;

const PANEL_PAGE = 'extension/panel/panel.html';

/** A minified module's static imports (`import{a as b}from"./x.js"`, `import"./x.js"`). */
const STATIC_IMPORT = /(?:^|[;}\n])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;

/** The scripts the panel page loads at start, as paths inside the build. */
export function panelStartupScripts(dist: string): string[] {
  const html = readFileSync(join(dist, PANEL_PAGE), 'utf8');
  const found = [
    ...html.matchAll(
      /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g,
    ),
  ].map((match) => (match[1] ?? '').replace(/^\//, ''));
  // Whatever those import statically loads before the entry runs, preloaded or not.
  for (let at = 0; at < found.length; at++) {
    const script = found[at] ?? '';
    for (const match of readFileSync(join(dist, script), 'utf8').matchAll(STATIC_IMPORT)) {
      const imported = match[1] ?? '';
      const path = imported.startsWith('/')
        ? imported.slice(1)
        : normalize(join(dirname(script), imported));
      if (!found.includes(path)) found.push(path);
    }
  }
  return found;
}

/** gzip size of every script the panel page loads at start. */
export function panelJsGzipBytes(dist: string): number {
  return panelStartupScripts(dist).reduce(
    (sum, src) => sum + gzipSync(readFileSync(join(dist, src))).length,
    0,
  );
}
