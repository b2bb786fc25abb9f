/**
 * The OAuth journey against the sandbox: get a token with variant A (Basic header) and variant B
 * (form body) and read every field of the answer, call `/v1` with the Bearer token, survive a token
 * the server has expired, and understand a refused secret. Neither the client secret nor the access
 * token is ever in the page unless the user asks to see the token.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createOAuthProfile, type OAuthMethod, type OAuthProfile } from './profiles';
import { requestTab } from './workbench';

const TOKEN_PATH = '/o/oauth/accesstoken';

function sandboxProfile(
  sandbox: {
    url: string;
    credentials: { clientId: string; clientSecret: string; companyId: string };
  },
  method: OAuthMethod,
): OAuthProfile {
  const { clientId, clientSecret, companyId } = sandbox.credentials;
  return {
    name: `Sandbox (${method})`,
    method,
    authUrl: sandbox.url,
    baseUrl: sandbox.url,
    companyId,
    clientId,
    clientSecret,
  };
}

/** The row of the token table whose row header is exactly this spec field name. */
function fieldRow(token: Locator, name: string): Locator {
  return token
    .getByRole('row')
    .filter({ has: token.page().getByRole('rowheader', { name, exact: true }) });
}

/** What a person could read or copy out of the page: markup, rendered text and input values. */
async function everythingShown(panel: Page): Promise<string> {
  const rendered = await panel.evaluate(() => {
    const values = [...document.querySelectorAll('input, textarea, select')].map(
      (element) => (element as HTMLInputElement).value,
    );
    return [document.body.innerText, ...values].join('\n');
  });
  return `${await panel.content()}\n${rendered}`;
}

async function send(panel: Page, path: string) {
  await panel.getByRole('combobox', { name: 'Method' }).selectOption('GET');
  await panel.getByRole('textbox', { name: 'Path' }).fill(path);
  await panel.getByRole('button', { name: 'Send' }).click();
}

/** What a server-side client would not send: the browser's Origin and Sec-Fetch-* headers. */
function expectNoBrowserHeaders(headers: Record<string, string> | undefined) {
  expect(headers, 'the request reached the sandbox').toBeDefined();
  expect(headers?.origin).toBeUndefined();
  expect(Object.keys(headers ?? {}).filter((name) => name.startsWith('sec-'))).toEqual([]);
}

function bearerTokensReceived(requests: { path: string; headers: Record<string, string> }[]) {
  return requests
    .filter((request) => request.path === '/v1/products')
    .map((request) => request.headers.authorization ?? '');
}

/** The decoded answer a user reads after Get token, for the sandbox's default (long) response. */
async function expectSandboxTokenShown(token: Locator) {
  await expect(token.getByRole('heading', { name: 'Token request failed' })).toHaveCount(0);
  for (const name of [
    'access_token',
    'token_type',
    'expires_in',
    'issued_at',
    'client_id',
    'status',
    'api_product_list',
    'organization_name',
    'developer.email',
  ]) {
    await expect(fieldRow(token, name)).toHaveCount(1);
  }
  await expect(fieldRow(token, 'expires_in')).toContainText('3599');
  await expect(fieldRow(token, 'status')).toContainText('approved');
  await expect(fieldRow(token, 'issued_at')).toContainText(/\d{13}/);
  // expires_in: the absolute expiry and a countdown that moves while the panel is open.
  const countdown = fieldRow(token, 'expires_in').getByRole('timer');
  await expect(countdown).toHaveText(/^expires in 59 min \d+ s$/);
  const before = await countdown.textContent();
  await expect(countdown).not.toHaveText(before ?? '', { timeout: 5_000 });
  // "Partner API Sandbox" has spaces: the products must not be split on them.
  await expect(token.getByRole('list', { name: 'API products' }).getByRole('listitem')).toHaveText([
    'Partner API Sandbox',
    'Partner Reports',
  ]);
  await expect(fieldRow(token, 'access_token')).toContainText(/••••\S{4}/);
  await expect(token.getByRole('button', { name: 'Reveal token' })).toBeVisible();
  await expect(token.getByRole('button', { name: 'Copy token' })).toBeVisible();
  // The sandbox answers as the spec says: nothing to diagnose, so no 'Token diagnostics' list.
  await expect(token.getByRole('heading', { name: 'Token diagnostics' })).toBeVisible();
  await expect(token.getByText('No problems found')).toBeVisible();
  await expect(token.getByRole('list', { name: 'Token diagnostics' })).toHaveCount(0);
}

