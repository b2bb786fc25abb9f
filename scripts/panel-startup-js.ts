/**
 * The panel's start-up JavaScript: every script the panel page loads before its first paint (its
 * entry and the module preloads in its HTML), gzip-compressed, in a build's folder. Held to the
 * budget below in both builds (tests/unit/panel-budget.test.ts) and reported by `npm run bench`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const PANEL_STARTUP_JS_BUDGET_BYTES = 30_000;

const PANEL_PAGE = 'extension/panel/panel.html';

/** The scripts the panel page loads at start, as paths inside the build. */
export function panelStartupScripts(dist: string): string[] {
  const html = readFileSync(join(dist, PANEL_PAGE), 'utf8');
  return [
    ...html.matchAll(
      /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g,
    ),
  ].map((match) => (match[1] ?? '').replace(/^\//, ''));
}

/** gzip size of every script the panel page loads at start. */
export function panelJsGzipBytes(dist: string): number {
  return panelStartupScripts(dist).reduce(
    (sum, src) => sum + gzipSync(readFileSync(join(dist, src))).length,
    0,
  );
}
