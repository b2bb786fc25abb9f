/**
 * Apigee faults (issue 31), in Chromium and in Firefox (journeys of both projects), against the
 * sandbox's policies: the Explanation shows the evidence the fault string does not say plainly
 * (the token's products and issue time beside the call, a spike arrest's pace, the address an IP
 * deny saw), the status line says what the gateway meant, the support report is previewed (no
 * secret in it, the browser named) before it can be copied or saved as a .md file, a token fault
 * said only in WWW-Authenticate at HTTP 500 gets exactly one renewal, a stale product snapshot gets
 * one new token (the Timeline says why), and a rate limit is never retried.
 */
import { readFileSync } from 'node:fs';
import type { Sandbox } from '../../src/sandbox/server';
import { expectText, type PanelDriver } from './driver';
import { expect, test } from './fixtures';
import { createApiKeyProfile, createOAuthProfile } from './profiles';

const response = (panel: PanelDriver) => panel.role('region', 'Response');
const TOKEN_PATH = '/o/oauth/accesstoken';
const tokenRequests = (sandbox: Sandbox) =>
  sandbox.requests.filter((request) => request.path === TOKEN_PATH).length;
const v1Calls = (sandbox: Sandbox) =>
  sandbox.requests.filter((request) => request.path.startsWith('/v1/')).length;

/** What an element of the Response region with this class shows (the status bar, its meaning). */
function shown(panel: PanelDriver, className: string) {
  return response(panel).evaluate(
    (region, name) => region.querySelector(`.${name}`)?.textContent ?? '(none)',
    className,
  );
}

async function send(panel: PanelDriver, path: string, status: string) {
  await panel.role('textbox', 'Path').fill(path);
  await panel.role('button', 'Send').click();
  await expect
    .poll(() => shown(panel, 'status-bar'), { timeout: Math.max(15_000, panel.waitMs) })
    .toContain(status);
}

async function oauthProfile(panel: PanelDriver, sandbox: Sandbox) {
  const { clientId, clientSecret, companyId } = sandbox.credentials;
  await createOAuthProfile(panel, {
    method: 'OAuth (Basic header)',
    authUrl: sandbox.url,
    clientId,
    clientSecret,
    companyId,
  });
}

async function apiKeyProfile(panel: PanelDriver, sandbox: Sandbox) {
  const { apiKey, companyId } = sandbox.credentials;
  await createApiKeyProfile(panel, { baseUrl: sandbox.url, apiKey, companyId });
}

test('a product mismatch shows the token’s products and issue time beside the call, and that a new token will not help; its support report saved', async ({
  panel,
  sandbox,
}) => {
  const { clientId, clientSecret, apiKey } = sandbox.credentials;
  sandbox.switches.productPaths = ['/v1/products/**'];
  await oauthProfile(panel, sandbox);
  await send(panel, 'orders', '401');
  await expectText(response(panel), '401 · No API product covers this call');
  await panel.tab('Response', 'Explanation');
  const explanation = response(panel).within('alert');
  await expectText(explanation, 'InvalidAPICallAsNoApiProductMatchFound');
  await expectText(explanation, /Called\s*GET \/v1\/orders/);
  await expectText(explanation, /Token’s API products\s*Partner API Sandbox, Partner Reports/);
  await expectText(explanation, /Token issued at\s*\d{4}-\d\d-\d\dT/);
  await expectText(explanation, 'will not help: this token was minted for this very call');
  expect(await shown(panel, 'status-meaning')).toBe('401 · No API product covers this call');
  // Minted for this call: no second token.
  expect(tokenRequests(sandbox)).toBe(1);

  // The support report: previewed (secrets counted) before it can be copied or saved.
  const report = response(panel).within('region', 'Support report');
  expect(await report.within('button', 'Copy support report').count()).toBe(0);
  await report.within('button', 'Preview support report').click();
  const preview = report.within('textbox', 'Support report preview');
  await expect
    .poll(() => preview.value(), { timeout: panel.waitMs })
    .toMatch(/Gateway error code: keymanagement\.service\.InvalidAPICallAsNoApiProductMatchFound/);
  const text = await preview.value();
  const browser = panel.browser === 'firefox' ? 'Firefox' : 'Chrom\\w*';
  expect(text).toMatch(
    new RegExp(`- Sent by: Partner API DevTools \\d+\\.\\d+\\.\\d+, ${browser} \\d+`),
  );
  for (const line of [
    `- Base URL: ${sandbox.url}`,
    '- Path: /v1/orders',
    '- Status: 401',
    '- api_product_list: Partner API Sandbox, Partner Reports',
    `- client ID ends with: ${clientId.slice(-4)}`,
    '- Auth: OAuth client credentials, variant A (Basic header)',
    '$ACCESS_TOKEN',
  ])
    expect(text).toContain(line);
  const token = (
    sandbox.requests.find((request) => request.path === '/v1/orders')?.headers.authorization ?? ''
  ).replace(/^Bearer /, '');
  expect(token).not.toBe('');
  for (const secret of [clientSecret, apiKey, token]) expect(text).not.toContain(secret);
  await expectText(report.within('status'), /No secret was found|held a secret/);
  await expect.poll(() => report.within('button', 'Copy support report').visible()).toBe(true);
  const save = report.within('button', 'Save support report');
  expect(await save.visible()).toBe(true);

  const saved = await panel.download(() => save.click());
  expect(saved.name).toMatch(/^support-report-.*\.md$/);
  expect(readFileSync(saved.path, 'utf8')).toBe(text);
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
  await expectText(response(panel), 'sent again with a new token');
  expect(tokenRequests(sandbox)).toBe(2);
  await panel.tab('Response', 'Timeline');
  await expectText(panel.role('list', 'Timeline'), 'no API product matched');
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
  await expectText(response(panel), 'sent again with a new token');
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
  await expect.poll(() => shown(panel, 'status-meaning')).toBe('500 · Spike arrest: rate limit');
  await expectText(response(panel).within('alert'), 'not a server failure');
  await expect
    .poll(async () => (await response(panel).within('definition').nth(0).text()).trim())
    .toBe('1 a minute: at most one call every 60 s');
  expect(v1Calls(sandbox)).toBe(2);
});

