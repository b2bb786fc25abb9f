/**
 * The panel's start-up JavaScript (entry and module preloads, gzip) stays within its budget in
 * both builds, since DevTools loads the panel afresh each time it is opened. Reads the builds
 * `npm test` makes first (`npm run build` and `npm run build:firefox` when running this alone).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PANEL_STARTUP_JS_BUDGET_BYTES,
  panelJsGzipBytes,
  panelStartupScripts,
} from '../../scripts/panel-startup-js';

const ROOT = join(import.meta.dirname, '..', '..');

describe.each([
  ['Chrome', join(ROOT, 'dist')],
  ['Firefox', join(ROOT, 'dist-firefox')],
])('the panel’s start-up JavaScript in the %s build', (_browser, dist) => {
  it(`is at most ${PANEL_STARTUP_JS_BUDGET_BYTES} bytes gzipped`, () => {
    const scripts = panelStartupScripts(dist);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(existsSync(join(dist, script))).toBe(true);
    expect(panelJsGzipBytes(dist)).toBeLessThanOrEqual(PANEL_STARTUP_JS_BUDGET_BYTES);
  });
});
