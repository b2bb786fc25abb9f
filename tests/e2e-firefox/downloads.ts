/**
 * The Firefox fixture with downloads read: Firefox saves every download, without asking, to the
 * worker's downloads folder, empty when the test starts (tests/journeys/firefox-worker.ts); the
 * test reads exported files from there (`downloads`).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FIREFOX_WAIT_MS } from '../journeys/puppeteer-panel';
import { test as base, expect } from './fixtures';

export const test = base.extend<{ downloads: string }>({
  downloads: async ({ firefox }, use) => {
    if (firefox.downloadDir === undefined) throw new Error('This Firefox keeps no downloads.');
    await use(firefox.downloadDir);
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
