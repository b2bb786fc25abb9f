/**
 * The first user journey: create an API-key profile, send a `/v1` call through the worker and read
 * the answer, with the secret never visible to the panel after saving.
 */
import { expect, test } from './fixtures';
import { createApiKeyProfile, saveEditedProfile } from './profiles';
import { requestTab, responseTab } from './workbench';

const API_KEY_LABEL = { name: 'API key', exact: true } as const;

test('the panel renders as an extension tab and offers to create a profile', async ({ panel }) => {
  await expect(panel.getByRole('heading', { name: 'Partner API' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Create your first profile' })).toBeVisible();
  for (const name of ['Profile name', 'Base URL', 'Company ID']) {
    await expect(panel.getByRole('textbox', { name })).toBeVisible();
  }
  // An API-key profile calls no token endpoint: its editor does not ask for an Auth URL.
  await expect(panel.getByRole('textbox', { name: 'Auth URL' })).toHaveCount(0);
  const method = panel.getByRole('combobox', { name: 'Auth method' });
  await expect(method.getByRole('option')).toHaveText([
    'API key',
    'OAuth (Basic header)',
    'OAuth (form body)',
  ]);
  await method.selectOption({ label: 'OAuth (Basic header)' });
  await expect(panel.getByRole('textbox', { name: 'Auth URL' })).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Client ID' })).toBeVisible();
  await expect(panel.getByLabel('Client secret')).toHaveAttribute('type', 'password');
});

test('an API-key call reaches the sandbox with the contract headers and its answer is shown', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await createApiKeyProfile(panel, {
    name: 'Sandbox (API key)',
    baseUrl: sandbox.url,
    companyId,
    apiKey,
  });

  // Once saved, the panel holds only a masked view: not in the DOM, not in any input, not in what
  // the worker answers to the panel.
  await expect(panel.getByText(`Saved: ••••${apiKey.slice(-4)}`)).toHaveCount(0); // editor closed
  expect(await panel.content()).not.toContain(apiKey);
  const listed = await panel.evaluate(() =>
    chrome.runtime.sendMessage({ type: 'profiles/list', payload: {} }),
  );
  expect(JSON.stringify(listed)).not.toContain(apiKey);
  expect(JSON.stringify(listed)).toContain(`••••${apiKey.slice(-4)}`);

  await panel.getByRole('combobox', { name: 'Method' }).selectOption('GET');
  await panel.getByRole('textbox', { name: 'Path' }).fill('products');
  await panel.getByRole('button', { name: 'Send' }).click();

  const response = panel.getByRole('region', { name: 'Response' });
  await expect(response).toContainText(/(?<!\d)200(?!\d)/);
  await expect(response).toContainText(/\d+(\.\d)? ms/);
  await expect(response).toContainText(/\d+(\.\d)? (B|KB)/);
  // Pretty-printed JSON: one key per line, indented.
  // JSON is shown as a tree, one key per row, nested keys indented under their parent.
  const tree = response.getByRole('tree', { name: 'Body (JSON)' });
  await expect(tree.getByRole('treeitem', { name: /^echo: \{/ })).toHaveAttribute(
    'aria-level',
    '2',
  );
  await expect(tree.getByRole('treeitem', { name: /^method: "GET"/ })).toHaveAttribute(
    'aria-level',
    '3',
  );
  await responseTab(panel, 'Headers');
  await expect(response.getByText('application/json').first()).toBeVisible();
  expect(await panel.content()).not.toContain(apiKey);

  const received = sandbox.requests.filter((request) => request.path === '/v1/products');
  expect(received).toHaveLength(1);
  const headers = received[0]?.headers ?? {};
  expect(headers['x-apikey']).toBe(apiKey);
  expect(headers.companyid).toBe(companyId);
  expect(headers['content-type']).toBe('application/json');
  expect(headers.authorization).toBeUndefined();
  // Sent as a server-side client sends it: no browser Origin, Sec-Fetch-* or Accept-Language.
  expect(headers.origin).toBeUndefined();
  expect(Object.keys(headers).filter((name) => name.startsWith('sec-'))).toEqual([]);
  expect(headers['accept-language']).toBeUndefined();
  expect(headers['user-agent']).toMatch(/^PartnerApiDevTools\/\d+\.\d+\.\d+$/);
});

test('a POST body goes out as sent and the saved profile survives a panel reload', async ({
  panel,
  sandbox,
}) => {
  await createApiKeyProfile(panel, {
    ...sandbox.credentials,
    name: 'Sandbox (API key)',
    baseUrl: sandbox.url,
  });
  await panel.reload();
  await expect(panel.getByRole('combobox', { name: 'Profile' })).toHaveText('Sandbox (API key)');

  await panel.getByRole('combobox', { name: 'Method' }).selectOption('POST');
  await panel.getByRole('textbox', { name: 'Path' }).fill('orders');
  await requestTab(panel, 'Body');
  await panel.getByRole('textbox', { name: 'Body' }).fill('{"sku":"A-1","qty":2}');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByRole('region', { name: 'Response' })).toContainText(/(?<!\d)201(?!\d)/);
  const order = sandbox.requests.find((request) => request.path === '/v1/orders');
  expect(order?.method).toBe('POST');
  expect(JSON.parse(order?.body ?? 'null')).toEqual({ sku: 'A-1', qty: 2 });
  // A POST is where Chrome adds `Origin: chrome-extension://…`; the header rule keeps it off.
  expect(order?.headers.origin).toBeUndefined();
});

test('bad input and a dead server give errors that say what to do', async ({ panel, sandbox }) => {
  const { companyId, apiKey } = sandbox.credentials;
  await panel.getByRole('textbox', { name: 'Profile name' }).fill('Bad URL');
  await panel.getByRole('textbox', { name: 'Base URL' }).fill('http://api.example.com');
  await panel.getByRole('textbox', { name: 'Company ID' }).fill('not-a-uuid');
  await panel.getByLabel('API key', API_KEY_LABEL).fill(apiKey);
  await panel.getByRole('button', { name: 'Save profile' }).click();
  await expect(panel.getByRole('alert')).toContainText('plain http');
  await expect(panel.getByRole('alert')).toContainText('https://api.example.com');

  await panel.getByRole('textbox', { name: 'Base URL' }).fill(sandbox.url);
  await panel.getByRole('button', { name: 'Save profile' }).click();
  await expect(panel.getByRole('status', { name: 'Profile warnings' })).toContainText(
    'does not look like a UUID',
  );
  await panel.getByRole('button', { name: 'Edit profile' }).click();
  await panel.getByRole('textbox', { name: 'Company ID' }).fill(companyId);
  await expect(panel.getByText(`Saved: ••••${apiKey.slice(-4)}`)).toBeVisible();
  await saveEditedProfile(panel);

  await panel.getByRole('textbox', { name: 'Path' }).fill('../../admin');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByRole('alert')).toContainText('outside /v1/');
  expect(sandbox.requests.some((request) => request.path.includes('admin'))).toBe(false);

  await sandbox.close();
  await panel.getByRole('textbox', { name: 'Path' }).fill('products');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByRole('alert')).toContainText('Nothing answered');
  await expect(panel.getByRole('alert')).toContainText('npm run sandbox');
});
