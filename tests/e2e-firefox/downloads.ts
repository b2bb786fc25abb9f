/**
 * The Firefox fixture with downloads kept: Firefox saves every download, without asking, to a
 * fresh folder the test reads exported files from (`downloads`), removed after the test.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type FirefoxWithExtension,
  launchFirefoxWithExtension,
} from '../../scripts/firefox-browser';
import { FIREFOX_WAIT_MS } from '../journeys/puppeteer-panel';
import { test as base, expect } from './fixtures';

export const test = base.extend<{ downloads: string; firefox: FirefoxWithExtension }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  downloads: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'partner-api-firefox-downloads-'));
    await use(dir);
    rmSync(dir, { recursive: true, force: true });
  },
  firefox: async ({ downloads }, use) => {
    const firefox = await launchFirefoxWithExtension({ downloadDir: downloads });
    await use(firefox);
    await firefox.close();
  },
});

export { expect };

/** Waits for a finished download not seen before (Firefox writes a `.part` file first). */
export async function nextDownload(dir: string, seen: Set<string>): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        const names = readdirSync(dir);
        const done = names.find(
          (name) => !seen.has(name) && !name.endsWith('.part') && statSync(join(dir, name)).size,
        );
        if (done === undefined || names.some((name) => name.endsWith('.part'))) return '';
        found = done;
        return done;
      },
      { message: 'a finished download', timeout: FIREFOX_WAIT_MS },
    )
    .not.toBe('');
  seen.add(found);
  return join(dir, found);
}
