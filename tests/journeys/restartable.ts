/**
 * A panel whose browser a journey can close and start again on the same profile, as a user's
 * restart does (the extension's storage kept, its session storage gone): a browser of the test's
 * own, not the worker's, in Chromium (Playwright, `launchWithExtension`) or in Firefox ESR
 * (puppeteer-core, the same add-on UUID). What only Chromium offers (its context, to stop the
 * worker; the extension's id, to find its storage on disk) is handed out beside the driver.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { launchWithExtension, PANEL_PATH } from '../../scripts/extension-browser';
import { launchFirefoxWithExtension } from '../../scripts/firefox-browser';
import type { PanelBrowser, PanelDriver } from './driver';
import { playwrightPanel } from './playwright-panel';
import { puppeteerPanel } from './puppeteer-panel';

export interface ChromiumHandles {
  context: BrowserContext;
  page: Page;
  extensionId: string;
}

export interface RestartablePanel {
  panel: PanelDriver;
  /** Chromium's context, page and extension id; undefined in Firefox. */
  chromium: ChromiumHandles | undefined;
  /** Closes the browser (the profile stays on disk). */
  close(): Promise<void>;
  /** Starts the browser again on the same profile and opens the panel in it. */
  restart(): Promise<void>;
}

/** Starts `browser` on the profile in `profileDir` with the built extension, the panel open. */
export async function launchRestartable(
  browser: PanelBrowser,
  profileDir: string,
): Promise<RestartablePanel> {
  const state = browser === 'chromium' ? await chromiumOn(profileDir) : await firefoxOn(profileDir);
  const restartable: RestartablePanel = {
    panel: state.panel,
    chromium: state.chromium,
    close: () => state.close(),
    async restart() {
      await state.close();
      const next =
        browser === 'chromium' ? await chromiumOn(profileDir) : await firefoxOn(profileDir, uuid);
      Object.assign(state, next);
      restartable.panel = next.panel;
      restartable.chromium = next.chromium;
    },
  };
  const uuid = state.uuid;
  return restartable;
}

type UUID = ReturnType<typeof crypto.randomUUID>;

interface Launched {
  panel: PanelDriver;
  chromium: ChromiumHandles | undefined;
  uuid: UUID | undefined;
  close(): Promise<void>;
}

async function chromiumOn(profileDir: string): Promise<Launched> {
  const browser = await launchWithExtension([], [], profileDir);
  const page = await browser.context.newPage();
  await page.goto(`chrome-extension://${browser.extensionId}/${PANEL_PATH}`);
  return {
    panel: playwrightPanel(page),
    chromium: { context: browser.context, page, extensionId: browser.extensionId },
    uuid: undefined,
    close: () => browser.close(),
  };
}

async function firefoxOn(profileDir: string, uuid: UUID = crypto.randomUUID()): Promise<Launched> {
  const firefox = await launchFirefoxWithExtension({ userDataDir: profileDir, uuid });
  const page = await firefox.openPanel();
  await page.setViewport({ width: 1000, height: 700 });
  return {
    panel: puppeteerPanel(page, () => firefox.openPanel()),
    chromium: undefined,
    uuid,
    close: () => firefox.close(),
  };
}