test('variant A: a token from a Basic header, every field decoded, the token masked', async ({
  panel,
  sandbox,
}) => {
  const profile = sandboxProfile(sandbox, 'OAuth (Basic header)');
  await createOAuthProfile(panel, profile);
  await panel.getByRole('button', { name: 'Get token' }).click();

  const token = panel.getByRole('region', { name: 'Token', exact: true });
  await expectSandboxTokenShown(token);
  // developer.email is a personal datum: masked until the user asks.
  expect(await everythingShown(panel)).not.toContain('developer@example.com');
  await token.getByRole('button', { name: 'Show email' }).click();
  await expect(fieldRow(token, 'developer.email')).toContainText('developer@example.com');

  const tokenRequests = sandbox.requests.filter((request) => request.path === TOKEN_PATH);
  expect(tokenRequests).toHaveLength(1);
  const sent = tokenRequests[0];
  expect(sent?.method).toBe('POST');
  expect(sent?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
  const basic = /^Basic (\S+)$/.exec(sent?.headers.authorization ?? '');
  expect(basic, 'variant A sends an Authorization: Basic header').not.toBeNull();
  expect(Buffer.from(basic?.[1] ?? '', 'base64').toString('utf8')).toBe(
    `${profile.clientId}:${profile.clientSecret}`,
  );
  const form = new URLSearchParams(sent?.body ?? '');
  expect(form.get('grant_type')).toBe('client_credentials');
  expect(form.has('client_secret')).toBe(false);
  expectNoBrowserHeaders(sent?.headers);

  // The token the panel masks is the one the worker sends on /v1 calls, and it is not in the page.
  await send(panel, 'products');
  await expect(panel.getByRole('region', { name: 'Response', exact: true })).toContainText(
    /(?<!\d)200(?!\d)/,
  );
  const [bearer] = bearerTokensReceived(sandbox.requests);
  const accessToken = /^Bearer (\S+)$/.exec(bearer ?? '')?.[1] ?? '';
  expect(accessToken).not.toBe('');
  // Send showed the answer; the Auth tab brings the token tools back.
  await requestTab(panel, 'Auth');
  await expect(fieldRow(token, 'access_token')).toContainText(`••••${accessToken.slice(-4)}`);
  const shown = await everythingShown(panel);
  expect(shown).not.toContain(accessToken);
  expect(shown).not.toContain(profile.clientSecret);

  // Revealing is the user's explicit choice, and then the whole token is there.
  await token.getByRole('button', { name: 'Reveal token' }).click();
  await expect(fieldRow(token, 'access_token')).toContainText(accessToken);
});

test('variant B: a token from the form body, with no Authorization header', async ({
  panel,
  sandbox,
}) => {
  const profile = sandboxProfile(sandbox, 'OAuth (form body)');
  await createOAuthProfile(panel, profile);
  // The RFC 6749 switch only concerns the Basic header.
  await expect(
    panel.getByRole('checkbox', { name: 'Form-encode credentials (RFC 6749)' }),
  ).toHaveCount(0);
  await panel.getByRole('button', { name: 'Get token' }).click();

  const token = panel.getByRole('region', { name: 'Token', exact: true });
  await expectSandboxTokenShown(token);

  const tokenRequests = sandbox.requests.filter((request) => request.path === TOKEN_PATH);
  expect(tokenRequests).toHaveLength(1);
  const sent = tokenRequests[0];
  expect(sent?.method).toBe('POST');
  expect(sent?.headers.authorization).toBeUndefined();
  expect(sent?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
  const form = new URLSearchParams(sent?.body ?? '');
  expect(form.get('grant_type')).toBe('client_credentials');
  expect(form.get('client_id')).toBe(profile.clientId);
  expect(form.get('client_secret')).toBe(profile.clientSecret);
  expectNoBrowserHeaders(sent?.headers);
  expect(await everythingShown(panel)).not.toContain(profile.clientSecret);
});

test('a /v1 call carries the Bearer token, and an expired token is renewed once and retried', async ({
  panel,
  sandbox,
}) => {
  const profile = sandboxProfile(sandbox, 'OAuth (form body)');
  await createOAuthProfile(panel, profile);
  await panel.getByRole('button', { name: 'Get token' }).click();
  await expect(
    panel
      .getByRole('region', { name: 'Token', exact: true })
      .getByRole('rowheader', { name: 'access_token' }),
  ).toBeVisible();

  const response = panel.getByRole('region', { name: 'Response', exact: true });
  await send(panel, 'products');
  await expect(response).toContainText(/(?<!\d)200(?!\d)/);
  await expect(response).not.toContainText('new token');
  const [first] = sandbox.requests.filter((request) => request.path === '/v1/products');
  expect(first?.headers.authorization).toMatch(/^Bearer \S+$/);
  expect(first?.headers['x-apikey']).toBeUndefined();
  expect(first?.headers.companyid).toBe(profile.companyId);
  expectNoBrowserHeaders(first?.headers);

  const tokensBefore = sandbox.tokenRequestCount();
  sandbox.expireAllTokens();
  await send(panel, 'products');
  await expect(response).toContainText('new token');
  await expect(response).toContainText(/(?<!\d)200(?!\d)/);
  expect(sandbox.tokenRequestCount()).toBe(tokensBefore + 1);

  // The server saw the stale token once, then the renewed one.
  const bearers = bearerTokensReceived(sandbox.requests);
  expect(bearers).toHaveLength(3);
  expect(bearers[1]).toBe(bearers[0]);
  expect(bearers[2]).toMatch(/^Bearer \S+$/);
  expect(bearers[2]).not.toBe(bearers[0]);
  const shown = await everythingShown(panel);
  for (const bearer of bearers) expect(shown).not.toContain(bearer.slice('Bearer '.length));
});

test('a wrong client secret: the request, the answer and why it failed, the secret masked', async ({
  panel,
  sandbox,
}) => {
  const wrongSecret = 'Wr0ngSecretValueThatTheSandboxRefuses';
  await createOAuthProfile(panel, {
    ...sandboxProfile(sandbox, 'OAuth (Basic header)'),
    clientSecret: wrongSecret,
  });
  await panel.getByRole('button', { name: 'Get token' }).click();

  const token = panel.getByRole('region', { name: 'Token', exact: true });
  await expect(token.getByRole('heading', { name: 'Token request failed' })).toBeVisible();
  // The request as sent and the answer as received, in two titled blocks.
  await expect(token.getByRole('heading', { name: 'Request sent' })).toBeVisible();
  await expect(token).toContainText(`POST ${sandbox.url}${TOKEN_PATH}`);
  await expect(token).toContainText(/Authorization\s*Basic ••••/);
  await expect(token).toContainText('grant_type=client_credentials');
  await expect(token.getByRole('heading', { name: 'Response received' })).toBeVisible();
  await expect(token).toContainText('HTTP 401');
  await expect(token).toContainText('invalid_client');
  const advice = token.getByRole('list', { name: 'Why it failed' }).getByRole('listitem');
  // A 401 invalid_client: a wrong secret is the likeliest cause, so it leads; the other variant
  // is the last thing to try.
  await expect(advice.first()).toContainText('wrong or revoked');
  await expect(advice.filter({ hasText: /secret is wrong|wrong or revoked/ })).toHaveCount(1);
  await expect(advice.last()).toContainText('Compare variants');
  // What we set and what went out, both masked; no Origin left the browser.
  await expect(token.getByRole('region', { name: 'Headers we set' })).toContainText(
    /Authorization\s*Basic ••••/,
  );
  const wire = token.getByRole('region', { name: 'As sent on the wire' });
  await expect(wire).toContainText(/Authorization\s*Basic ••••/);
  await expect(wire).toContainText(/User-Agent\s*PartnerApiDevTools\/\d/);
  await expect(wire).not.toContainText('Origin');
  expectNoBrowserHeaders(sandbox.requests.find((request) => request.path === TOKEN_PATH)?.headers);

  // Neither the secret nor the Basic header built from it is readable in the page.
  const basicHeader = Buffer.from(`${sandbox.credentials.clientId}:${wrongSecret}`).toString(
    'base64',
  );
  const shown = await everythingShown(panel);
  expect(shown).not.toContain(wrongSecret);
  expect(shown).not.toContain(basicHeader);
});
