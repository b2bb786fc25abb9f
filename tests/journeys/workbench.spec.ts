/**
 * The panel as a DevTools workbench, in Chromium and in Firefox (journeys of both projects), at the
 * sizes DevTools docks it: bottom (1000x420) and right (480x900). After Send the request line and
 * the answer's status are on screen together, the page never scrolls as a whole and no control
 * sticks out sideways (the narrow panel's sidebar neither); the request/response split turns with
 * the dock; the layout preferences are remembered. The README pictures are taken here, in
 * Chromium, at both sizes, light and dark (UPDATE_SCREENSHOT=1 refreshes docs/panel*.png). The
 * request line's room, the status line, a long answer and the token tools:
 * workbench-room.spec.ts.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { expectText, type PanelDriver } from './driver';
import { expect, test } from './fixtures';
import { createApiKeyProfile } from './profiles';
import {
  cutOffControls,
  expectCallAndAnswerInView,
  pageScrolls,
  responseTextInView,
  SIZES,
} from './workbench-checks';

/** The text of the selected tab of a tab list. */
function selectedTab(panel: PanelDriver, list: string) {
  return panel.evaluate(
    (name) =>
      document
        .querySelector(`[role=tablist][aria-label="${name}"] [role=tab][aria-selected=true]`)
        ?.textContent?.trim() ?? '(none selected)',
    list,
  );
}

/** The panel's storage area, in Firefox's `browser` or Chromium's `chrome` (the same storage). */
function storageGet(panel: PanelDriver, area: 'local' | 'sync', key: string | null) {
  return panel.evaluate(
    ({ area, key }) => {
      const api = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
      return api.storage[area].get(key);
    },
    { area, key },
  );
}

