/**
 * Reading Firefox's downloads: Firefox saves every download, without asking, to the worker's
 * downloads folder, empty when the test starts (firefox-worker.ts); a file is done when its
 * `.part` is gone. The puppeteer backend's `download` and the Firefox-only tests read them here.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/**
 * Waits up to `timeout` ms for a finished download not seen before (Firefox writes a `.part` file
 * first), adds it to `seen` and returns its path.
 */
export async function nextDownload(
  dir: string,
  seen: Set<string>,
  timeout: number,
): Promise<string> {
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
      { message: 'a finished download', timeout },
    )
    .not.toBe('');
  seen.add(found);
  return join(dir, found);
}
