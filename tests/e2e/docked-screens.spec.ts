/**
 * Every screen at the sizes DevTools docks the panel (bottom 1000x420, right 480x900), light and
 * dark: first run, the workbench with an answer, the More actions menu, the token tools, an
 * import's summary, the Save request dialog, quick search and History; a call in flight, Copy as
 * cURL's status, the Tests tab, Import cURL with a long command. On each, nothing pokes out
 * sideways (no control cut by the panel's right edge, no sideways scroll) and the page never
 * scrolls as a whole; the texts that must be read whole are (a status, an expression, a command,
 * the token's masked tail), and a name cut to the room left carries the whole in its tooltip.
 * With E2E_SCREENS=1 each screen is also pictured, light and dark, in test-results/screens/ for a
 * person to look over after a layout change; the fit is checked either way, in the light theme
 * (the themes differ only in colours, panel.css), so a run that no person reads takes no picture.
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
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

/**
 * Whether an element shows all it holds: nothing cut at its own edges (a box of its own), by a box
 * around it that hides what overflows, or by the panel's edge.
 */
function shownWhole(element: Element): boolean {
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  const own = element.clientWidth > 0;
  if (own && element.scrollWidth > element.clientWidth + 1) return false;
  if (own && element.scrollHeight > element.clientHeight + 1) return false;
  for (let clip = element.parentElement; clip !== null; clip = clip.parentElement) {
    if (getComputedStyle(clip).overflowX === 'visible') continue;
    const edge = clip.getBoundingClientRect();
    if (box.left < edge.left - 1 || box.right > edge.right + 1) return false;
  }
  return box.left >= 0 && box.right <= document.documentElement.clientWidth + 1;
}

async function expectWhole(target: Locator, what: string) {
  await expect(target).toBeVisible();
  expect(await target.evaluate(shownWhole), `${what} shows whole`).toBe(true);
}

const LONG_CURL = [
  "curl 'https://api.example.com/v1/orders?expand=items&limit=50' \\",
  '  -X POST \\',
  "  -H 'accept: application/json' \\",
  "  -H 'content-type: application/json' \\",
  "  -H 'x-trace-id: 3f9a1c2e-7b4d-4e8f-9a1b-2c3d4e5f6a7b' \\",
  "  -H 'x-client: partner-portal/4.2.1' \\",
  "  -H 'x-request-source: integration-tests' \\",
  "  -H 'accept-language: en-GB,en;q=0.9' \\",
  "  -H 'cache-control: no-cache' \\",
  "  -H 'pragma: no-cache' \\",
  "  -H 'x-correlation: order-batch-2026-11-28' \\",
  `  --data-raw '{"sku":"A-1","qty":2}'`,
].join('\n');

/** Whether to picture each screen (E2E_SCREENS=1): a person looks at them, CI never does. */
const PICTURES = process.env.E2E_SCREENS === '1';

/** Each screen, light and dark, in test-results/screens/; the panel is left in light. */
async function picture(panel: Page, screen: string, dock: string) {
  for (const theme of ['light', 'dark'] as const) {
    await panel.evaluate((name) => {
      document.documentElement.dataset.theme = name;
    }, theme);
    await panel.screenshot({ path: `test-results/screens/${dock}-${screen}-${theme}.png` });
  }
  await panel.evaluate(() => {
    document.documentElement.dataset.theme = 'light';
  });
}

async function expectFits(panel: Page, screen: string, dock: string) {
  if (PICTURES) await picture(panel, screen, dock);
  expect(await cutOff(panel), `${screen}: controls past the right edge`).toEqual([]);
  const scrolls = await panel.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollHeight > root.clientHeight || root.scrollWidth > root.clientWidth;
  });
  expect(scrolls, `${screen}: the page scrolls as a whole`).toBe(false);
}

