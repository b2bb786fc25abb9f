/**
 * The composer and history: query and header tables, {{variables}} from the profile, the live
 * URL preview, JSON Format, Ctrl+Enter and Escape, and the history of calls without secrets.
 */
import type { Page } from '@playwright/test';
import { expect, OFTEN, test } from './fixtures';
import { createApiKeyProfile, saveApiKeyProfile } from './profiles';
import { requestTab, sidebarTab } from './workbench';

const response = (panel: Page) => panel.getByRole('region', { name: 'Response', exact: true });

test('query, headers and variables resolve into the call, with a live URL preview', async ({
  panel,
  sandbox,
}) => {
  await panel.getByText('Variables (0)').click();
  await createApiKeyProfile(panel, {
    ...sandbox.credentials,
    baseUrl: sandbox.url,
    variables: [['productId', 'prd_1002']],
  });

  await panel.getByRole('textbox', { name: 'Path' }).fill('products/{{productId}}');
  await requestTab(panel, 'Params');
  await panel.getByRole('button', { name: 'Add query parameter' }).click();
  await panel.getByRole('textbox', { name: 'Query parameter 1 name' }).fill('for company');
  await panel.getByRole('textbox', { name: 'Query parameter 1 value' }).fill('{{companyId}}');
  await expect(panel.getByRole('status', { name: 'Full URL' })).toHaveText(
    `${sandbox.url}/v1/products/prd_1002?for%20company=${sandbox.credentials.companyId}`,
  );
  await requestTab(panel, 'Headers');
  await expect(panel.getByLabel('Headers set by the profile')).toContainText(
    `x-apikey••••${sandbox.credentials.apiKey.slice(-4)}`,
  );
  await panel.getByRole('button', { name: 'Add header' }).click();
  await panel.getByRole('textbox', { name: 'Header 1 name' }).fill('X-Trace');
  await panel.getByRole('textbox', { name: 'Header 1 value' }).fill('trace-{{productId}}');

  await panel.getByRole('textbox', { name: 'Path' }).press('Control+Enter');
  await expect(response(panel)).toContainText(/(?<!\d)200(?!\d)/);
  const received = sandbox.requests.find((request) => request.path === '/v1/products/prd_1002');
  expect(received?.url).toContain(`for%20company=${sandbox.credentials.companyId}`);
  expect(received?.headers['x-trace']).toBe('trace-prd_1002');

  // An unknown variable is shown before sending and never sent as braces.
  await panel.getByRole('textbox', { name: 'Path' }).fill('products/{{nope}}');
  await expect(panel.getByRole('status', { name: 'Full URL' })).toHaveText(
    'Unknown variable: {{nope}}',
  );
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(response(panel).getByRole('alert')).toContainText('Unknown variable: {{nope}}');
  expect(
    sandbox.requests.some((request) => request.url.includes('nope') || request.url.includes('%7B')),
  ).toBe(false);

  // A user header cannot override the contract headers.
  await panel.getByRole('textbox', { name: 'Header 1 name' }).fill('x-apikey');
  await expect(
    panel.getByText('x-apikey is set by the profile and cannot be overridden.'),
  ).toBeVisible();
});

test('the body is checked as JSON, Format indents it, and it is sent as typed', async ({
  panel,
  sandbox,
}) => {
  await saveApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  await panel.getByRole('combobox', { name: 'Method' }).selectOption('POST');
  await panel.getByRole('textbox', { name: 'Path' }).fill('orders');
  await requestTab(panel, 'Body');
  const body = panel.getByRole('textbox', { name: 'Body' });
  await body.fill('{"sku": "A-1", "qty": 2');
  // Where it stops being JSON (the locator loads with the first body typed).
  await expect(
    panel.getByText('The body is not valid JSON: the file ends too early at line 1, column 24.'),
  ).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Format' })).toBeDisabled();
  await body.fill('{"sku":"A-1","qty":2,"id":12345678901234567890}');
  await panel.getByRole('button', { name: 'Format' }).click();
  await expect(body).toHaveValue(
    '{\n  "sku": "A-1",\n  "qty": 2,\n  "id": 12345678901234567890\n}',
  );
  await body.press('Control+Enter');
  await expect(response(panel)).toContainText(/(?<!\d)201(?!\d)/);
  expect(sandbox.requests.find((request) => request.path === '/v1/orders')?.body).toBe(
    '{\n  "sku": "A-1",\n  "qty": 2,\n  "id": 12345678901234567890\n}',
  );
});

test('Escape cancels a slow call, and history keeps calls without any secret', async ({
  panel,
  sandbox,
}) => {
  await saveApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  await panel.getByRole('textbox', { name: 'Path' }).fill('ping');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(response(panel)).toContainText(/(?<!\d)200(?!\d)/);

  sandbox.switches.latencyMs = 5_000;
  await panel.getByRole('textbox', { name: 'Path' }).fill('products');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await panel.getByRole('textbox', { name: 'Path' }).press('Escape');
  await expect(response(panel).getByRole('alert')).toContainText('The call was cancelled.');
  sandbox.switches.latencyMs = 0;

  await sidebarTab(panel, 'History');
  const history = panel.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').nth(0)).toContainText('cancelled');
  await expect(history.getByRole('listitem').nth(1)).toContainText('200');

  await panel.getByRole('textbox', { name: 'Path' }).fill('something-else');
  await history.getByRole('button', { name: /^Open GET ping/ }).click();
  await expect(panel.getByRole('textbox', { name: 'Path' })).toHaveValue('ping');

  const stored = await panel.evaluate(() => chrome.storage.local.get('history'));
  expect(JSON.stringify(stored)).not.toContain(sandbox.credentials.apiKey);
  expect(JSON.stringify(stored)).toContain('ping');

  // Clearing asks first; Cancel keeps everything.
  await history.getByRole('button', { name: 'Clear history' }).click();
  const ask = panel.getByRole('dialog', { name: 'Clear history' });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await history.getByRole('button', { name: 'Clear history' }).click();
  await ask.getByRole('button', { name: 'Clear history' }).click();
  await expect(history).toContainText('No calls yet');
});

