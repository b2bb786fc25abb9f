/**
 * `npm start` on a machine without a display (like CI): it must still build the extension, start
 * the sandbox, print the demo credentials and explain how to load dist/ by hand, then stop cleanly.
 * The starts after the first reuse its build (nothing changed: scripts/build-stamp.ts).
 * With a (headless) browser, launched twice in all: one start opens the panel for chrome://inspect
 * and Ctrl+C then closes it cleanly (SIGINT and SIGTERM reach the same stop, scripts/start.ts);
 * when the user closes it first, the sandbox goes on as `npm start` says. Its downloads:
 * tests/e2e/start-downloads.spec.ts. Each start runs as `npm start` runs it (`node --import tsx`,
 * one process: the `tsx` command would put a process of its own in front, which passes a signal
 * on and SIGKILLs the script when it has not answered within 30 ms, as happens on a loaded
 * machine, and Chromium then closes uncleanly), in a process group of its own (as a terminal gives
 * `npm start`), so that a test that fails midway ends the script and its browser with it. A stop is
 * signalled to that group, as a terminal's Ctrl+C is: the script says it is closing, closes the
 * browser and the sandbox, and ends with 0.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const outDir = mkdtempSync(join(tmpdir(), 'partner-api-start-'));
/** A browser's helper processes may still be writing into its profile for a moment after it ends. */
const REMOVE = { recursive: true, force: true, maxRetries: 10, retryDelay: 100 } as const;
let child: ChildProcess | undefined;

afterAll(() => {
  if (child !== undefined) killGroup(child);
  rmSync(outDir, REMOVE);
});

/** `scripts/start.ts …` as `npm start` runs it, in a process group of its own. */
function startScript(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', ...args], {
    cwd: ROOT,
    env,
    detached: true,
  });
}

/** Ctrl+C (SIGINT) or a stop (SIGTERM) to a start's whole group, as a terminal sends it. */
function stopGroup(started: ChildProcess, signal: 'SIGINT' | 'SIGTERM'): void {
  process.kill(-(started.pid as number), signal);
}

/** Ends a start and everything it started (a group already gone is left alone). */
function killGroup(started: ChildProcess): void {
  if (started.pid === undefined) return;
  try {
    process.kill(-started.pid, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

function waitForOutput(process: ChildProcess, marker: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`no "${marker}" within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(marker)) {
        clearTimeout(timer);
        resolve(output);
      }
    };
    process.stdout?.on('data', onData);
    process.stderr?.on('data', onData);
    process.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before "${marker}":\n${output}`));
    });
  });
}

describe('npm start without a display', () => {
  it('builds, runs the sandbox, prints credentials and manual-load steps, and stops on SIGTERM', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, PARTNER_API_OUT_DIR: outDir };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    child = startScript(['--port', '0'], env);
    const output = await waitForOutput(child, 'Press Ctrl+C to stop', 60_000);

    expect(output).toContain('Building the extension into');
    expect(output).toContain('No display is available');
    expect(output).toContain('Load unpacked');
    expect(output).toContain(
      'To try the panel in a headless browser instead: npm start -- --headless',
    );
    expect(output).toContain(outDir);
    expect(existsSync(join(outDir, 'manifest.json'))).toBe(true);
    const url = /sandbox running at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    const apiKey = /API key\s+(\S+)/.exec(output)?.[1];
    const companyId = /Company ID\s+(\S+)/.exec(output)?.[1];
    expect(url && apiKey && companyId).toBeTruthy();

    const answer = await fetch(`${url}/v1/ping`, {
      headers: {
        'x-apikey': apiKey ?? '',
        companyId: companyId ?? '',
        'content-type': 'application/json',
      },
    });
    expect(answer.status).toBe(200);

    const exited = new Promise<number | null>((resolve) => child?.on('exit', resolve));
    const closing = waitForOutput(child, 'Closing the sandbox …', 30_000);
    stopGroup(child, 'SIGTERM');
    await closing;
    expect(await exited).toBe(0);
  }, 90_000);
});

/**
 * One headless start serves both tests below, in order: the first checks what it opened, the
 * second stops it with Ctrl+C (a browser launched once where two were).
 */
