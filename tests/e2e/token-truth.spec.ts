/**
 * One source of truth (issue 21): what the panel shows about a token, the lock and an answer is
 * what the worker has, the moment it changes, with no reload. Against the sandbox with short token
 * lifetimes: a renewal near expiry shows the token the sandbox received; a failure does not outlive
 * its fix (a failed Get token beside a good cached one: tests/journeys/token-truth.spec.ts, run in
 * both browsers); Lock now and an edit clear the token; expiry turns the badge; opening another request
 * never shows the previous answer; and the worker's events never carry a secret.
 */
import type { Page } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox/server';
import { expect, OFTEN, test } from './fixtures';
import { createOAuthProfile, saveApiKeyProfile, saveOAuthProfile } from './profiles';

const toolbar = (panel: Page) => panel.getByRole('banner');
const tokenRegion = (panel: Page) => panel.getByRole('region', { name: 'Token' });
const response = (panel: Page) => panel.getByRole('region', { name: 'Response' });

/** The masked view the panel shows of a token: its last four characters. */
const tail = (token: string) => `••••${token.slice(-4)}`;

/** The Bearer tokens the sandbox received on /v1 calls, oldest first. */
const bearers = (requests: { path: string; headers: Record<string, string> }[]) =>
  requests
    .filter((request) => request.path.startsWith('/v1/'))
    .map((request) => (request.headers.authorization ?? '').replace(/^Bearer /, ''));

async function send(panel: Page, path: string) {
  await panel.getByRole('textbox', { name: 'Path' }).fill(path);
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(response(panel)).toContainText('200', { timeout: 15_000 });
}

/**
 * An OAuth profile, saved as the editor saves it (`through` the editor's form where the panel
 * must not reload first: a test that listens in the page).
 */
async function oauthProfile(panel: Page, sandbox: Sandbox, through = saveOAuthProfile) {
  const { clientId, clientSecret, companyId } = sandbox.credentials;
  await through(panel, {
    method: 'OAuth (Basic header)',
    authUrl: sandbox.url,
    clientId,
    clientSecret,
    companyId,
  });
}

test('a renewal near expiry shows, in the toolbar, the Token region and the timeline, the token the sandbox received', async ({
  panel,
  sandbox,
}) => {
  // 60 s tokens: the worker renews a token a minute before it expires, so the next call renews
  // at once (no waiting for a longer-lived token to come within the minute).
  sandbox.switches.tokenLifetimeSeconds = 60;
  await oauthProfile(panel, sandbox);
  await send(panel, 'products');
  const [first] = bearers(sandbox.requests);
  expect(first).toBeTruthy();
  await expect(toolbar(panel)).toContainText(tail(first ?? ''));

  await send(panel, 'products');
  // The first answer's 200 may still be on screen when send() looks: wait for the second call.
  await expect.poll(() => bearers(sandbox.requests).length, OFTEN).toBe(2);
  const second = bearers(sandbox.requests).at(-1) ?? '';
  expect(second).not.toBe(first);
  // Within 500 ms of the answer, everything names the token that went out.
  await expect(toolbar(panel)).toContainText(tail(second), { timeout: 500 });
  await panel.getByRole('tab', { name: 'Auth' }).click();
  await expect(tokenRegion(panel)).toContainText(tail(second), { timeout: 500 });
  await expect(tokenRegion(panel)).not.toContainText(tail(first ?? ''));
  await expect(panel.getByRole('list', { name: 'Token events' })).toContainText(
    `Renewed ${tail(second)}: the cached one was about to expire`,
  );

  // The token tools take the main area; another request tab gives the answer its pane back.
  await panel.getByRole('tab', { name: 'Params' }).click();
  await response(panel).getByRole('tab', { name: 'Timeline' }).click();
  const timeline = response(panel).getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  await expect(timeline.getByRole('listitem').first()).toContainText(
    'Token requested (variant A, Basic header) because the cached one was about to expire',
  );
  await expect(timeline.getByRole('listitem').nth(1)).toContainText('GET');
  await expect(timeline.getByRole('listitem').nth(1)).toContainText('→ 200');
});