for (const size of SIZES) {
  test(`docked ${size.dock} (${size.width}x${size.height}): every screen fits`, async ({
    panel,
    sandbox,
  }) => {
    if (PICTURES) mkdirSync('test-results/screens', { recursive: true });
    await panel.setViewportSize(size);
    await expect(panel.getByRole('heading', { name: 'Create your first profile' })).toBeVisible();
    await expectFits(panel, 'first-run', size.dock);

    await createApiKeyProfile(panel, { ...sandbox.credentials, name: 'Key', baseUrl: sandbox.url });
    await panel
      .getByRole('textbox', { name: 'Path', exact: true })
      .fill('orders/42/lines?expand=items&limit=50');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(panel.getByRole('region', { name: 'Response', exact: true })).toContainText(
      /(?<!\d)200(?!\d)/,
    );
    await expectFits(panel, 'answer', size.dock);

    // A call in flight: Cancel beside Send, neither cut; Escape cancels it.
    sandbox.switches.latencyMs = 3_000;
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(panel.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expectFits(panel, 'in-flight', size.dock);
    await expectWhole(panel.getByRole('button', { name: 'Send' }), 'Send');
    await panel.keyboard.press('Escape');
    await expect(panel.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    sandbox.switches.latencyMs = 0;

    // What Copy as cURL says is read whole, under the actions.
    const actions = panel.getByRole('toolbar', { name: 'Request actions' });
    const copy = actions.getByRole('button', { name: 'Copy as cURL', exact: true });
    if (await copy.isVisible()) await copy.click();
    else {
      await actions.getByRole('button', { name: 'More actions' }).click();
      await panel.getByRole('menuitem', { name: 'Copy as cURL', exact: true }).click();
    }
    const said = panel.getByRole('status').filter({ hasText: /^(Copied|Copying failed)/ });
    await expectWhole(said, 'the status after Copy as cURL');
    await expectFits(panel, 'copied', size.dock);
    await panel.getByRole('button', { name: 'Hide code' }).click();

    // An assertion's expression shows whole, and in its tooltip.
    await requestTab(panel, 'Tests');
    await panel.getByRole('button', { name: 'Add assertion' }).click();
    const expression = panel.getByRole('textbox', { name: 'Assertion 1 expression' });
    await expression.fill('res.body.data.items[0].id');
    await expectWhole(expression, 'the assertion expression');
    await expect(expression).toHaveAttribute('title', 'res.body.data.items[0].id');
    await expectFits(panel, 'tests', size.dock);
    await panel.getByRole('button', { name: 'Remove assertion 1' }).click();

    // Import cURL: the box grows with a 12-line command and shows it whole.
    const importCurl = actions.getByRole('button', { name: 'Import cURL' });
    if (await importCurl.isVisible()) await importCurl.click();
    else {
      await actions.getByRole('button', { name: 'More actions' }).click();
      await panel.getByRole('menuitem', { name: 'Import cURL' }).click();
    }
    const command = panel.getByRole('textbox', { name: 'cURL command' });
    await command.fill(LONG_CURL);
    await expectWhole(command, 'the 12-line cURL command');
    await expectFits(panel, 'import-curl', size.dock);
    await panel.getByRole('button', { name: 'Cancel' }).click();

    const more = panel.getByRole('button', { name: 'More actions' });
    if (size.dock === 'right') {
      await more.click();
      await expect(panel.getByRole('menu', { name: 'More actions' })).toBeVisible();
      await expectFits(panel, 'more-actions', size.dock);
      await panel.keyboard.press('Escape');
    }

    await panel.keyboard.press('Control+s');
    const save = panel.getByRole('form', { name: 'Save request' });
    const name = 'Order lines of every partner company, this quarter';
    await save.getByRole('textbox', { name: 'Request name' }).fill(name);
    await save.getByRole('textbox', { name: 'New collection name' }).fill('Shop');
    await expectFits(panel, 'save-dialog', size.dock);
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(save).toHaveCount(0);
    // The saved request's name: whole, or cut with the whole in its tooltip.
    const opened = actions.getByText(`“${name}”`);
    await expect(opened).toBeVisible();
    if (!(await opened.evaluate(shownWhole))) {
      const title = await opened.evaluate(
        (element) => element.closest('[title]')?.getAttribute('title') ?? '',
      );
      expect(title).toContain(name);
    }
    await expectWhole(panel.getByRole('status').filter({ hasText: 'Saved “' }), 'Saved “…”');
    // So is it in the line saying which request the answer is for.
    await panel.getByRole('button', { name: 'Send' }).click();
    const answerFor = panel
      .getByRole('region', { name: 'Response', exact: true })
      .getByText(`“${name}”`);
    await expect(answerFor).toBeVisible();
    if (!(await answerFor.evaluate(shownWhole)))
      await expect(answerFor).toHaveAttribute('title', new RegExp(`“${name}”`));

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
    // The toolbar names the token the next call carries by its masked tail, at both sizes.
    await expectWhole(
      panel.getByRole('banner').getByTitle('The token the next call carries (masked)'),
      "the token's masked tail",
    );
    await requestTab(panel, 'Auth');
    await expectFits(panel, 'token', size.dock);
  });
}
