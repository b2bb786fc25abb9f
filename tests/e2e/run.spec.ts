/**
 * Running a folder from the sidebar, in the built extension against the sandbox: its requests go
 * in order with the active profile, a value set by one answer (the new order's id) is used by the
 * next request, a failing step is listed with what its check found, and Run failed again sends
 * only that one; with Stop on first failure the run ends there. The values a run carries show in
 * every open panel's Tests tab as they change, and a clear in one panel clears them in the others.
 * A run starts with no carried values unless asked to keep them. A run against an API that
 * refuses every token stops, with the reason, after the first renewed token is refused too.
 * A gateway's spike arrest paces the rest of a run (the pace shown), and a quota stops it.
 */

import type { Page } from '@playwright/test';
import type { Collection, SavedRequest } from '../../src/collections/model';
import { exportCollection } from '../../src/collections/native-format';
import type { Sandbox } from '../../src/sandbox/server';
import { expect, PANEL_PATH, test } from './fixtures';
import { saveApiKeyProfile, saveOAuthProfile } from './profiles';
import { openRowMenu, requestTab } from './workbench';

const request = (name: string, fields: Partial<SavedRequest>): SavedRequest => ({
  kind: 'request',
  id: name.replace(/ /g, '-'),
  name,
  method: 'GET',
  path: 'ping',
  query: [],
  headers: [],
  body: '',
  ...fields,
});

const COLLECTION: Collection = {
  id: 'run-demo',
  name: 'Shop',
  auth: { method: 'apiKey', formEncodeCredentials: false },
  variables: [],
  items: [
    {
      kind: 'folder',
      id: 'orders',
      name: 'Orders',
      items: [
        request('Create order', {
          method: 'POST',
          path: 'orders',
          body: '{"sku":"A-1","qty":2}',
          assertions: [{ expression: 'res.status', operator: 'eq', value: '201', enabled: true }],
          answerVariables: [{ name: 'orderId', expression: 'res.body.data.id', enabled: true }],
        }),
        request('Read order', {
          path: 'orders/{{orderId}}',
          assertions: [
            {
              expression: 'res.body.echo.path',
              operator: 'contains',
              value: 'ord_',
              enabled: true,
            },
          ],
        }),
        request('Missing product', {
          path: 'products/prd_9999',
          assertions: [{ expression: 'res.status', operator: 'eq', value: '200', enabled: true }],
        }),
        request('Ping', {
          assertions: [
            { expression: 'res.body.data.pong', operator: 'eq', value: 'true', enabled: true },
          ],
        }),
      ],
    },
  ],
};

