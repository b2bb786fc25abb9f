/**
 * Where `npm start`'s browser saves what the panel exports (collections, Bruno zips, captured HAR,
 * saved bodies): the user's Downloads folder, `$XDG_DOWNLOAD_DIR` when set, or the folder
 * `npm start -- --downloads <dir>` names; under the file names the panel chose, kept after the
 * browser closes.
 *
 * Why it needs doing: Playwright's launchPersistentContext accepts downloads by default, which
 * means it tells Chromium (CDP `Browser.setDownloadBehavior`, `allowAndName`) to save each one
 * under a UUID with no extension into Playwright's temporary artifacts folder, deleted when the
 * browser closes. So `npm start` launches with `acceptDownloads: false` (Playwright then says
 * `deny`), and lifts that at once with `Browser.setDownloadBehavior` `default` over a page's CDP
 * session: Chromium then downloads as it would for a user, into its `download.default_directory`
 * preference, which is written into the profile before the launch. Chromium puts a download
 * back to `default` when the session that changed it ends (the tab closes), so that preference is
 * also what holds afterwards. Measured in Chromium 156, headless (tests/unit/start.test.ts) and with a display.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext } from '@playwright/test';

/** `--downloads <dir>`, else `$XDG_DOWNLOAD_DIR`, else `~/Downloads`: an absolute path. */
export function downloadsFolder(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  if (flag !== undefined && flag !== '') return resolve(flag);
  const xdg = env.XDG_DOWNLOAD_DIR;
  // user-dirs.dirs writes it as "$HOME/Downloads"; a shell that exports it may not expand it.
  if (xdg !== undefined && xdg !== '') return resolve(xdg.replace(/^\$HOME(?=\/|$)/, home));
  return join(home, 'Downloads');
}

/**
 * A Chromium profile's `Preferences` (its JSON text, or null when there is none yet) with
 * downloads saved into `dir` without asking; everything else in it is kept.
 */
export function withDownloadPrefs(preferences: string | null, dir: string): string {
  let parsed: Record<string, unknown> = {};
  if (preferences !== null && preferences.trim() !== '') {
    const value: unknown = JSON.parse(preferences);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      parsed = value as Record<string, unknown>;
    }
  }
  const download =
    typeof parsed.download === 'object' && parsed.download !== null ? parsed.download : {};
  return JSON.stringify({
    ...parsed,
    download: {
      ...download,
      default_directory: dir,
      prompt_for_download: false,
      directory_upgrade: true,
    },
  });
}

/** Writes the download preferences into the profile at `profileDir` (made if new). */
export function writeDownloadPrefs(profileDir: string, dir: string): void {
  const folder = join(profileDir, 'Default');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'Preferences');
  const before = existsSync(file) ? readFileSync(file, 'utf8') : null;
  let after: string;
  try {
    after = withDownloadPrefs(before, dir);
  } catch (error) {
    // A profile Chromium left half-written: it would reset it itself; start it afresh.
    if (!(error instanceof SyntaxError)) throw error;
    after = withDownloadPrefs(null, dir);
  }
  writeFileSync(file, after);
}

/**
 * Undoes Playwright's `deny` (from `acceptDownloads: false`): downloads follow the profile's own
 * preferences again. The session is kept open on purpose; its end would only reset the same thing.
 */
export async function letChromiumSaveDownloads(context: BrowserContext): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  const session = await context.newCDPSession(page);
  await session.send('Browser.setDownloadBehavior', { behavior: 'default' });
}