test('an expired token: the toolbar and the diagnostics tell one time since expiry, and the next call says it had expired', async ({
  panel,
  sandbox,
}) => {
  // A 1 s token: expired by the time the panel has shown it issued.
  sandbox.switches.tokenLifetimeSeconds = 1;
  await oauthProfile(panel, sandbox);
  await panel.getByRole('tab', { name: 'Auth' }).click();
  // A new profile had no token to forget: no "Forgotten: the profile was edited".
  await expect(panel.getByRole('list', { name: 'Token events' })).toHaveCount(0);
  await toolbar(panel).getByRole('button', { name: 'Get token' }).click();
  const events = panel.getByRole('list', { name: 'Token events' }).getByRole('listitem');
  await expect(events).toHaveCount(1);
  await expect(events.first()).toContainText(/Issued ••••.{4}: Get token/);

  await expect(toolbar(panel).locator('.badge')).toHaveText('expired', { timeout: 5_000 });
  // Until the countdown has counted two seconds since expiry, then read both at one instant.
  await expect(toolbar(panel).getByRole('timer')).toHaveText(/^expired ([2-9]|\d\d+) s ago$/, {
    timeout: 5_000,
  });
  // Read both at one instant: the toolbar's countdown and the Auth tab's finding.
  const [timer, finding] = await panel.evaluate(() => [
    document.querySelector('header [role="timer"]')?.textContent ?? '',
    document.querySelector('[data-id="expired"]')?.textContent ?? '',
  ]);
  const ago = /^expired (\d+) s ago$/.exec(timer ?? '')?.[1];
  expect(Number(ago)).toBeGreaterThanOrEqual(2);
  expect(finding).toContain(`It expired ${ago} s ago`);

  sandbox.switches.tokenLifetimeSeconds = 3599;
  await panel.getByRole('tab', { name: 'Params' }).click();
  await send(panel, 'products');
  await response(panel).getByRole('tab', { name: 'Timeline' }).click();
  await expect(
    response(panel).getByRole('list', { name: 'Timeline' }).getByRole('listitem').first(),
  ).toContainText('Token requested (variant A, Basic header) because the cached one had expired');
});

test('a wrong secret, then the right one: the working token replaces the failure, and the old comparison goes', async ({
  panel,
  sandbox,
}) => {
  await oauthProfile(panel, sandbox);
  await panel.getByRole('button', { name: 'Edit profile' }).click();
  await panel.getByLabel('Client secret').fill('wrong-secret-0000');
  await panel.getByRole('button', { name: 'Save profile' }).click();
  await toolbar(panel).getByRole('button', { name: 'Get token' }).click();
  await expect(toolbar(panel)).toContainText('Token request failed');
  await panel.getByRole('button', { name: 'Compare variants' }).click();
  const comparison = panel.getByRole('table');
  await expect(comparison.first()).toBeVisible();

  await panel.getByRole('button', { name: 'Edit profile' }).click();
  await panel.getByLabel('Client secret').fill(sandbox.credentials.clientSecret);
  await panel.getByRole('button', { name: 'Save profile' }).click();
  // The edit forgot the failed attempt: the toolbar no longer claims it.
  await expect(toolbar(panel)).toContainText('No token yet', { timeout: 500 });
  await expect(panel.getByRole('table')).toHaveCount(0);

  await send(panel, 'products');
  const used = bearers(sandbox.requests).at(-1) ?? '';
  await expect(toolbar(panel)).not.toContainText('Token request failed');
  await expect(toolbar(panel)).toContainText(tail(used), { timeout: 500 });
  await panel.getByRole('tab', { name: 'Auth' }).click();
  await expect(tokenRegion(panel)).toContainText(tail(used));
});

test('Lock now forgets the token in the toolbar at once, and an expiring token turns the badge by itself', async ({
  panel,
  sandbox,
}) => {
  sandbox.switches.tokenLifetimeSeconds = 3;
  await oauthProfile(panel, sandbox);
  await toolbar(panel).getByRole('button', { name: 'Get token' }).click();
  await expect(toolbar(panel).locator('.badge')).toHaveText('approved');
  await expect(
    tokenRegion(panel).getByRole('listitem').filter({ hasText: 'expires in under a minute' }),
  ).toBeVisible();
  // No reload, no click: at expiry the badge and the diagnostics say so.
  await expect(toolbar(panel).locator('.badge')).toHaveText('expired', { timeout: 5_000 });
  await expect(tokenRegion(panel)).toContainText('The token has expired');
  await expect(tokenRegion(panel)).not.toContainText('No problems found');

  sandbox.switches.tokenLifetimeSeconds = 3599;
  await toolbar(panel).getByRole('button', { name: 'Get token' }).click();
  await expect(toolbar(panel).locator('.badge')).toHaveText('approved');
  await panel.getByRole('button', { name: 'Lock with passphrase' }).click();
  const form = panel.getByRole('form', { name: 'Lock with passphrase' });
  await form.getByLabel('New passphrase').fill('a long enough passphrase');
  await form.getByLabel('Confirm passphrase').fill('a long enough passphrase');
  await form.getByRole('button', { name: 'Turn on lock' }).click();
  await panel.getByRole('button', { name: 'Lock now' }).click();
  await expect(toolbar(panel)).toContainText('No token yet', { timeout: 500 });
  await expect(toolbar(panel).locator('.badge')).toHaveCount(0);
});

