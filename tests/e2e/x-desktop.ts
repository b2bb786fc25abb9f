/**
 * A desktop of its own for a test that must answer the browser's real dialogs (the GTK folder
 * picker, the permission prompts Chromium draws in its window): an Xvfb display the test starts
 * itself, so it runs the same under CI (no DISPLAY) as on a desktop, and xdotool to type and click
 * on it. Both are Debian packages that `node scripts/setup.mjs test` installs with Chromium.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The screen the browser window is laid out on; clicks in it are relative to its window. */
export const SCREEN = { width: 1280, height: 900 };

export class XDesktop {
  private constructor(
    readonly display: string,
    private readonly server: ChildProcess,
  ) {}

  /** Starts Xvfb on the first free display number from 90 on (lock files tell the taken ones). */
  static async start(): Promise<XDesktop> {
    for (let number = 90 + (process.pid % 50); number < 400; number += 1) {
      if (existsSync(`/tmp/.X${number}-lock`) || existsSync(`/tmp/.X11-unix/X${number}`)) continue;
      const server = spawn(
        'Xvfb',
        [`:${number}`, '-screen', '0', `${SCREEN.width}x${SCREEN.height}x24`, '-nolisten', 'tcp'],
        { stdio: 'ignore' },
      );
      const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && server.exitCode === null) {
        if (existsSync(`/tmp/.X11-unix/X${number}`)) return new XDesktop(`:${number}`, server);
        await Promise.race([sleep(50), exited]);
      }
      server.kill();
      // Another Xvfb took the number meanwhile: try the next one.
    }
    throw new Error('Xvfb did not start on any display from :90 to :399 (is xvfb installed?)');
  }

  private async xdotool(args: string[], timeoutMs = 10_000): Promise<string> {
    const { stdout } = await run('xdotool', args, {
      env: { ...process.env, DISPLAY: this.display },
      timeout: timeoutMs,
    });
    return stdout.trim();
  }

  /** The id of the first visible window whose title matches `title` (a regular expression). */
  async waitForWindow(title: string, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = await this.xdotool(
        ['search', '--sync', '--onlyvisible', '--name', title],
        Math.max(deadline - Date.now(), 1_000),
      ).catch((error: Error) => {
        // A window closing while xdotool looks at it (BadWindow) fails the search: search again.
        if (/BadWindow/.test(error.message) && Date.now() < deadline) return null;
        throw new Error(
          `No window titled /${title}/ showed within ${timeoutMs} ms (${error.message})`,
        );
      });
      if (found !== null) return found.split('\n')[0] ?? '';
    }
  }

  /** Whether a visible window's title matches `title`. */
  async isOpen(title: string): Promise<boolean> {
    for (;;) {
      // xdotool search exits 1 when nothing matches; a window closing while it looks (BadWindow)
      // says nothing of this one: look again.
      const open = await this.xdotool(['search', '--onlyvisible', '--name', title]).then(
        (ids) => ids !== '',
        (error: Error) => (/BadWindow/.test(error.message) ? null : false),
      );
      if (open !== null) return open;
    }
  }

  /**
   * Waits until window `id` (titled `title`) closes: `closed`; or until the keyboard is taken
   * from it while it is still open (X sent our keys elsewhere from then on): `unfocused`.
   */
  async waitForCloseOrBlur(id: string, title: string, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    let unfocused = 0;
    for (;;) {
      const focused = await this.xdotool(['getwindowfocus']).catch(() => '');
      // Looked at after the focus: a window that closed meanwhile is not taken for one that lost
      // it; and a loss is believed when seen twice, not in the moment a closing window lets go.
      if (!(await this.isOpen(title))) return 'closed';
      unfocused = focused === id ? 0 : unfocused + 1;
      if (unfocused === 2) return 'unfocused';
      if (Date.now() > deadline) return 'open';
      await sleep(200);
    }
  }

  /**
   * Gives window `id` the keyboard. Xvfb runs no window manager, so the window is raised (a
   * dialog may map below the browser window) and the pointer moved in (X sends keys to the window
   * under it when none has the focus).
   */
  async focus(id: string): Promise<void> {
    await this.xdotool(['windowraise', id]);
    await this.xdotool(['mousemove', '--window', id, '40', '40']);
    await this.xdotool(['windowfocus', id]);
  }

  /** Presses keys (xdotool names: `ctrl+l`, `Tab`, `Return`) in the focused window. */
  async key(...keys: string[]): Promise<void> {
    await this.xdotool(['key', '--delay', '150', ...keys]);
  }

  async type(text: string): Promise<void> {
    await this.xdotool(['type', '--delay', '30', text], 60_000);
  }

  /** Clicks at `x`, `y` inside window `id` (from its top left corner). */
  async click(id: string, x: number, y: number): Promise<void> {
    await this.xdotool(['mousemove', '--window', id, String(x), String(y)]);
    await this.xdotool(['click', '1']);
  }

  async stop(): Promise<void> {
    const exited = new Promise<void>((resolve) => this.server.once('exit', () => resolve()));
    this.server.kill();
    await Promise.race([exited, sleep(5_000)]);
  }
}
