/**
 * One Firefox per Playwright worker for the Firefox project: a Firefox ESR start costs 3-4 s and
 * several CPU seconds on two shared cores, a fresh add-on in the same Firefox under one. The
 * worker's Firefox is launched when a test first asks for it (a Chromium worker never does), with
 * its downloads going to a folder of the worker's; `fresh()` hands each test the add-on as a new
 * install finds it (FirefoxWithExtension.startAfresh: no tab of the previous test, no cookie, the
 * add-on's storage and IndexedDB empty, its background restarted) and the downloads folder empty;
 * `freshPanel()` the same and the panel's tab, made while the add-on is installed again. A failed
 * test ends its worker, and so its Firefox: the next worker starts another. A test that needs a
 * browser of its own (a restart on the same profile, DevTools' windows, other preferences)
 * launches one itself and says why.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Viewport } from 'puppeteer-core';
import {
  type FirefoxWithExtension,
  launchFirefoxWithExtension,
} from '../../scripts/firefox-browser';

export interface WorkerFirefox {
  /**
   * The worker's Firefox with the add-on just installed, launched on first use; its downloads
   * folder (`downloadDir`) empty.
   */
  fresh(): Promise<FirefoxWithExtension>;
  /**
   * fresh(), and a new tab showing the panel at `viewport` (opened while the add-on is installed
   * again: FirefoxWithExtension.startAfreshWithPanel).
   */
  freshPanel(viewport: Viewport): Promise<{ firefox: FirefoxWithExtension; page: Page }>;
}

function emptyFolder(dir: string) {
  for (const name of readdirSync(dir)) rmSync(join(dir, name), { recursive: true, force: true });
}

/** The worker fixture: `use` gets the worker's Firefox, closed when the worker ends. */
export async function workerFirefox(use: (firefox: WorkerFirefox) => Promise<void>) {
  const downloadDir = mkdtempSync(join(tmpdir(), 'partner-api-firefox-downloads-'));
  let launched: FirefoxWithExtension | undefined;
  try {
    await use({
      async fresh() {
        emptyFolder(downloadDir);
        if (launched?.browser.connected === true) await launched.startAfresh();
        else launched = await launchFirefoxWithExtension({ downloadDir });
        return launched;
      },
      async freshPanel(viewport) {
        emptyFolder(downloadDir);
        if (launched?.browser.connected === true) {
          return { firefox: launched, page: await launched.startAfreshWithPanel(viewport) };
        }
        launched = await launchFirefoxWithExtension({ downloadDir });
        return { firefox: launched, page: await launched.openPanel(viewport) };
      },
    });
  } finally {
    await launched?.close();
    rmSync(downloadDir, { recursive: true, force: true });
  }
}