test('a revealed token hides when Get token brings a new one', async ({ panel, sandbox }) => {
  await oauthProfile(panel, sandbox);
  await toolbar(panel).getByRole('button', { name: 'Get token' }).click();
  await tokenRegion(panel).getByRole('button', { name: 'Reveal token' }).click();
  await expect(tokenRegion(panel).getByRole('button', { name: 'Hide token' })).toBeVisible();
  await toolbar(panel).getByRole('button', { name: 'Get token' }).click();
  await expect(tokenRegion(panel).getByRole('button', { name: 'Reveal token' })).toBeVisible();
});

test('opening another request never shows the previous answer; each answer names its request', async ({
  panel,
  sandbox,
}) => {
  await oauthProfile(panel, sandbox);
  await send(panel, 'products');
  await expect(response(panel).getByText(/^For /)).toContainText('GET /v1/products');
  await panel.getByRole('button', { name: 'Save request' }).click();
  const form = panel.getByRole('form', { name: 'Save request' });
  await form.getByRole('textbox', { name: 'Request name' }).fill('List products');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(panel.getByRole('treeitem', { name: 'List products', exact: true })).toBeVisible();
  // The opened request's name is in view beside the request's actions.
  await expect(panel.getByText('“List products”', { exact: true })).toBeVisible();

  await expect(panel.getByText('Saved “List products”.')).toBeVisible();
  await panel.getByRole('textbox', { name: 'Path' }).fill('orders');
  // Status lines never contradict: an edit after the save drops "Saved" for "Unsaved changes".
  await expect(panel.getByText('Unsaved changes to “List products”')).toBeVisible();
  await expect(panel.getByText('Saved “List products”.')).toHaveCount(0);
  await send(panel, 'orders');
  await expect(response(panel).getByText(/^For /)).toContainText('GET /v1/orders');
  await panel.getByRole('treeitem', { name: 'List products', exact: true }).click();
  await expect(panel.getByRole('textbox', { name: 'Path' })).toHaveValue('products');
  await expect(response(panel)).not.toContainText('/v1/orders');
  await expect(response(panel)).toContainText('Press Send');
  await send(panel, 'products');
  await expect(response(panel).getByText(/^For /)).toContainText('“List products”');
});

test('the worker’s events carry no secret: no client secret, API key or access token', async ({
  panel,
  sandbox,
}) => {
  await panel.evaluate(() => {
    const seen: unknown[] = [];
    (window as unknown as { seenEvents: unknown[] }).seenEvents = seen;
    chrome.runtime.onMessage.addListener((message: unknown) => {
      seen.push(message);
    });
  });
  await oauthProfile(panel, sandbox, createOAuthProfile);
  await toolbar(panel).getByRole('button', { name: 'Get token' }).click();
  await send(panel, 'products');
  sandbox.expireAllTokens();
  await send(panel, 'orders');
  await panel.getByRole('button', { name: 'Edit profile' }).click();
  await panel.getByRole('button', { name: 'Save profile' }).click();
  const seenEvents = async () =>
    JSON.stringify(
      await panel.evaluate(() => (window as unknown as { seenEvents: unknown[] }).seenEvents),
    );
  // The save's "forgotten" event follows the save's reply: wait for it rather than read at once.
  await expect.poll(seenEvents, OFTEN).toContain('"change":"forgotten"');
  const events = await seenEvents();
  expect(events).toContain('"kind":"token"');
  expect(events).toContain('"kind":"timeline"');
  const canaries = [sandbox.credentials.clientSecret, ...bearers(sandbox.requests)];
  expect(canaries.length).toBeGreaterThan(2);
  for (const canary of canaries) expect(events).not.toContain(canary);
});

test('the Copy as code follows the draft, and History says in words what became of a call', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { baseUrl: sandbox.url, companyId, apiKey });
  await panel.getByRole('combobox', { name: 'Method' }).selectOption('POST');
  await panel.getByRole('textbox', { name: 'Path' }).fill('orders');
  await panel.getByRole('button', { name: 'Copy as cURL', exact: true }).click();
  const code = panel.getByRole('region', { name: 'cURL command' });
  await expect(code).toContainText('-X POST');
  await expect(code).toContainText('/v1/orders');
  await panel.getByRole('combobox', { name: 'Method' }).selectOption('GET');
  await panel.getByRole('textbox', { name: 'Path' }).fill('products');
  await expect(code).toContainText('/v1/products');
  await expect(code).not.toContainText('/v1/orders');
  await expect(code).not.toContainText('-X POST');

  await sandbox.close();
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByRole('alert')).toContainText('Nothing answered');
  await panel.getByRole('tab', { name: 'History' }).click();
  const history = panel.getByRole('region', { name: 'History' });
  await expect(history).toContainText('no answer');
  await expect(history).not.toContainText('server_unreachable');
});