test('New request (and Alt+N) puts an empty draft in the composer, tied to no saved request', async ({
  panel,
  sandbox,
}) => {
  await saveApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  const path = panel.getByRole('textbox', { name: 'Path', exact: true });
  const method = panel.getByRole('combobox', { name: 'Method' });
  const actions = panel.getByRole('toolbar', { name: 'Request actions' });
  await method.selectOption('POST');
  await path.fill('orders');
  await requestTab(panel, 'Headers');
  await panel.getByRole('button', { name: 'Add header' }).click();
  await panel.getByRole('textbox', { name: 'Header 1 name' }).fill('x-trace');
  await requestTab(panel, 'Body');
  await panel.getByRole('textbox', { name: 'Body' }).fill('{"sku":"A-1","qty":2}');
  await requestTab(panel, 'Tests');
  await panel.getByRole('button', { name: 'Add assertion' }).click();
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(response(panel)).toContainText(/(?<!\d)201(?!\d)/);
  await panel.keyboard.press('Control+s');
  const save = panel.getByRole('form', { name: 'Save request' });
  await save.getByRole('textbox', { name: 'Request name' }).fill('Create order');
  await save.getByRole('textbox', { name: 'New collection name' }).fill('Shop');
  await save.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(actions).toContainText('“Create order”');

  await actions.getByRole('button', { name: 'New request' }).click();
  await expect(method).toHaveValue('GET');
  await expect(path).toHaveValue('');
  await expect(path).toBeFocused();
  await expect(panel.getByRole('textbox', { name: 'Assertion 1 expression' })).toHaveCount(0);
  await requestTab(panel, 'Headers');
  await expect(panel.getByRole('textbox', { name: 'Header 1 name' })).toHaveCount(0);
  await requestTab(panel, 'Body');
  await expect(panel.getByRole('textbox', { name: 'Body' })).toHaveValue('');
  // The previous answer is not this draft's, and no saved request is in the composer.
  await expect(response(panel)).not.toContainText(/(?<!\d)201(?!\d)/);
  await expect(actions).not.toContainText('Create order');
  // Saving it asks for a name: it is not tied to “Create order”, which keeps what it had.
  await path.fill('ping');
  await panel.keyboard.press('Control+s');
  await expect(save).toBeVisible();
  await panel.keyboard.press('Escape');
  await panel.getByRole('treeitem', { name: /Create order/ }).click();
  await expect(method).toHaveValue('POST');
  await expect(path).toHaveValue('orders');

  // Alt+N does the same wherever the focus is (here on a button), and the empty draft is kept.
  await panel.getByRole('button', { name: 'Send' }).focus();
  await panel.keyboard.press('Alt+KeyN');
  await expect(path).toHaveValue('');
  await expect(method).toHaveValue('GET');
  await expect(actions).not.toContainText('Create order');
  await path.fill('products');
  // The draft is saved a moment after the last edit.
  await expect
    .poll(
      async () => JSON.stringify(await panel.evaluate(() => chrome.storage.local.get('drafts'))),
      OFTEN,
    )
    .toContain('"path":"products"');
  await panel.reload();
  await expect(panel.getByRole('textbox', { name: 'Path', exact: true })).toHaveValue('products');
  await expect(panel.getByRole('combobox', { name: 'Method' })).toHaveValue('GET');
});

test('Escape cancels a call wherever the focus is and stops there; Send keeps its width in flight', async ({
  panel,
  sandbox,
}) => {
  // About the room the panel has beside DevTools' drawer, with the sidebar docked.
  await panel.setViewportSize({ width: 760, height: 420 });
  await saveApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  await panel.getByRole('textbox', { name: 'Path', exact: true }).fill('products');
  // DevTools hears an extension panel's keys on its document, whatever the panel did with them.
  await panel.evaluate(() => {
    const heard: string[] = [];
    Object.assign(window, { heard });
    document.addEventListener('keydown', (event) => heard.push(event.key));
  });
  const heard = () => panel.evaluate(() => (window as unknown as { heard: string[] }).heard);
  const send = panel.getByRole('button', { name: 'Send' });
  const box = () =>
    send.evaluate((button) => ({
      width: Math.round(button.getBoundingClientRect().width),
      whole: button.scrollWidth <= button.clientWidth,
      inside: button.getBoundingClientRect().right <= document.documentElement.clientWidth,
    }));
  const idle = await box();

  sandbox.switches.latencyMs = 5_000;
  await send.click(); // the focus is on Send now, not in a text field
  await expect(panel.getByRole('button', { name: 'Cancel' })).toBeVisible();
  expect(await box()).toEqual(idle);
  expect(idle).toMatchObject({ whole: true, inside: true });
  await panel.keyboard.press('Escape');
  await expect(response(panel).getByRole('alert')).toContainText('The call was cancelled.');
  expect(await heard()).toEqual([]);

  // From the page itself (nothing focused), too.
  await send.click();
  await expect(panel.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await panel.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await panel.keyboard.press('Escape');
  await expect(panel.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  expect(await heard()).toEqual([]);
  sandbox.switches.latencyMs = 0;

  // With no call in flight, Escape is left alone.
  await panel.keyboard.press('Escape');
  expect(await heard()).toEqual(['Escape']);
});
