/**
 * `npm start`: build the extension (unless it is already built from the same sources:
 * scripts/build-stamp.ts), start the sandbox emulator on loopback, and open Chromium with the
 * extension loaded and DevTools open on a demo page. Without a display (or a Chromium) it says
 * so, and leaves dist/ built and the sandbox running, with instructions to load dist/ by hand or
 * to try the panel in a headless browser.
 *
 *   npm start -- --port 8787     sandbox port (default 8787, env SANDBOX_PORT; 0 = any free port)
 *   npm start -- --no-browser    build and run the sandbox only
 *   npm start -- --headless      a headless Chromium with the panel open in a tab, to watch and
 *                                drive from another machine's chrome://inspect (port 9222;
 *                                --debugging-port sets another, 0 = any free port)
 *   npm start -- --browser firefox   the Firefox build (dist-firefox/) in Firefox ESR instead
 *                                (scripts/start-firefox.ts)
 *   npm start -- --downloads <dir>   where exports land (default $XDG_DOWNLOAD_DIR, else ~/Downloads;
 *                                scripts/start-downloads.ts)
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { BrowserContext, BrowserType, Page } from '@playwright/test';
import { startupBanner } from '../src/sandbox/cli';
import { createSandbox, type Sandbox } from '../src/sandbox/server';
import { inputsDigest, isBuildCurrent, recordBuild } from './build-stamp';
import { isSandboxFailure, sandboxFlags } from './chromium-sandbox';
import { isDevToolsFrontend, showDevToolsPanel, TargetHub } from './devtools-cdp';
import { findChromium, INSTALL_CHROMIUM_HELP } from './setup.mjs';
import { downloadsFolder, letChromiumSaveDownloads, writeDownloadPrefs } from './start-downloads';
import { firefoxManualLoadHelp, openFirefox } from './start-firefox';

const { values: flags } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.SANDBOX_PORT ?? '8787' },
    'no-browser': { type: 'boolean', default: false },
    headless: { type: 'boolean', default: false },
    'debugging-port': { type: 'string', default: '9222' },
    browser: { type: 'string', default: 'chromium' },
    downloads: { type: 'string' },
  },
});
if (flags.browser !== 'chromium' && flags.browser !== 'firefox') {
  console.error(`--browser is chromium or firefox, not "${flags.browser}".`);
  process.exit(2);
}
if (flags.browser === 'firefox' && flags.headless) {
  console.error('--headless is for Chromium; Firefox opens with a display only.');
  process.exit(2);
}
const FIREFOX = flags.browser === 'firefox';
const DEBUGGING_PORT = Number(flags['debugging-port']);
if (!Number.isInteger(DEBUGGING_PORT) || DEBUGGING_PORT < 0 || DEBUGGING_PORT > 65535) {
  console.error(
    `--debugging-port is a port number (0 for any free one), not "${flags['debugging-port']}".`,
  );
  process.exit(2);
}

const ROOT = resolve(import.meta.dirname, '..');
const DIST = resolve(ROOT, process.env.PARTNER_API_OUT_DIR ?? (FIREFOX ? 'dist-firefox' : 'dist'));
/** dist/ or dist-firefox/ as people type it; the full path when built elsewhere (a test). */
const DIST_SHOWN = DIST.startsWith(`${ROOT}/`) ? `${relative(ROOT, DIST)}/` : DIST;
// Overridable so that a test of `npm start` does not share the browser profile of a running one.
const PROFILE_DIR =
  process.env.PARTNER_API_PROFILE_DIR ??
  join(ROOT, '.cache', FIREFOX ? 'firefox-profile' : 'chromium-profile');

const DOWNLOADS = downloadsFolder(flags.downloads);

/** Set once Ctrl+C (or a kill) is heard: the browser closing then is ours, not the user's. */
let stopping = false;
/** Whether the browser `npm start` opened is still open (the user may close it first). */
let browserOpen = false;

/** Said when the user closes the browser; not when stop() closes it. */
function sayBrowserClosed(name: string) {
  browserOpen = false;
  if (!stopping) console.log(`\n${name} was closed; the sandbox keeps running until Ctrl+C.`);
}

const HEADLESS_HELP = `To try the panel in a headless browser instead: npm start -- --headless
(it opens the panel in a tab of a headless Chromium; watch and drive it from a browser with a
display, through chrome://inspect and port 9222, over an SSH tunnel if the machine is remote).`;