describe('npm start -- --headless', () => {
  let profileDir = '';
  let headless: ChildProcess | undefined;
  let output: Promise<string> = Promise.resolve('');

  beforeAll(async () => {
    profileDir = mkdtempSync(join(tmpdir(), 'partner-api-start-profile-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PARTNER_API_OUT_DIR: outDir,
      PARTNER_API_PROFILE_DIR: profileDir,
    };
    delete env.DISPLAY;
    // Ctrl+C signals the group, as a terminal does.
    // Port 0: Chromium takes a free one and start.ts says which (no race for a port picked before).
    headless = startScript(['--port', '0', '--headless', '--debugging-port', '0'], env);
    output = waitForOutput(headless, 'Press Ctrl+C to stop', 90_000);
    output.catch((error: unknown) => error); // read by the first test
  });
  afterAll(() => {
    if (headless !== undefined) killGroup(headless);
    rmSync(profileDir, REMOVE);
  });

  it('opens the panel in a tab of a headless Chromium, reachable for chrome://inspect', async () => {
    const said = await output;
    // The first start built into outDir; nothing changed since, so this one starts at once.
    expect(said).toContain('is already built from these sources: starting without a build.');
    expect(said).not.toContain('Building the extension');
    expect(said).toContain('Headless Chromium runs the panel in a tab');
    const port = debuggingPort(said);
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
      url: string;
    }[];
    expect(
      targets.some((target) =>
        /^chrome-extension:\/\/\w+\/extension\/panel\/panel\.html$/.test(target.url),
      ),
    ).toBe(true);
  }, 120_000);

  it('Ctrl+C closes Chromium cleanly, so that its next start offers no "Restore pages?"', async () => {
    await output;
    const started = headless as ChildProcess;
    const exited = new Promise<number | null>((resolve) => started.on('exit', resolve));
    stopGroup(started, 'SIGINT');
    expect(await exited).toBe(0);
    // Chromium marks a profile "Crashed" while it runs and "Normal" when it shuts down cleanly.
    const preferences = JSON.parse(
      readFileSync(join(profileDir, 'Default', 'Preferences'), 'utf8'),
    ) as { profile?: { exit_type?: string } };
    expect(preferences.profile?.exit_type).toBe('Normal');
  }, 60_000);
});

describe('npm start -- --browser firefox without a display', () => {
  it('builds the Firefox add-on, runs the sandbox and says how to load it in about:debugging', async () => {
    const firefoxOut = mkdtempSync(join(tmpdir(), 'partner-api-start-firefox-'));
    const env: NodeJS.ProcessEnv = { ...process.env, PARTNER_API_OUT_DIR: firefoxOut };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    const firefox = startScript(['--port', '0', '--browser', 'firefox'], env);
    try {
      const output = await waitForOutput(firefox, 'Press Ctrl+C to stop', 60_000);
      expect(output).toContain('No display is available (DISPLAY is not set), so Firefox');
      expect(output).toContain('about:debugging#/runtime/this-firefox');
      expect(output).toContain(`Load Temporary Add-on…" and choose ${firefoxOut}/manifest.json`);
      const manifest = JSON.parse(readFileSync(join(firefoxOut, 'manifest.json'), 'utf8'));
      expect(manifest.browser_specific_settings.gecko.id).toBeTruthy();
      // The worker's main script, then its formats and handlers scripts (vite.config.ts).
      expect(manifest.background.scripts).toHaveLength(3);
      const exited = new Promise<number | null>((resolve) => firefox.on('exit', resolve));
      const closing = waitForOutput(firefox, 'Closing the sandbox …', 30_000);
      stopGroup(firefox, 'SIGTERM');
      await closing;
      expect(await exited).toBe(0);
    } finally {
      killGroup(firefox);
      rmSync(firefoxOut, REMOVE);
    }
  }, 90_000);
});

describe('npm start when the user closes the browser', () => {
  it('says the sandbox keeps running, keeps it running, and Ctrl+C then stops the sandbox alone', async () => {
    const profileDir = mkdtempSync(join(tmpdir(), 'partner-api-start-profile-'));
    const downloads = mkdtempSync(join(tmpdir(), 'partner-api-start-downloads-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PARTNER_API_OUT_DIR: outDir,
      PARTNER_API_PROFILE_DIR: profileDir,
    };
    delete env.DISPLAY;
    const started = startScript(
      ['--port', '0', '--headless', '--debugging-port', '0', '--downloads', downloads],
      env,
    );
    try {
      const output = await waitForOutput(started, 'Press Ctrl+C to stop', 90_000);
      const url = /sandbox running at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      const port = debuggingPort(output);
      // The user closes the browser (Browser.close, as its window's close button does).
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`, {
        noDefaults: true,
      });
      const cdp = await browser.newBrowserCDPSession();
      const said = waitForOutput(started, 'the sandbox keeps running until Ctrl+C', 30_000);
      await cdp.send('Browser.close').catch(() => undefined); // the connection ends with it
      await said;
      expect((await fetch(`${url}/`)).status).toBe(200);

      const exited = new Promise<number | null>((resolve) => started.on('exit', resolve));
      const closing = waitForOutput(started, 'Closing the sandbox …', 30_000);
      stopGroup(started, 'SIGINT');
      await closing;
      expect(await exited).toBe(0);
    } finally {
      killGroup(started);
      rmSync(profileDir, REMOVE);
      rmSync(downloads, REMOVE);
    }
  }, 120_000);
});

/** The remote debugging port start.ts says its headless Chromium took. */
function debuggingPort(said: string): number {
  const port = Number(/Its remote debugging port is 127\.0\.0\.1:(\d+)\./.exec(said)?.[1]);
  expect(port, 'the port Chromium took, as npm start says it').toBeGreaterThan(0);
  return port;
}
