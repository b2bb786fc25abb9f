/**
 * The panel as a DevTools workbench, at the sizes DevTools docks it: bottom (1000x420) and right
 * (480x900). After Send the request line and the answer's status are on screen together and the
 * page never scrolls as a whole; the layout preferences are remembered; the README pictures are
 * taken here at both sizes, light and dark (UPDATE_SCREENSHOT=1 refreshes docs/panel*.png).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createApiKeyProfile, createOAuthProfile } from './profiles';
import { requestTab, responseTab } from './workbench';

const SIZES = [
  { dock: 'bottom', width: 1000, height: 420 },
  { dock: 'right', width: 480, height: 900 },
] as const;

async function pageScrolls(panel: Page): Promise<boolean> {
  return panel.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollHeight > root.clientHeight || root.scrollWidth > root.clientWidth;
  });
}

async function expectCallAndAnswerInView(panel: Page) {
  const response = panel.getByRole('region', { name: 'Response', exact: true });
  await expect(response).toContainText('200');
  await expect(panel.getByRole('textbox', { name: 'Path' })).toBeInViewport({ ratio: 1 });
  await expect(panel.getByRole('button', { name: 'Send' })).toBeInViewport({ ratio: 1 });
  await expect(response.getByText(/^200 OK$/)).toBeInViewport({ ratio: 1 });
  expect(await pageScrolls(panel)).toBe(false);
}

async function setTheme(panel: Page, theme: 'light' | 'dark') {
  await panel.evaluate((name) => {
    document.documentElement.dataset.theme = name;
  }, theme);
}

for (const size of SIZES) {
  test(`docked ${size.dock} (${size.width}x${size.height}): API key, the call and its answer in view together`, async ({
    panel,
    sandbox,
  }) => {
    await panel.setViewportSize(size);
    await createApiKeyProfile(panel, {
      ...sandbox.credentials,
      name: 'Sandbox (API key)',
      baseUrl: sandbox.url,
    });
    await panel.getByRole('textbox', { name: 'Path' }).fill('products');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expectCallAndAnswerInView(panel);
    // Request and response beside each other when wide, one over the other when narrow.
    const divider = panel.getByRole('separator', { name: 'Resize request and response' });
    await expect(divider).toHaveAttribute(
      'aria-orientation',
      size.dock === 'bottom' ? 'vertical' : 'horizontal',
    );
    // The narrow panel keeps its sidebar closed until asked for, and opens it over the panes.
    const toggle = panel.getByRole('button', { name: /sidebar$/ });
    await expect(toggle).toHaveAttribute(
      'aria-expanded',
      size.dock === 'bottom' ? 'true' : 'false',
    );

    // The pictures show a saved request, opened from the sidebar (docked, or over the panes).
    await panel.keyboard.press('Control+s');
    const save = panel.getByRole('form', { name: 'Save request' });
    await save.getByRole('textbox', { name: 'Request name' }).fill('List products');
    await save.getByRole('textbox', { name: 'New collection name' }).fill('Shop');
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    if (size.dock === 'right') await toggle.click();
    await expect(panel.getByRole('treeitem', { name: 'List products' })).toBeVisible();
    if (size.dock === 'right') await panel.getByRole('button', { name: 'Close sidebar' }).click();
    mkdirSync('test-results', { recursive: true });
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(panel, theme);
      const file = `panel${size.dock === 'right' ? '-right' : ''}${theme === 'dark' ? '-dark' : ''}.png`;
      await panel.screenshot({ path: `test-results/${file}` });
      if (process.env.UPDATE_SCREENSHOT === '1') {
        mkdirSync('docs', { recursive: true });
        copyFileSync(`test-results/${file}`, `docs/${file}`);
      }
    }
  });

  test(`docked ${size.dock} (${size.width}x${size.height}): Path has the room, the base URL is a compact prefix, the actions keep to one row`, async ({
    panel,
    sandbox,
  }) => {
    await panel.setViewportSize(size);
    await createApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
    const typical = 'orders/4/lines?expand=items&limit=50&p=2';
    expect(typical).toHaveLength(40);
    const path = panel.getByRole('textbox', { name: 'Path', exact: true });
    await path.fill(typical);
    const room = await path.evaluate((input: HTMLInputElement) => ({
      width: input.getBoundingClientRect().width,
      cut: input.scrollWidth > input.clientWidth,
    }));
    expect(room.width).toBeGreaterThanOrEqual(240);
    expect(room.cut, 'the whole path shows').toBe(false);
    // The line says it all, so no preview line repeats it.
    await expect(panel.getByRole('status', { name: 'Full URL' })).toHaveCount(0);
    // The base URL before Path shows whole on hover, over Path rather than pushing it.
    const prefix = panel.getByRole('button', { name: `Base URL: ${sandbox.url}/v1/` });
    await prefix.hover();
    const whole = prefix.locator('.url-prefix-whole');
    await expect(whole).toBeVisible();
    await expect(whole).toHaveText(`${sandbox.url}/v1/`);
    expect(await whole.evaluate((text) => text.scrollWidth <= text.clientWidth + 1)).toBe(true);
    expect((await path.boundingBox())?.width).toBe(room.width);
    // The query typed in Path is listed in Params, and editing it there edits Path.
    await requestTab(panel, 'Params');
    const typed = panel.getByRole('region', { name: 'Typed in Path' });
    await expect(typed.getByRole('textbox', { name: 'Typed query parameter 2 value' })).toHaveValue(
      '50',
    );
    await typed.getByRole('textbox', { name: 'Typed query parameter 2 value' }).fill('10');
    await expect(path).toHaveValue('orders/4/lines?expand=items&limit=10&p=2');

    // One row of actions, whatever the width: what does not fit is under More actions.
    const actions = panel.getByRole('toolbar', { name: 'Request actions' });
    const tops = await actions
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().top));
    expect(new Set(tops).size, 'every visible action on one row').toBe(1);
    const more = actions.getByRole('button', { name: 'More actions' });
    if (size.dock === 'bottom') {
      await expect(more).toHaveCount(0);
      await expect(
        actions.getByRole('button', { name: 'Copy as cURL with secrets' }),
      ).toBeVisible();
    } else {
      await more.click();
      await panel
        .getByRole('menu', { name: 'More actions' })
        .getByRole('menuitem', { name: 'Copy as cURL with secrets' })
        .click();
      await expect(panel.getByRole('dialog', { name: 'Copy as cURL with secrets' })).toBeVisible();
    }
  });

  test(`docked ${size.dock} (${size.width}x${size.height}): the status line says what the status means, whole`, async ({
    panel,
    sandbox,
  }) => {
    await panel.setViewportSize(size);
    await createApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
    await panel.getByRole('combobox', { name: 'Method' }).selectOption('POST');
    await panel.getByRole('textbox', { name: 'Path', exact: true }).fill('orders');
    await requestTab(panel, 'Body');
    await panel.getByRole('textbox', { name: 'Body' }).fill('{"sku":"A-1"}');
    await panel.getByRole('button', { name: 'Send' }).click();
    const response = panel.getByRole('region', { name: 'Response', exact: true });
    const meaning = response.getByText('Created: a new resource was made', { exact: true });
    await expect(meaning).toBeInViewport({ ratio: 1 });
    expect(await meaning.evaluate((text) => text.scrollWidth <= text.clientWidth)).toBe(true);
  });

  test(`docked ${size.dock} (${size.width}x${size.height}): a long JSON answer scrolls inside its pane, a screenful of rows rendered`, async ({
    panel,
    sandbox,
  }) => {
    await panel.setViewportSize(size);
    await createApiKeyProfile(panel, { ...sandbox.credentials, name: 'Big', baseUrl: sandbox.url });
    sandbox.switches.largeBodyBytes = 2 * 1024 * 1024;
    await panel.getByRole('textbox', { name: 'Path' }).fill('products');
    await panel.getByRole('button', { name: 'Send' }).click();
    const tree = panel
      .getByRole('region', { name: 'Response', exact: true })
      .getByRole('tree', { name: 'Body (JSON)' });
    await expect(tree.getByRole('treeitem').first()).toBeVisible();
    await expectCallAndAnswerInView(panel);
    // The tree is a scroll box no taller than the pane: it holds thousands of rows but renders
    // only those in view (a tree as tall as its rows would render them all).
    const { boxHeight, scrollHeight, rendered } = await tree.evaluate((box) => ({
      boxHeight: box.clientHeight,
      scrollHeight: box.scrollHeight,
      rendered: box.querySelectorAll('[role="treeitem"]').length,
    }));
    expect(boxHeight).toBeLessThan(size.height);
    expect(boxHeight).toBeGreaterThan(size.height / 4);
    expect(scrollHeight).toBeGreaterThan(10 * boxHeight);
    expect(rendered).toBeLessThan(100);
    await tree.getByRole('treeitem').first().focus();
    await panel.keyboard.press('End');
    await expect(tree.getByRole('treeitem').last()).toBeInViewport();
    expect(await pageScrolls(panel)).toBe(false);
  });

  test(`docked ${size.dock} (${size.width}x${size.height}): OAuth, the token tools take the main area and Send gives the answer its pane back`, async ({
    panel,
    sandbox,
  }) => {
    await panel.setViewportSize(size);
    const { clientId, clientSecret, companyId } = sandbox.credentials;
    await createOAuthProfile(panel, {
      method: 'OAuth (Basic header)',
      authUrl: sandbox.url,
      companyId,
      clientId,
      clientSecret,
    });
    await panel.getByRole('button', { name: 'Get token' }).click();
    const token = panel.getByRole('region', { name: 'Token', exact: true });
    await expect(token).toContainText('approved');
    // The toolbar shows the token at a glance, with its countdown.
    await expect(panel.getByRole('banner').getByRole('timer')).toContainText(/expires in/);
    // The inspector has the whole width of the main area, and its first fields show unscrolled.
    const main = await panel.locator('.workbench > .main').boundingBox();
    const box = await token.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan((main?.width ?? 0) * 0.9);
    await expect(token.getByRole('row').filter({ hasText: 'expires_in' }).first()).toBeInViewport();
    await expect(panel.getByRole('region', { name: 'Response', exact: true })).toBeHidden();
    await panel.getByRole('textbox', { name: 'Path' }).fill('ping');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expectCallAndAnswerInView(panel);
    await expect(token).toBeHidden();
    await requestTab(panel, 'Auth');
    await expect(token).toContainText('approved');
  });
}

test('the layout is remembered: tabs, the divider and the sidebar, in storage.local only', async ({
  panel,
  sandbox,
}) => {
  await createApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  await requestTab(panel, 'Headers');
  const divider = panel.getByRole('separator', { name: 'Resize request and response' });
  await divider.focus();
  await panel.keyboard.press('ArrowRight');
  await panel.keyboard.press('ArrowRight');
  await expect(divider).toHaveAttribute('aria-valuenow', '60');
  const sidebar = panel.getByRole('separator', { name: 'Resize sidebar' });
  await sidebar.focus();
  await panel.keyboard.press('ArrowRight');
  await expect(sidebar).toHaveAttribute('aria-valuenow', '260');
  await panel.getByRole('textbox', { name: 'Path' }).fill('products');
  await panel.getByRole('button', { name: 'Send' }).click();
  await responseTab(panel, 'Sent');
  await expect
    .poll(() => panel.evaluate(() => chrome.storage.local.get('uiPrefs')))
    .toMatchObject({ uiPrefs: { requestTab: 'headers', responseTab: 'sent', splitRow: 0.6 } });

  await panel.reload();
  await expect(
    panel.getByRole('tablist', { name: 'Request' }).getByRole('tab', { selected: true }),
  ).toHaveText(/^Headers/);
  await expect(
    panel.getByRole('tablist', { name: 'Response' }).getByRole('tab', { selected: true }),
  ).toHaveText('Sent');
  await expect(divider).toHaveAttribute('aria-valuenow', '60');
  await expect(sidebar).toHaveAttribute('aria-valuenow', '260');
  expect(await panel.evaluate(() => chrome.storage.sync.get(null))).toEqual({});
});
