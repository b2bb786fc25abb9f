/**
 * Launches the system Chromium with the built extension from `dist/` loaded, in a fresh profile,
 * headless (or headed on a given X display): what the e2e fixture and the benchmark drive. Both
 * extension flags are needed; the networking flags keep Chromium from calling out of this machine.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from './setup.mjs';

export const DIST = resolve(import.meta.dirname, '..', 'dist');
export const PANEL_PATH = 'extension/panel/panel.html';

/**
 * `others`: more unpacked extensions to load beside ours (a hostile neighbour, in a test); `dist`:
 * our build, `dist/` unless another build is compared with it (scripts/bench-cold-ab.ts).
 */
export function chromiumArgs(extra: string[] = [], others: string[] = [], dist = DIST): string[] {
  const extensions = [dist, ...others].join(',');
  return [
    `--disable-extensions-except=${extensions}`,
    `--load-extension=${extensions}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    ...extra,
  ];
}

export function chromiumPath(): string {
  const found = findChromium();
  if (found.path === null)
    throw new Error(`${found.problem} Set CHROMIUM_PATH or install chromium.`);
  return found.path;
}

/**
 * `profileDir`: a browser profile to start with (kept on close, so a test can start the browser
 * again on it, as after a restart); by default a fresh one, removed on close. `display`: an X
 * display to open a headed browser on (a test that drives the browser's own dialogs starts an
 * Xvfb); headless without it. `dist`: our build, `dist/` unless a bench compares another.
 */
export async function launchWithExtension(
  extraArgs: string[] = [],
  others: string[] = [],
  profileDir?: string,
  display?: string,
  dist = DIST,
) {
  if (!existsSync(join(dist, 'manifest.json'))) {
    throw new Error(`${dist} has no build: run \`npm run build\` (npm test does it for you).`);
  }
  const userDataDir = profileDir ?? mkdtempSync(join(tmpdir(), 'partner-api-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: display === undefined,
    ...(display === undefined ? {} : { env: { ...process.env, DISPLAY: display } }),
    args: chromiumArgs(extraArgs, others, dist),
  });
  // Ours is the one crxjs names service-worker-loader.js; other extensions may run workers too.
  const ours = (worker: { url(): string }) => worker.url().endsWith('/service-worker-loader.js');
  const worker =
    context.serviceWorkers().find(ours) ??
    (await context.waitForEvent('serviceworker', { predicate: ours }));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    worker,
    extensionId,
    async close() {
      await context.close();
      // Chromium's helper processes may still write into the profile for a moment after it closed.
      if (profileDir === undefined)
        rmSync(userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}