function manualLoadHelp(sandbox: Sandbox): string {
  if (FIREFOX) return firefoxManualLoadHelp(DIST, sandbox);
  return [
    'Load the extension by hand in Chromium (or Chrome before version 137):',
    '  1. open chrome://extensions and turn on "Developer mode";',
    `  2. "Load unpacked" and choose ${DIST};`,
    `  3. open ${sandbox.url}/, press F12 and pick the "Partner API" panel.`,
  ].join('\n');
}

async function startSandbox(): Promise<Sandbox> {
  const port = Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error(`--port must be a port number (0-65535), not "${flags.port}".`);
    process.exit(2);
  }
  try {
    return await createSandbox({ port });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    console.warn(
      `Port ${port} is in use (is a sandbox already running?); using a free port instead.`,
    );
    return createSandbox({ port: 0 });
  }
}

function hasDisplay(): boolean {
  if (process.platform !== 'linux') return true;
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

/** Asks DevTools to show our panel; DevTools' internals may change, so failure only means "pick it". */
async function selectPanel(context: BrowserContext, page: Page): Promise<boolean> {
  try {
    const hub = await TargetHub.open(context, page);
    const frontend = await hub.attachWhen('the DevTools frontend', isDevToolsFrontend);
    await showDevToolsPanel(frontend, 'Partner API');
    await hub.dispose();
    return true;
  } catch {
    return false;
  }
}

/**
 * Chromium with the extension, sandboxed unless it cannot be (root, or no user namespaces): then
 * it starts again with --no-sandbox, and says why.
 */
async function launch(
  chromium: BrowserType,
  executablePath: string,
  headless: boolean,
  extra: string[],
) {
  mkdirSync(PROFILE_DIR, { recursive: true });
  writeDownloadPrefs(PROFILE_DIR, DOWNLOADS);
  const start = (sandboxArgs: string[]) =>
    chromium.launchPersistentContext(PROFILE_DIR, {
      executablePath,
      headless,
      viewport: null,
      // Playwright's own downloads are UUID-named files in a folder it deletes at exit; without
      // them, Chromium saves into the Downloads folder set above (scripts/start-downloads.ts).
      acceptDownloads: false,
      // Ctrl+C is ours to handle: Playwright's own handler kills Chromium, which then marks the
      // profile crashed and asks "Restore pages?" at the next start. stop() closes it instead.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      args: [
        `--disable-extensions-except=${DIST}`,
        `--load-extension=${DIST}`,
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        ...sandboxArgs,
        ...extra,
      ],
    });
  const upFront = sandboxFlags(process.platform, process.getuid?.() ?? null);
  if (upFront.length > 0) console.log('Running as root: Chromium starts without its sandbox.');
  let context: BrowserContext;
  try {
    context = await start(upFront);
  } catch (error) {
    if (upFront.length > 0 || !isSandboxFailure(String(error))) throw error;
    console.log('Chromium cannot use its sandbox here (no user namespaces): starting it without.');
    context = await start(['--no-sandbox']);
  }
  await letChromiumSaveDownloads(context);
  context.on('close', () => sayBrowserClosed('Chromium'));
  return context;
}

/** Where Chromium writes the port its remote debugging listens on, in its profile folder. */
const ACTIVE_PORT_FILE = join(PROFILE_DIR, 'DevToolsActivePort');

/**
 * The port Chromium chose for `--remote-debugging-port=0`: the first line of ACTIVE_PORT_FILE,
 * written as it starts listening (removed before the launch, so an earlier start's is not read).
 */
async function chosenDebuggingPort(): Promise<number> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const line = existsSync(ACTIVE_PORT_FILE) ? readFileSync(ACTIVE_PORT_FILE, 'utf8') : '';
    const port = Number(line.split('\n')[0]);
    if (Number.isInteger(port) && port > 0) return port;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Chromium did not say which debugging port it took (${ACTIVE_PORT_FILE}).`);
}

/** The panel in a tab of a headless Chromium, reachable through its remote debugging port. */
async function openHeadless(chromium: BrowserType, executablePath: string, sandbox: Sandbox) {
  rmSync(ACTIVE_PORT_FILE, { force: true });
  const context = await launch(chromium, executablePath, true, [
    `--remote-debugging-port=${DEBUGGING_PORT}`,
    '--remote-debugging-address=127.0.0.1',
  ]);
  const port = DEBUGGING_PORT === 0 ? await chosenDebuggingPort() : DEBUGGING_PORT;
  const worker =
    context.serviceWorkers()[0] ??
    (await context.waitForEvent('serviceworker', { timeout: 10_000 }));
  const panelUrl = `chrome-extension://${new URL(worker.url()).host}/extension/panel/panel.html`;
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${sandbox.url}/demo-app`);
  const panel = await context.newPage();
  await panel.setViewportSize({ width: 1000, height: 420 });
  await panel.goto(panelUrl);
  console.log(`\nHeadless Chromium runs the panel in a tab: ${panelUrl}
