/**
 * Reading Firefox's downloads: Firefox saves every download, without asking, to the worker's
 * downloads folder, empty when the test starts (firefox-worker.ts); a file is done when its
 * `.part` is gone. The puppeteer backend's `download` and the Firefox-only tests read them here.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/**
 * Waits up to `timeout` ms for a finished download not seen before, adds it to `seen` and returns
 * its path. Firefox writes a `.part` file first, and may write under a name of its own that it
 * then renames: a file counts once it stands, with the same size, in two polls in a row, no `.part`
 * beside it (a file gone between the listing and its size is not one yet).
 */
export async function nextDownload(
  dir: string,
  seen: Set<string>,
  timeout: number,
): Promise<string> {
  let found = '';
  let last = '';
  await expect
    .poll(
      () => {
        const names = readdirSync(dir);
        const name = names.find(
          (each) =>
            !seen.has(each) &&
            !each.endsWith('.part') &&
            statSync(join(dir, each), { throwIfNoEntry: false })?.size,
        );
        const size = name && statSync(join(dir, name), { throwIfNoEntry: false })?.size;
        const now =
          name === undefined || names.some((each) => each.endsWith('.part'))
            ? ''
            : `${name}:${size}`;
        const stood = now !== '' && now === last;
        last = now;
        if (!stood || name === undefined) return '';
        found = name;
        return name;
      },
      { message: 'a finished download', timeout, intervals: [100, 200, 250] },
    )
    .not.toBe('');
  seen.add(found);
  return join(dir, found);
}
