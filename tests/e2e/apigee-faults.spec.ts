/**
 * Apigee faults (issue 31), against the sandbox's policies: the Explanation shows the evidence the
 * fault string does not say plainly (the token's products and issue time beside the call, a spike
 * arrest's pace, the address an IP deny saw), the status line says what the gateway meant, a token
 * fault said only in WWW-Authenticate at HTTP 500 gets exactly one renewal, a stale product
 * snapshot gets one new token (the Timeline says why), and a rate limit is never retried.
 */
import type { Page } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox/server';
import { expect, test } from './fixtures';
import { createApiKeyProfile, createOAuthProfile } from './profiles';
import { responseTab } from './workbench';

const response = (panel: Page) => panel.getByRole('region', { name: 'Response' });
const TOKEN_PATH = '/o/oauth/accesstoken';
const tokenRequests = (sandbox: Sandbox) =>
  sandbox.requests.filter((request) => request.path === TOKEN_PATH).length;
const v1Calls = (sandbox: Sandbox) =>
  sandbox.requests.filter((request) => request.path.startsWith('/v1/')).length;

async function send(panel: Page, path: string, status: string) {
  await panel.getByRole('textbox', { name: 'Path' }).fill(path);
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(response(panel).locator('.status-bar')).toContainText(status, { timeout: 15_000 });
}

async function oauthProfile(panel: Page, sandbox: Sandbox) {
  const { clientId, clientSecret, companyId } = sandbox.credentials;
  await createOAuthProfile(panel, {
    method: 'OAuth (Basic header)',
    authUrl: sandbox.url,
    clientId,
    clientSecret,
    companyId,
  });
}

async function apiKeyProfile(panel: Page, sandbox: Sandbox) {
  const { apiKey, companyId } = sandbox.credentials;
  await createApiKeyProfile(panel, { baseUrl: sandbox.url, apiKey, companyId });
}

const evidence = (panel: Page) => response(panel).getByRole('definition');

test('a product mismatch shows the token’s products and issue time beside the call, and that a new token will not help', async ({
  panel,
  sandbox,
}) => {
  sandbox.switches.productPaths = ['/v1/products/**'];
  await oauthProfile(panel, sandbox);
  await send(panel, 'orders', '401');
  const explanation = response(panel).getByRole('alert');
  await expect(explanation).toContainText('InvalidAPICallAsNoApiProductMatchFound');
  await expect(explanation).toContainText('Called');
  await expect(explanation).toContainText('GET /v1/orders');
  await expect(explanation).toContainText('Partner API Sandbox, Partner Reports');
  await expect(explanation).toContainText(/Token issued at\s*\d{4}-\d\d-\d\dT/);
  await expect(explanation).toContainText(
    'will not help: this token was minted for this very call',
  );
  await expect(response(panel).locator('.status-meaning')).toHaveText(
    '401 · No API product covers this call',
  );
  // Minted for this call: no second token.
  expect(tokenRequests(sandbox)).toBe(1);

  // The support report: previewed (secrets counted) before it can be copied or saved.
  const report = response(panel).getByRole('region', { name: 'Support report' });
  await expect(report.getByRole('button', { name: 'Copy support report' })).toHaveCount(0);
  await report.getByRole('button', { name: 'Preview support report' }).click();
  const text = report.getByRole('textbox', { name: 'Support report preview' });
  await expect(text).toHaveValue(
    /Gateway error code: keymanagement\.service\.InvalidAPICallAsNoApiProductMatchFound/,
  );
  const value = await text.inputValue();
  for (const line of [
    `- Base URL: ${sandbox.url}`,
    '- Path: /v1/orders',
    '- Status: 401',
    '- api_product_list: Partner API Sandbox, Partner Reports',
    `- client ID ends with: ${sandbox.credentials.clientId.slice(-4)}`,
    '- Auth: OAuth client credentials, variant A (Basic header)',
    '$ACCESS_TOKEN',
  ]) {
    expect(value).toContain(line);
  }
  const [token] = sandbox.requests
    .filter((request) => request.path === '/v1/orders')
    .map((request) => (request.headers.authorization ?? '').replace(/^Bearer /, ''));
  for (const secret of [
    sandbox.credentials.clientSecret,
    sandbox.credentials.apiKey,
    token ?? '',
  ]) {
    expect(value).not.toContain(secret);
  }
  await expect(report.getByRole('status')).toContainText(/No secret was found|held a secret/);
  await expect(report.getByRole('button', { name: 'Copy support report' })).toBeVisible();
  await expect(report.getByRole('button', { name: 'Save support report' })).toBeVisible();
});

test('a token minted before a product was added gets one new token and one retry, and the Timeline says why', async ({
  panel,
  sandbox,
}) => {
  sandbox.switches.productPaths = ['/v1/products/**'];
  await oauthProfile(panel, sandbox);
  await send(panel, 'products', '200');
  sandbox.switches.addedProductPaths = ['/v1/orders/**'];
  await send(panel, 'orders', '200');
  await expect(response(panel)).toContainText('sent again with a new token');
  expect(tokenRequests(sandbox)).toBe(2);
  await responseTab(panel, 'Timeline');
  await expect(panel.getByRole('list', { name: 'Timeline' })).toContainText(
    'no API product matched',
  );
});

test('an expired token said only in WWW-Authenticate with HTTP 500 is renewed once', async ({
  panel,
  sandbox,
}) => {
  Object.assign(sandbox.switches, { faultsIn: 'www-authenticate', tokenFaultStatus: 500 });
  await oauthProfile(panel, sandbox);
  await send(panel, 'products', '200');
  sandbox.expireAllTokens();
  await send(panel, 'products', '200');
  await expect(response(panel)).toContainText('sent again with a new token');
  expect(tokenRequests(sandbox)).toBe(2);
  expect(v1Calls(sandbox)).toBe(3);
});

test('a spike arrest is decoded into a pace, named in the status line, and not retried', async ({
  panel,
  sandbox,
}) => {
  await apiKeyProfile(panel, sandbox);
  sandbox.switches.spikeArrestPerMinute = 1;
  await send(panel, 'ping', '200');
  await send(panel, 'ping', '500');
  await expect(response(panel).locator('.status-meaning')).toHaveText(
    '500 · Spike arrest: rate limit',
  );
  await expect(response(panel).getByRole('alert')).toContainText('not a server failure');
  await expect(evidence(panel).first()).toHaveText('1 a minute: at most one call every 60 s');
  expect(v1Calls(sandbox)).toBe(2);
});

test('an IP deny shows the address the gateway saw and what to tell the provider', async ({
  panel,
  sandbox,
}) => {
  await apiKeyProfile(panel, sandbox);
  sandbox.switches.denyClientIp = true;
  await send(panel, 'ping', '403');
  await responseTab(panel, 'Explanation');
  const explanation = response(panel).getByRole('alert');
  await expect(explanation).toContainText('Address the gateway saw');
  await expect(explanation).toContainText('127.0.0.1');
  await expect(explanation).toContainText('VPN');
  await expect(explanation).toContainText(/Who can fix it\s*provider/);
});
