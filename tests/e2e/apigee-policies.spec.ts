/**
 * The rest of the sandbox's Apigee policies (issue 31), each met as a partner meets it and judged
 * by its Explanation: a quota at Apigee's default 500 and at 429 (the identifier it counts, when
 * to try again from Retry-After, never retried), a missing scope (the scopes named), an inactive
 * developer, company or app (only the provider can change it), an expired or revoked API key, a
 * fault said only in `WWW-Authenticate` with an empty body (its code, text and evidence shown), and
 * an expired token reported with HTTP 400, renewed once.
 */
import type { Page } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox/server';
import { expect, test } from './fixtures';
import { saveApiKeyProfile, saveOAuthProfile } from './profiles';

const response = (panel: Page) => panel.getByRole('region', { name: 'Response', exact: true });
const explanation = (panel: Page) => response(panel).getByRole('alert');
const v1Calls = (sandbox: Sandbox) =>
  sandbox.requests.filter((request) => request.path.startsWith('/v1/')).length;

async function send(panel: Page, path: string, status: string) {
  await panel.getByRole('textbox', { name: 'Path' }).fill(path);
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(response(panel).locator('.status-bar')).toContainText(status, { timeout: 15_000 });
}

/** The Explanation's evidence as "label: value" lines. */
async function evidence(panel: Page): Promise<string[]> {
  const list = explanation(panel).getByRole('definition');
  await expect(list.first()).toBeVisible();
  return explanation(panel)
    .locator('.fault-evidence > div')
    .evaluateAll((rows) =>
      rows.map(
        (row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`,
      ),
    );
}

async function apiKeyProfile(panel: Page, sandbox: Sandbox) {
  const { apiKey, companyId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { baseUrl: sandbox.url, apiKey, companyId });
}

for (const status of [500, 429] as const) {
  test(`a quota used up at HTTP ${status}: the identifier it counts, when to try again, not retried`, async ({
    panel,
    sandbox,
  }) => {
    await apiKeyProfile(panel, sandbox);
    Object.assign(sandbox.switches, { quotaPerMinute: 1, rateLimitStatus: status });
    await send(panel, 'ping', '200');
    await send(panel, 'ping', String(status));
    await expect(response(panel).locator('.status-meaning')).toHaveText(
      `${status} · Quota used up`,
    );
    await expect(explanation(panel)).toContainText('policies.ratelimit.QuotaViolation');
    await expect(explanation(panel)).toContainText('do not retry in a loop');
    const items = await evidence(panel);
    expect(items).toContain(`Quota counted for: ${sandbox.credentials.clientId}`);
    expect(items).toContain('Can a new token help: no');
    const retry = items.find((item) => item.startsWith('Try again: '));
    if (status === 429) {
      // The sandbox says when its minute ends: the panel turns Retry-After into a time.
      expect(retry).toMatch(
        /^Try again: in \d+(\.\d)? s, at \d\d:\d\d:\d\d UTC \(retry-after: \d+\)$/,
      );
    } else {
      expect(retry).toBe(
        'Try again: when the quota period resets (the answer names no time: ask the provider for the period)',
      );
    }
    // Refused once, and left alone: no retry now or later. The worker's only retry (a new token,
    // once) runs inside the send, before its answer is shown, and it keeps no timer that sends
    // again; so a short look after the answer suffices for a retry already on its way.
    await panel.waitForTimeout(500);
    expect(v1Calls(sandbox)).toBe(2);
  });
}

test('a token without the required scope: the scopes named beside the token’s', async ({
  panel,
  sandbox,
}) => {
  const { clientId, clientSecret, companyId } = sandbox.credentials;
  await saveOAuthProfile(panel, {
    method: 'OAuth (form body)',
    authUrl: sandbox.url,
    clientId,
    clientSecret,
    companyId,
  });
  sandbox.switches.requiredScope = 'orders.write';
  await send(panel, 'orders', '403');
  await expect(response(panel).locator('.status-meaning')).toHaveText(
    '403 · Token lacks a required scope',
  );
  await expect(explanation(panel)).toContainText('steps.oauth.v2.InsufficientScope');
  const items = await evidence(panel);
  expect(items).toContain('Required scopes: orders.write');
  expect(items).toContain('Token’s scopes: (none)');
  expect(items).toContain('Who can fix it: you, then the provider');
});

const STATUSES = [
  [
    'developer-inactive',
    'keymanagement.service.DeveloperStatusNotActive',
    'Developer account inactive',
  ],
  ['company-inactive', 'keymanagement.service.CompanyStatusNotActive', 'Company inactive'],
  ['app-not-approved', 'keymanagement.service.invalid_client-app_not_approved', 'App not approved'],
] as const;

test('an inactive developer, company or app: only the provider can change it', async ({
  panel,
  sandbox,
}) => {
  await apiKeyProfile(panel, sandbox);
  for (const [appStatus, code, title] of STATUSES) {
    sandbox.switches.appStatus = appStatus;
    const before = v1Calls(sandbox);
    await send(panel, `ping?for=${appStatus}`, '401');
    await expect(response(panel).locator('.status-meaning')).toHaveText(`401 · ${title}`);
    await expect(explanation(panel)).toContainText(code);
    await expect(explanation(panel)).toContainText('Only the provider can');
    const items = await evidence(panel);
    expect(items).toContain('Who can fix it: provider');
    expect(items).toContain('Can a new token help: no');
    expect(v1Calls(sandbox)).toBe(before + 1);
  }
});

test('an expired and a revoked API key: a new credential from the provider’s portal', async ({
  panel,
  sandbox,
}) => {
  await apiKeyProfile(panel, sandbox);
  for (const apiKeyStatus of ['expired', 'revoked'] as const) {
    sandbox.switches.apiKeyStatus = apiKeyStatus;
    await send(panel, `ping?key=${apiKeyStatus}`, '401');
    await expect(response(panel).locator('.status-meaning')).toHaveText(
      '401 · Credential expired or revoked',
    );
    await expect(explanation(panel)).toContainText(`Consumer key is ${apiKeyStatus}`);
    await expect(explanation(panel)).toContainText('consumer_key_expired_or_revoked');
    await expect(explanation(panel)).toContainText('new credential');
    expect(await evidence(panel)).toContain('Who can fix it: you, then the provider');
  }
  expect(v1Calls(sandbox)).toBe(2);
});

test('a fault said only in WWW-Authenticate, with an empty body, is read and explained with its evidence', async ({
  panel,
  sandbox,
}) => {
  await apiKeyProfile(panel, sandbox);
  Object.assign(sandbox.switches, {
    faultsIn: 'www-authenticate',
    productPaths: ['/v1/products/**'],
  });
  await send(panel, 'orders', '401');
  const recorded = sandbox.requests.filter((request) => request.path === '/v1/orders');
  expect(recorded).toHaveLength(1);
  await expect(response(panel).locator('.status-meaning')).toHaveText(
    '401 · API key not allowed on this path',
  );
  await expect(explanation(panel)).toContainText(
    'oauth.v2.InvalidApiKeyForGivenResource: Invalid ApiKey for given resource (in the WWW-Authenticate header)',
  );
  await expect(explanation(panel)).toContainText('VerifyAPIKey policy');
  const items = await evidence(panel);
  expect(items).toContain('Who can fix it: provider');
  expect(items).toContain('Can a new token help: no');
  // The body really was empty: the explanation came from the header alone.
  await response(panel)
    .getByRole('tab', { name: /^Body\b/ })
    .click();
  await expect(response(panel).getByRole('button', { name: 'Copy body' })).toBeDisabled();
});

test('an expired token reported in the body with HTTP 400 is renewed once, as at 401 and 500', async ({
  panel,
  sandbox,
}) => {
  const { clientId, clientSecret, companyId } = sandbox.credentials;
  await saveOAuthProfile(panel, {
    method: 'OAuth (Basic header)',
    authUrl: sandbox.url,
    clientId,
    clientSecret,
    companyId,
  });
  sandbox.switches.tokenFaultStatus = 400;
  await send(panel, 'products', '200');
  sandbox.expireAllTokens();
  await send(panel, 'products', '200');
  await expect(response(panel)).toContainText('sent again with a new token');
  const tokenRequests = sandbox.requests.filter((item) => item.path === '/o/oauth/accesstoken');
  expect(tokenRequests).toHaveLength(2);
  expect(v1Calls(sandbox)).toBe(3);
});