for (const size of SIZES) {
  test(`docked ${size.dock} (${size.width}x${size.height}): API key, the call and its answer in view together`, async ({
    panel,
    sandbox,
  }) => {
    await panel.setViewport(size);
    await createApiKeyProfile(panel, {
      ...sandbox.credentials,
      name: 'Sandbox (API key)',
      baseUrl: sandbox.url,
    });
    await panel.role('textbox', 'Path').fill('products');
    await panel.role('button', 'Send').click();
    await expectCallAndAnswerInView(panel);
    // Request and response beside each other when wide, one over the other when narrow.
    const divider = panel.role('separator', 'Resize request and response');
    expect(await divider.attribute('aria-orientation')).toBe(size.split);
    // The narrow panel keeps its sidebar closed until asked for, and opens it over the panes.
    const toggle = panel.role('button', size.dock === 'bottom' ? 'Hide sidebar' : 'Show sidebar');
    expect(await toggle.attribute('aria-expanded')).toBe(size.dock === 'bottom' ? 'true' : 'false');

    // The pictures show a saved request, opened from the sidebar (docked, or over the panes).
    await panel.press('Control+s');
    const save = panel.role('form', 'Save request');
    await save.within('textbox', 'Request name').fill('List products');
    await save.within('textbox', 'New collection name').fill('Shop');
    await save.within('button', 'Save').click();
    if (size.dock === 'right') await toggle.click();
    await panel.role('treeitem', 'List products').wait();
    expect(await panel.role('treeitem', 'List products').visible()).toBe(true);
    if (size.dock === 'right') await panel.role('button', 'Close sidebar').click();
    // The README's pictures are of Chromium, the browser its tour names.
    if (panel.browser !== 'chromium') return;
    mkdirSync('test-results', { recursive: true });
    for (const theme of ['light', 'dark'] as const) {
      await panel.evaluate((name) => {
        document.documentElement.dataset.theme = name;
      }, theme);
      const file = `panel${size.dock === 'right' ? '-right' : ''}${theme === 'dark' ? '-dark' : ''}.png`;
      await panel.screenshot(`test-results/${file}`);
      if (process.env.UPDATE_SCREENSHOT === '1') {
        mkdirSync('docs', { recursive: true });
        copyFileSync(`test-results/${file}`, `docs/${file}`);
      }
    }
  });

  test(`docked ${size.dock} (${size.width}x${size.height}): the request pane works and nothing overflows`, async ({
    panel,
    sandbox,
  }) => {
    await panel.setViewport({ width: size.width, height: size.height });
    const { apiKey, companyId } = sandbox.credentials;
    await createApiKeyProfile(panel, { baseUrl: sandbox.url, companyId, apiKey });
    expect(await pageScrolls(panel)).toEqual({ down: false, sideways: false });
    expect(await cutOffControls(panel)).toEqual([]);

    await panel.choose('Method', 'POST');
    await panel.role('textbox', 'Path').fill('orders');
    await panel.tab('Request', 'Body');
    expect(await panel.role('textbox', 'Body').inView()).toBe(true);
    await panel.role('textbox', 'Body').fill('{"sku":"A-1","qty":2}');
    await panel.role('button', 'Send').click();
    await expectText(panel.role('region', 'Response'), '201 Created');
    expect(sandbox.requests.find((request) => request.path === '/v1/orders')?.body).toBe(
      '{"sku":"A-1","qty":2}',
    );

    // The call and its answer in view together; the panel still neither scrolls nor overflows.
    for (const [role, name] of [
      ['textbox', 'Path'],
      ['button', 'Send'],
    ] as const)
      expect(await panel.role(role, name).inView(), name).toBe(true);
    expect(await responseTextInView(panel, '201 Created'), 'the status 201 Created in view').toBe(
      true,
    );
    await panel.tab('Response', 'Sent');
    await expectText(panel.role('region', 'As sent on the wire'), 'x-apikey');
    expect(await pageScrolls(panel)).toEqual({ down: false, sideways: false });
    expect(await cutOffControls(panel)).toEqual([]);

    // Narrow, the sidebar opens over the panes when asked for, and fits too.
    if (size.dock === 'right') {
      await panel.role('button', 'Show sidebar').click();
      await panel.role('region', 'Collections').wait();
      expect(await pageScrolls(panel)).toEqual({ down: false, sideways: false });
      expect(await cutOffControls(panel)).toEqual([]);
      await panel.role('button', 'Hide sidebar').click();
    }

    const divider = panel.role('separator', 'Resize request and response');
    expect(await divider.attribute('aria-orientation')).toBe(size.split);
  });
}

test('the layout is remembered: tabs, the divider and the sidebar, in storage.local only', async ({
  panel,
  sandbox,
}) => {
  await createApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  await panel.tab('Request', 'Headers');
  const divider = panel.role('separator', 'Resize request and response');
  await divider.focus();
  await panel.press('ArrowRight');
  await panel.press('ArrowRight');
  await expect.poll(() => divider.attribute('aria-valuenow')).toBe('60');
  const sidebar = panel.role('separator', 'Resize sidebar');
  await sidebar.focus();
  await panel.press('ArrowRight');
  await expect.poll(() => sidebar.attribute('aria-valuenow')).toBe('260');
  await panel.role('textbox', 'Path').fill('products');
  await panel.role('button', 'Send').click();
  await expectText(panel.role('region', 'Response'), /(?<!\d)200(?!\d)/);
  await panel.tab('Response', 'Sent');
  await expect
    .poll(() => storageGet(panel, 'local', 'uiPrefs'))
    .toMatchObject({ uiPrefs: { requestTab: 'headers', responseTab: 'sent', splitRow: 0.6 } });

  await panel.reload();
  await expect.poll(() => selectedTab(panel, 'Request')).toMatch(/^Headers/);
  await expect.poll(() => selectedTab(panel, 'Response')).toBe('Sent');
  await expect.poll(() => divider.attribute('aria-valuenow')).toBe('60');
  await expect.poll(() => sidebar.attribute('aria-valuenow')).toBe('260');
  expect(await storageGet(panel, 'sync', null)).toEqual({});
});