test('a folder runs in order, carries the order id forward, and lists the failing step', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { name: 'Runner', baseUrl: sandbox.url, companyId, apiKey });
  await panel.getByLabel('Import collection').setInputFiles({
    name: 'shop.json',
    mimeType: 'application/json',
    buffer: Buffer.from(exportCollection(COLLECTION)),
  });
  await expect(panel.getByRole('status', { name: 'Import summary' })).toContainText(
    'Imported “Shop”',
  );

  const menu = await openRowMenu(panel, 'Orders');
  await menu.getByRole('menuitem', { name: 'Run Orders' }).click();
  const dialog = panel.getByRole('dialog', { name: 'Run Orders' });
  await expect(dialog).toContainText('4 requests');
  await dialog.getByRole('button', { name: 'Start run' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Run finished: 3 of 4 requests passed.');
  const rows = dialog.getByRole('list', { name: 'Run results' }).getByRole('listitem');
  await expect(rows.nth(0)).toContainText('Passed1. Create order201');
  await expect(rows.nth(1)).toContainText('Passed2. Read order200');
  await expect(rows.nth(2)).toContainText('Failed3. Missing product404');
  await expect(rows.nth(2)).toContainText('0/1 checks');

  // The second request went to the id the first answer gave.
  const created = sandbox.requests.filter((item) => item.path.startsWith('/v1/orders/'));
  expect(created.length).toBe(1);
  expect(created[0]?.path).toMatch(/^\/v1\/orders\/ord_[0-9a-f]+$/);

  await dialog.getByRole('button', { name: 'Show answer of 3. Missing product' }).click();
  await expect(rows.nth(2)).toContainText('Failed res.status eq 200 found 404: expected 200');
  await expect(rows.nth(2)).toContainText('product.not_found');

  const before = sandbox.requests.length;
  await dialog.getByRole('button', { name: 'Run failed again' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Run finished: 0 of 1 requests passed.');
  expect(sandbox.requests.slice(before).map((item) => item.path)).toEqual([
    '/v1/products/prd_9999',
  ]);

  await dialog.getByRole('checkbox', { name: 'Stop on first failure' }).check();
  await dialog.getByRole('button', { name: 'Start run' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Run stopped on a failure after 3 of 4 requests: 2 of 3 requests passed.',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The carried id is shown in the Tests tab; a saved request's checks come with it when opened.
  await panel.getByRole('treeitem', { name: 'Orders', exact: true }).click();
  await panel.getByRole('treeitem', { name: 'Create order', exact: true }).click();
  await requestTab(panel, 'Tests');
  await expect(panel.getByRole('textbox', { name: 'Assertion 1 expression' })).toHaveValue(
    'res.status',
  );
  await expect(panel.getByRole('textbox', { name: 'Answer variable 1 name' })).toHaveValue(
    'orderId',
  );
  await expect(panel.getByRole('definition')).toHaveText([/^ord_[0-9a-f]+$/]);
});

test('a run of large answers checks each body, which comes to the panel on the one channel the run opened', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { name: 'Runner', baseUrl: sandbox.url, companyId, apiKey });
  const big = (index: number) =>
    request(`Big ${index}`, {
      assertions: [
        { expression: 'res.body.items[0].id', operator: 'eq', value: '0', enabled: true },
        { expression: 'res.body.items[900].id', operator: 'eq', value: '900', enabled: true },
      ],
    });
  const collection: Collection = {
    ...COLLECTION,
    id: 'run-big',
    name: 'Big answers',
    items: [big(1), big(2), big(3)],
  };
  await panel.getByLabel('Import collection').setInputFiles({
    name: 'big.json',
    mimeType: 'application/json',
    buffer: Buffer.from(exportCollection(collection)),
  });
  await expect(panel.getByRole('status', { name: 'Import summary' })).toContainText(
    'Imported “Big answers”',
  );
  // 1 MB answers: past the size a body crosses by the channel instead of in the reply.
  sandbox.switches.largeBodyBytes = 1024 * 1024;
  try {
    await panel.getByRole('button', { name: 'Actions for collection Big answers' }).click();
    await panel.getByRole('button', { name: 'Run collection Big answers' }).click();
    const dialog = panel.getByRole('dialog', { name: 'Run Big answers' });
    await dialog.getByRole('button', { name: 'Start run' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Run finished: 3 of 3 requests passed.');
    const rows = dialog.getByRole('list', { name: 'Run results' }).getByRole('listitem');
    await expect(rows).toHaveCount(3);
    for (let index = 0; index < 3; index++)
      await expect(rows.nth(index)).toContainText('2/2 checks');
  } finally {
    sandbox.switches.largeBodyBytes = 0;
  }
});

test('the values a run carries show at once in the Tests tab of every open panel, and a clear empties them everywhere', async ({
  context,
  extensionId,
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { name: 'Runner', baseUrl: sandbox.url, companyId, apiKey });
  await panel.getByLabel('Import collection').setInputFiles({
    name: 'shop.json',
    mimeType: 'application/json',
    buffer: Buffer.from(exportCollection(COLLECTION)),
  });
  await expect(panel.getByRole('status', { name: 'Import summary' })).toContainText(
    'Imported “Shop”',
  );
  // A second panel (another DevTools window) shows the Tests tab before the run.
  const other = await context.newPage();
  await other.goto(`chrome-extension://${extensionId}/${PANEL_PATH}`);
  await requestTab(other, 'Tests');
  await expect(other.getByText('This profile carries no values yet.')).toBeVisible();
  // The page clicked in is brought to front, as a user's click does: a background tab's animation
  // frames are held back, and each action on it waits about 2 s for its target to be stable.
  await panel.bringToFront();
  await panel.getByRole('button', { name: 'Close import summary' }).click();
  await requestTab(panel, 'Tests');
  await expect(panel.getByText('This profile carries no values yet.')).toBeVisible();

  const menu = await openRowMenu(panel, 'Orders');
  await menu.getByRole('menuitem', { name: 'Run Orders' }).click();
  const dialog = panel.getByRole('dialog', { name: 'Run Orders' });
  await dialog.getByRole('button', { name: 'Start run' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Run finished: 3 of 4 requests passed.');
  const carried = other.getByRole('definition');
  await expect(carried).toHaveText([/^ord_[0-9a-f]+$/]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  // The tab that stayed open while the run went shows it too, without being opened again.
  await expect(panel.getByRole('definition')).toHaveText([(await carried.textContent()) ?? '']);

  await other.bringToFront();
  await other.getByRole('button', { name: 'Clear carried values' }).click();
  await expect(panel.getByText('This profile carries no values yet.')).toBeVisible();
  await expect(other.getByText('This profile carries no values yet.')).toBeVisible();
});

const FOLLOW_UP: Collection = {
  id: 'follow-up',
  name: 'Follow-up',
  auth: { method: 'apiKey', formEncodeCredentials: false },
  variables: [],
  items: [
    {
      kind: 'folder',
      id: 'later',
      name: 'Later',
      items: [
        request('Read it again', {
          path: 'orders/{{orderId}}',
          assertions: [{ expression: 'res.status', operator: 'eq', value: '200', enabled: true }],
        }),
      ],
    },
  ],
};

test('a run starts with no carried values, unless told to keep what earlier calls carried', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { name: 'Runner', baseUrl: sandbox.url, companyId, apiKey });
  for (const collection of [COLLECTION, FOLLOW_UP]) {
    await panel.getByLabel('Import collection').setInputFiles({
      name: `${collection.id}.json`,
      mimeType: 'application/json',
      buffer: Buffer.from(exportCollection(collection)),
    });
    await expect(panel.getByRole('status', { name: 'Import summary' })).toContainText(
      `Imported “${collection.name}”`,
    );
  }
  await (await openRowMenu(panel, 'Orders')).getByRole('menuitem', { name: 'Run Orders' }).click();
  const orders = panel.getByRole('dialog', { name: 'Run Orders' });
  await orders.getByRole('button', { name: 'Start run' }).click();
  await expect(orders.getByRole('status')).toHaveText('Run finished: 3 of 4 requests passed.');
  await orders.getByRole('button', { name: 'Close' }).click();
  const created = sandbox.requests.find((item) => item.path.startsWith('/v1/orders/'))?.path;
  expect(created).toMatch(/^\/v1\/orders\/ord_[0-9a-f]+$/);

  await (await openRowMenu(panel, 'Later')).getByRole('menuitem', { name: 'Run Later' }).click();
  const later = panel.getByRole('dialog', { name: 'Run Later' });
  const fresh = later.getByRole('checkbox', { name: 'Start with no carried values' });
  await expect(fresh).toBeChecked();
  await fresh.uncheck();
  await later.getByRole('button', { name: 'Start run' }).click();
  await expect(later.getByRole('status')).toHaveText('Run finished: 1 of 1 requests passed.');
  expect(sandbox.requests.at(-1)?.path).toBe(created);

  const before = sandbox.requests.length;
  await fresh.check();
  await later.getByRole('button', { name: 'Start run' }).click();
  await expect(later.getByRole('status')).toHaveText('Run finished: 0 of 1 requests passed.');
  await later.getByRole('button', { name: 'Show answer of 1. Read it again' }).click();
  await expect(later.getByRole('list', { name: 'Run results' })).toContainText(
    'Unknown variable: {{orderId}}',
  );
  // Nothing went out: the call could not be built without the value.
  expect(sandbox.requests.length).toBe(before);
});

test('a run stops with the reason once a renewed token is refused too, not after 500 grants', async ({
  panel,
  sandbox,
}) => {
  const { clientId, clientSecret, companyId } = sandbox.credentials;
  await saveOAuthProfile(panel, {
    name: 'Refused',
    method: 'OAuth (Basic header)',
    authUrl: sandbox.url,
    companyId,
    clientId,
    clientSecret,
  });
  const many: Collection = {
    id: 'refused-run',
    name: 'Many',
    auth: { method: 'oauthBasic', formEncodeCredentials: false },
    variables: [],
    items: [
      {
        kind: 'folder',
        id: 'pings',
        name: 'Pings',
        items: Array.from({ length: 500 }, (_, index) => request(`Ping ${index + 1}`, {})),
      },
    ],
  };
  await panel.getByLabel('Import collection').setInputFiles({
    name: 'many.json',
    mimeType: 'application/json',
    buffer: Buffer.from(exportCollection(many)),
  });
  await expect(panel.getByRole('status', { name: 'Import summary' })).toContainText(
    'Imported “Many”',
  );
  sandbox.switches.refuseTokens = true; // every token it grants is refused by /v1
  const before = sandbox.requests.length;
  const menu = await openRowMenu(panel, 'Pings');
  await menu.getByRole('menuitem', { name: 'Run Pings' }).click();
  const dialog = panel.getByRole('dialog', { name: 'Run Pings' });
  await dialog.getByRole('button', { name: 'Start run' }).click();
  await expect(dialog.getByRole('status')).toContainText(
    'Run stopped after 1 of 500 requests: the API refused the profile’s token, and the renewed one too',
  );
  await expect(dialog.getByRole('status')).toContainText('Press Get token');
  const rows = dialog.getByRole('list', { name: 'Run results' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText('401');
  // One token, one call, one renewal, one retry: and nothing after.
  expect(sandbox.requests.slice(before).map((item) => item.path)).toEqual([
    '/o/oauth/accesstoken',
    '/v1/ping',
    '/o/oauth/accesstoken',
    '/v1/ping',
  ]);
});

/** Imports a collection of `count` pings in a folder "Pings" and opens its Run dialog. */
async function runPings(panel: Page, sandbox: Sandbox, count: number) {
  const { apiKey, companyId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { name: 'Paced', baseUrl: sandbox.url, companyId, apiKey });
  const pings: Collection = {
    id: 'paced-run',
    name: 'Gateway',
    auth: { method: 'apiKey', formEncodeCredentials: false },
    variables: [],
    items: [
      {
        kind: 'folder',
        id: 'pings',
        name: 'Pings',
        items: Array.from({ length: count }, (_, index) =>
          request(`Ping ${index + 1}`, {
            assertions: [{ expression: 'res.status', operator: 'eq', value: '200', enabled: true }],
          }),
        ),
      },
    ],
  };
  await panel.getByLabel('Import collection').setInputFiles({
    name: 'gateway.json',
    mimeType: 'application/json',
    buffer: Buffer.from(exportCollection(pings)),
  });
  await expect(panel.getByRole('status', { name: 'Import summary' })).toContainText(
    'Imported “Gateway”',
  );
  const menu = await openRowMenu(panel, 'Pings');
  await menu.getByRole('menuitem', { name: 'Run Pings' }).click();
  return panel.getByRole('dialog', { name: 'Run Pings' });
}

const v1Pings = (sandbox: Sandbox) => sandbox.requests.filter((item) => item.path === '/v1/ping');

test('a spike arrest paces the rest of the run to its decoded rate, and the run view says so', async ({
  panel,
  sandbox,
}) => {
  // 50 a minute: one call every 1.2 s, so the first two calls of a run (sent at once) trip it.
  sandbox.switches.spikeArrestPerMinute = 50;
  const dialog = await runPings(panel, sandbox, 4);
  await dialog.getByRole('button', { name: 'Start run' }).click();
  await expect(dialog.getByRole('status', { name: 'Pace' })).toHaveText(
    'Paced to one call every 1.2 s: the gateway’s spike arrest.',
  );
  await expect(dialog.getByRole('status').first()).toHaveText(
    'Run finished: 3 of 4 requests passed.',
    { timeout: 15_000 },
  );
  const rows = dialog.getByRole('list', { name: 'Run results' }).getByRole('listitem');
  await expect(rows.nth(1)).toContainText('Failed2. Ping 2500');
  await expect(rows.nth(2)).toContainText('Passed3. Ping 3200');
  await expect(rows.nth(3)).toContainText('Passed4. Ping 4200');
  // The refused call was not retried, and the paced ones kept the gateway's interval.
  const sent = v1Pings(sandbox).map((item) => item.at);
  expect(sent).toHaveLength(4);
  expect((sent[3] ?? 0) - (sent[2] ?? 0)).toBeGreaterThanOrEqual(1_150);
});

test('a quota used up stops the run, naming what it counts and when to try again', async ({
  panel,
  sandbox,
}) => {
  Object.assign(sandbox.switches, { quotaPerMinute: 1, rateLimitStatus: 429 });
  const dialog = await runPings(panel, sandbox, 5);
  await dialog.getByRole('button', { name: 'Start run' }).click();
  const summary = dialog.getByRole('status');
  await expect(summary).toContainText(
    `Run stopped after 2 of 5 requests: the gateway’s quota for ${sandbox.credentials.clientId} is used up (QuotaViolation)`,
  );
  await expect(summary).toContainText(
    /Try again in \d+(\.\d)? s, at \d\d:\d\d:\d\d UTC \(retry-after: \d+\)/,
  );
  await expect(dialog.getByRole('status', { name: 'Pace' })).toHaveCount(0);
  expect(v1Pings(sandbox)).toHaveLength(2);
});
