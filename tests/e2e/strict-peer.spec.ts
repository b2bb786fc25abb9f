/**
 * Variant A against a standards-strict token endpoint (oidc-provider with its defaults, see
 * strict-peer.ts), whose clients have secrets with `%`, `+`, `:` and `&`. Such a server form-decodes
 * the Basic header (RFC 6749 2.3.1), so the raw secret fails there and "Form-encode credentials
 * (RFC 6749)" makes it work; the form body (variant B) works as it is. Its default client CORS
 * policy refuses any browser origin, so every test also proves the token request left without one.
 * The panel must say why raw variant A fails, and Compare variants must show, and say in words,
 * which variant the server takes. Variant B and form-encoded variant A getting their tokens is a
 * journey of both browsers: tests/journeys/strict-peer.spec.ts.
 */
import type { Locator, Page } from '@playwright/test';
import { test as base, expect } from './fixtures';
import { createOAuthProfile } from './profiles';
import {
  STRICT_TOKEN_PATH,
  type StrictClient,
  type StrictPeer,
  startStrictPeer,
} from './strict-peer';

const test = base.extend<{ peer: StrictPeer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  peer: async ({}, use) => {
    const peer = await startStrictPeer();
    await use(peer);
    await peer.close();
  },
});

const FORM_ENCODE = 'Form-encode credentials (RFC 6749)';

/** RFC 6749 appendix B: application/x-www-form-urlencoded, space as `+`. */
function formEncode(value: string): string {
  return new URLSearchParams([['', value]]).toString().slice(1);
}

interface StrictProfile {
  method: 'OAuth (Basic header)' | 'OAuth (form body)';
  client: StrictClient;
  formEncode?: boolean;
}

async function createStrictProfile(
  panel: Page,
  peer: StrictPeer,
  baseUrl: string,
  companyId: string,
  profile: StrictProfile,
) {
  await createOAuthProfile(panel, {
    name: `Strict (${profile.method})`,
    method: profile.method,
    authUrl: peer.url,
    baseUrl,
    companyId,
    clientId: profile.client.id,
    clientSecret: profile.client.secret,
    formEncode: profile.formEncode,
  });
}

function fieldRow(token: Locator, name: string): Locator {
  return token
    .getByRole('row')
    .filter({ has: token.page().getByRole('rowheader', { name, exact: true }) });
}

/** The comparison row labelled exactly so (not a longer label) has this outcome and status. */
async function expectAttempt(
  comparison: Locator,
  label: string,
  outcome: 'token' | 'failed',
  status: string,
) {
  const page = comparison.page();
  const row = comparison
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: outcome, exact: true })).toHaveCount(1);
  await expect(row.getByRole('cell', { name: status, exact: true })).toHaveCount(1);
}

async function expectTokenShown(token: Locator) {
  await expect(fieldRow(token, 'access_token')).toContainText(/••••\S{4}/);
  await expect(fieldRow(token, 'expires_in')).toContainText('3600');
  await expect(token.getByRole('heading', { name: 'Token request failed' })).toHaveCount(0);
}

/** Markup, rendered text and input values: `&` in a secret is escaped in markup only. */
async function expectSecretNotShown(panel: Page, client: StrictClient) {
  const rendered = await panel.evaluate(() => {
    const values = [...document.querySelectorAll('input, textarea, select')].map(
      (element) => (element as HTMLInputElement).value,
    );
    return [document.body.innerText, ...values].join('\n');
  });
  const shown = `${await panel.content()}\n${rendered}`;
  for (const form of [
    client.secret,
    formEncode(client.secret),
    Buffer.from(`${client.id}:${client.secret}`).toString('base64'),
    Buffer.from(`${formEncode(client.id)}:${formEncode(client.secret)}`).toString('base64'),
  ]) {
    expect(shown).not.toContain(form);
  }
}

/** The token requests the peer received; none may carry a browser's Origin or Sec-Fetch-*. */
function tokenRequests(peer: StrictPeer) {
  const received = peer.requests.filter((request) => request.path === STRICT_TOKEN_PATH);
  for (const { headers } of received) {
    expect(headers.origin).toBeUndefined();
    expect(Object.keys(headers).filter((name) => name.startsWith('sec-'))).toEqual([]);
  }
  return received;
}

test('variant A with the raw secret fails, says to form-encode, and Compare variants shows what works', async ({
  panel,
  peer,
  sandbox,
}) => {
  const client = peer.basicClient;
  await createStrictProfile(panel, peer, sandbox.url, sandbox.credentials.companyId, {
    method: 'OAuth (Basic header)',
    client,
    formEncode: false,
  });
  await panel.getByRole('button', { name: 'Get token' }).click();

  const token = panel.getByRole('region', { name: 'Token', exact: true });
  await expect(token.getByRole('heading', { name: 'Token request failed' })).toBeVisible();
  await expect(token.getByRole('heading', { name: 'Response received' })).toBeVisible();
  await expect(token).toContainText('HTTP 400');
  const advice = token.getByRole('list', { name: 'Why it failed' }).getByRole('listitem');
  // The server says the Basic header is "not properly encoded": that advice comes first.
  await expect(advice.first()).toContainText(`turn on “${FORM_ENCODE}”`);
  await expect(advice.filter({ hasText: FORM_ENCODE })).toHaveCount(1);
  await expect(token.getByRole('region', { name: 'As sent on the wire' })).toContainText(
    /Authorization\s*Basic ••••/,
  );
  expect(tokenRequests(peer)[0]?.headers.authorization).toBe(
    `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
  );
  await expectSecretNotShown(panel, client);

  await panel.getByRole('button', { name: 'Compare variants' }).click();
  const comparison = panel.getByRole('region', { name: 'Variant comparison' });
  await expectAttempt(comparison, 'A: Basic header', 'failed', '400');
  await expectAttempt(comparison, 'B: form body', 'token', '200');
  await expectAttempt(comparison, 'A: Basic header, RFC 6749 form-encoded', 'token', '200');
  await expect(comparison).toContainText(
    'Conclusion: Use “B: form body” and “A: Basic header, RFC 6749 form-encoded”: the server accepted them and refused “A: Basic header”.',
  );
  expect(tokenRequests(peer)).toHaveLength(4);
  await expectSecretNotShown(panel, client);

  // Following the advice: turn the switch on, and the same profile gets a token.
  await panel.getByRole('button', { name: 'Edit profile' }).click();
  await panel.getByRole('checkbox', { name: FORM_ENCODE }).check();
  await panel.getByRole('button', { name: 'Save profile' }).click();
  await panel.getByRole('button', { name: 'Get token' }).click();
  await expectTokenShown(token);
});