test('an IP deny shows the address the gateway saw and what to tell the provider', async ({
  panel,
  sandbox,
}) => {
  await apiKeyProfile(panel, sandbox);
  sandbox.switches.denyClientIp = true;
  await send(panel, 'ping', '403');
  await panel.tab('Response', 'Explanation');
  const explanation = response(panel).within('alert');
  await expectText(explanation, 'Address the gateway saw');
  await expectText(explanation, '127.0.0.1');
  await expectText(explanation, 'VPN');
  await expectText(explanation, /Who can fix it\s*provider/);
});

test('an address variable that held no IP shows the X-Forwarded-For the call sent, and what to send instead', async ({
  panel,
  sandbox,
}) => {
  await apiKeyProfile(panel, sandbox);
  // An Apigee X proxy whose AccessControl reads the client's address from X-Forwarded-For.
  sandbox.switches.clientIpFrom = 'x-forwarded-for';
  await panel.tab('Request', 'Headers');
  await panel.role('button', 'Add header').click();
  await panel.role('textbox', 'Header 1 name').fill('X-Forwarded-For');
  await panel.role('textbox', 'Header 1 value').fill('office-gateway');
  await send(panel, 'ping', '500');
  expect(await shown(panel, 'status-bar')).toContain('Client address is not an IP');
  await panel.tab('Response', 'Explanation');
  const explanation = response(panel).within('alert');
  await expectText(explanation, 'accesscontrol.InvalidIPAddressInVariable');
  await expectText(explanation, 'X-Forwarded-For sent');
  await expectText(explanation, 'office-gateway (not an IP address: send a valid one or none)');
  await expectText(explanation, /Who can fix it\s*you, then the provider/);

  // A valid address goes through: the header was the fault, as the evidence said.
  await panel.role('textbox', 'Header 1 value').fill('203.0.113.7');
  await send(panel, 'ping', '200');
});

test('a refused message weight names the header of the call that held it, and what to send there', async ({
  panel,
  sandbox,
}) => {
  await apiKeyProfile(panel, sandbox);
  // A spike arrest that weighs each call by the X-Batch-Size header.
  sandbox.switches.spikeArrestPerMinute = 600;
  sandbox.switches.spikeArrestWeightHeader = 'x-batch-size';
  await panel.tab('Request', 'Headers');
  await panel.role('button', 'Add header').click();
  await panel.role('textbox', 'Header 1 name').fill('X-Batch-Size');
  await panel.role('textbox', 'Header 1 value').fill('1.5');
  await send(panel, 'ping', '500');
  expect(await shown(panel, 'status-bar')).toContain('Message weight is not a whole number');
  await panel.tab('Response', 'Explanation');
  const explanation = response(panel).within('alert');
  await expectText(explanation, 'policies.ratelimit.InvalidMessageWeight');
  await expectText(explanation, 'X-Batch-Size sent');
  await expectText(explanation, 'send a whole number there');

  await panel.role('textbox', 'Header 1 value').fill('2');
  await send(panel, 'ping', '200');
});
