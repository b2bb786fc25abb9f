/**
 * The Firefox fixture with downloads read: Firefox saves every download, without asking, to the
 * worker's downloads folder, empty when the test starts (tests/journeys/firefox-worker.ts); the
 * test reads exported files from there (`downloads`, with `nextDownload`). A journey of both
 * browsers reads them through the panel driver's `download` instead.
 */
import { nextDownload as next } from '../journeys/firefox-downloads';
import { FIREFOX_WAIT_MS } from '../journeys/puppeteer-panel';
import { test as base, expect } from './fixtures';

export const test = base.extend<{ downloads: string }>({
  downloads: async ({ firefox }, use) => {
    if (firefox.downloadDir === undefined) throw new Error('This Firefox keeps no downloads.');
    await use(firefox.downloadDir);
  },
});

export { expect };

/** Waits for a finished download not seen before, and returns its path. */
export function nextDownload(dir: string, seen: Set<string>): Promise<string> {
  return next(dir, seen, FIREFOX_WAIT_MS);
}
