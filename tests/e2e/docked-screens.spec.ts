/**
 * Every screen at the sizes DevTools docks the panel (bottom 1000x420, right 480x900), light and
 * dark: first run, the workbench with an answer, the More actions menu, the token tools, an
 * import's summary, the Save request dialog, quick search and History. On each, nothing pokes out
 * sideways (no control cut by the panel's right edge, no sideways scroll) and the page never
 * scrolls as a whole. The pictures land in test-results/screens/ for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createApiKeyProfile, createOAuthProfile } from './profiles';
import { requestTab, sidebarTab } from './workbench';

const SIZES = [
  { dock: 'bottom', width: 1000, height: 420 },
  { dock: 'right', width: 480, height: 900 },
] as const;

/**
 * Visible controls cut by the panel's right edge, by name. A control inside a scroll box that
 * itself fits (a wide JSON row, a long table) is scrolled to, not cut.
 */
async function cutOff(panel: Page): Promise<string[]> {
  return panel.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clippedInside = (element: HTMLElement) => {
      for (let box = element.parentElement; box !== null; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible')
          return box.getBoundingClientRect().right <= width + 1;
      }
      return false;
    };
    const controls = document.querySelectorAll<HTMLElement>(
      'button, input, select, textarea, [role=tab], [role=treeitem], [role=menuitem]',
    );
    return [...controls]
      .filter((control) => {
        const box = control.getBoundingClientRect();
        const shown =
          box.width > 0 && box.height > 0 && getComputedStyle(control).visibility !== 'hidden';
        return shown && box.right > width + 1 && !clippedInside(control);
      })
      .map(
        (control) =>
          control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.localName,
      );
  });
}

async function expectFits(panel: Page, screen: string, dock: string) {
  for (const theme of ['light', 'dark'] as const) {
    await panel.evaluate((name) => {
      document.documentElement.dataset.theme = name;
    }, theme);
    await panel.screenshot({ path: `test-results/screens/${dock}-${screen}-${theme}.png` });
  }
  await panel.evaluate(() => {
    document.documentElement.dataset.theme = 'light';
  });
  expect(await cutOff(panel), `${screen}: controls past the right edge`).toEqual([]);
  const scrolls = await panel.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollHeight > root.clientHeight || root.scrollWidth > root.clientWidth;
  });
  expect(scrolls, `${screen}: the page scrolls as a whole`).toBe(false);
}

for (const size of SIZES) {
  test(`docked ${size.dock} (${size.width}x${size.height}): every screen fits, light and dark`, async ({
    panel,
    sandbox,
  }) => {
    mkdirSync('test-results/screens', { recursive: true });
    await panel.setViewportSize(size);
    await expect(panel.getByRole('heading', { name: 'Create your first profile' })).toBeVisible();
    await expectFits(panel, 'first-run', size.dock);

    await createApiKeyProfile(panel, { ...sandbox.credentials, name: 'Key', baseUrl: sandbox.url });
    await panel
      .getByRole('textbox', { name: 'Path', exact: true })
      .fill('orders/42/lines?expand=items&limit=50');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(panel.getByRole('region', { name: 'Response', exact: true })).toContainText('200');
    await expectFits(panel, 'answer', size.dock);

    const more = panel.getByRole('button', { name: 'More actions' });
    if (size.dock === 'right') {
      await more.click();
      await expect(panel.getByRole('menu', { name: 'More actions' })).toBeVisible();
      await expectFits(panel, 'more-actions', size.dock);
      await panel.keyboard.press('Escape');
    }

    await panel.keyboard.press('Control+s');
    const save = panel.getByRole('form', { name: 'Save request' });
    await save.getByRole('textbox', { name: 'Request name' }).fill('Order lines');
    await save.getByRole('textbox', { name: 'New collection name' }).fill('Shop');
    await expectFits(panel, 'save-dialog', size.dock);
    await save.getByRole('button', { name: 'Save', exact: true }).click();

    await panel.keyboard.press('Control+k');
    await expect(panel.getByRole('dialog', { name: 'Quick search' })).toBeVisible();
    await expectFits(panel, 'quick-search', size.dock);
    await panel.keyboard.press('Escape');

    if (size.dock === 'right') await panel.getByRole('button', { name: 'Show sidebar' }).click();
    await sidebarTab(panel, 'History');
    await expect(
      panel.getByRole('region', { name: 'History' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expectFits(panel, 'history', size.dock);
    await sidebarTab(panel, 'Collections');
    await panel.getByLabel('Import collection').setInputFiles({
      name: 'orders.yaml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(
        'openapi: 3.0.3\ninfo: {title: Orders, version: "1"}\npaths:\n  /v1/orders:\n    get: {summary: List orders}\n',
      ),
    });
    await expect(panel.getByRole('status', { name: 'Import summary' })).toContainText(
      'Imported “Orders”',
    );
    await expectFits(panel, 'import-summary', size.dock);

    await createOAuthProfile(panel, {
      method: 'OAuth (Basic header)',
      authUrl: sandbox.url,
      companyId: sandbox.credentials.companyId,
      clientId: sandbox.credentials.clientId,
      clientSecret: sandbox.credentials.clientSecret,
    });
    await panel.getByRole('button', { name: 'Get token' }).click();
    await expect(panel.getByRole('region', { name: 'Token', exact: true })).toContainText(
      'approved',
    );
    await requestTab(panel, 'Auth');
    await expectFits(panel, 'token', size.dock);
  });
}