Its remote debugging port is 127.0.0.1:${port}. From a browser with a display, open
chrome://inspect, add 127.0.0.1:${port} under "Discover network targets" (forward the port with
ssh -L ${port}:127.0.0.1:${port} <this machine> if it is remote) and press "inspect" under the
Partner API tab: you see the panel and can drive it. The Capture tab needs real DevTools, which a
headless browser has no window for.`);
  return () => context.close();
}

async function openBrowser(sandbox: Sandbox): Promise<(() => Promise<void>) | null> {
  const name = FIREFOX ? 'Firefox' : 'Chromium';
  if (flags['no-browser']) {
    console.log(`\n--no-browser: not opening ${name}.\n${manualLoadHelp(sandbox)}`);
    return null;
  }
  if (!flags.headless && !hasDisplay()) {
    console.log(`\nNo display is available (DISPLAY is not set), so ${name} is not opened.
${DIST_SHOWN} is built and the sandbox keeps running.\n${manualLoadHelp(sandbox)}${FIREFOX ? '' : `\n\n${HEADLESS_HELP}`}`);
    return null;
  }
  mkdirSync(DOWNLOADS, { recursive: true });
  if (FIREFOX) {
    return openFirefox(sandbox, {
      dist: DIST,
      profileDir: PROFILE_DIR,
      downloadDir: DOWNLOADS,
      onClosed: () => sayBrowserClosed('Firefox'),
    });
  }
  // Loaded only to open Chromium (a start without a browser does without it).
  const { chromium } = await import('@playwright/test');
  const found = findChromium(() => chromium.executablePath());
  if (found.path === null) {
    console.log(`\n${found.problem} ${INSTALL_CHROMIUM_HELP}\n\n${manualLoadHelp(sandbox)}`);
    return null;
  }
  if (flags.headless) return openHeadless(chromium, found.path, sandbox);
  const context = await launch(chromium, found.path, false, ['--auto-open-devtools-for-tabs']);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${sandbox.url}/`);
  console.log(
    `\nChromium (${found.source}: ${found.path}) is open on the demo page with DevTools.`,
  );
  console.log(
    (await selectPanel(context, page))
      ? 'DevTools shows the "Partner API" panel.'
      : 'Pick the "Partner API" panel in DevTools (it may sit behind the » menu).',
  );
  return () => context.close();
}

async function main(): Promise<void> {
  const mode = FIREFOX ? 'firefox' : 'production';
  if (isBuildCurrent(ROOT, DIST, mode)) {
    console.log(`${DIST_SHOWN} is already built from these sources: starting without a build.`);
  } else {
    console.log(`Building the extension into ${DIST_SHOWN} …`);
    const inputs = inputsDigest(ROOT, mode); // before the build: a change during it builds again
    // Loaded only to build (a start on a current build does without it).
    const { build } = await import('vite');
    await build({
      configFile: join(ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      ...(FIREFOX ? { mode: 'firefox' } : {}),
    });
    recordBuild(ROOT, DIST, inputs);
  }
  const sandbox = await startSandbox();
  console.log(`\n${startupBanner(sandbox)}`);
  const closeBrowser = await openBrowser(sandbox);
  browserOpen = closeBrowser !== null;
  if (browserOpen) console.log(`Exports and saved files go to ${DOWNLOADS}`);
  const stop = async () => {
    // A second Ctrl+C while Chromium closes does not cut the close short.
    if (stopping) return;
    stopping = true;
    console.log(
      `\nClosing ${browserOpen ? `${FIREFOX ? 'Firefox' : 'Chromium'} and ` : ''}the sandbox …`,
    );
    await closeBrowser?.().catch(() => undefined); // the user may already have closed it
    await sandbox.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop);
  // Said once the signals are heard: a script that waits for it may stop us at once.
  console.log('\nPress Ctrl+C to stop.');
}

await main();
