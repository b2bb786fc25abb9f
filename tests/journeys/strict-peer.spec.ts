/**
 * A token from a standards-strict token endpoint, in Chromium and in Firefox (a journey of both
 * projects): oidc-provider with its defaults (tests/e2e/strict-peer.ts), whose clients have
 * secrets with `%`, `+`, `:` and `&`, and whose default client CORS policy refuses any token
 * request carrying an Origin the client did not register. Both browsers put an Origin on the
 * background's POSTs (Firefox `moz-extension://…`), so these tokens prove the header rule works in
 * each. Variant B (form body) as it is; variant A (Basic header) with RFC 6749 form-encoding,
 * which such a server form-decodes. No form of the secret is shown. Variant A with the raw secret,
 * its advice and Compare variants: tests/e2e/strict-peer.spec.ts.
 */
import type { OAuthMethod } from '../e2e/profiles';
import { STRICT_TOKEN_PATH, type StrictPeer, startStrictPeer } from '../e2e/strict-peer';
import { expectText, type PanelDriver } from './driver';
import { test as base, expect } from './fixtures';
import { createOAuthProfile } from './profiles';

const test = base.extend<{ peer: StrictPeer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  peer: async ({}, use) => {
    const peer = await startStrictPeer();
    await use(peer);
    await peer.close();
  },
});

/** RFC 6749 appendix B: application/x-www-form-urlencoded, space as `+`. */
function formEncode(value: string): string {
  return new URLSearchParams([['', value]]).toString().slice(1);
}

/** Gets a token; the Token region's rows show it masked, with its lifetime, and no failure. */
async function getToken(panel: PanelDriver) {
  await panel.role('button', 'Get token').click();
  const token = panel.role('region', 'Token');
  // One row each: a table row's cells are separated by tabs in innerText, rows by new lines.
  await expectText(token, /access_token[ \t]*••••\S{4}/);
  await expectText(token, /expires_in[ \t]*3600/);
  expect(await token.within('heading', 'Token request failed').count()).toBe(0);
}

/** Markup, rendered text and field values: `&` in a secret is escaped in markup only. */
async function expectSecretNotShown(panel: PanelDriver, client: { id: string; secret: string }) {
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

const CASES: { method: OAuthMethod; client: 'postClient' | 'basicClient'; formEncode?: true }[] = [
  { method: 'OAuth (form body)', client: 'postClient' },
  { method: 'OAuth (Basic header)', client: 'basicClient', formEncode: true },
];

for (const { method, client: which, formEncode: encoded } of CASES) {
  test(`${method}${encoded ? ', RFC 6749 form-encoded,' : ''} gets a token from the strict server`, async ({
    panel,
    peer,
    sandbox,
  }) => {
    const client = peer[which];
    await createOAuthProfile(panel, {
      name: `Strict (${method})`,
      method,
      authUrl: peer.url,
      baseUrl: sandbox.url,
      companyId: sandbox.credentials.companyId,
      clientId: client.id,
      clientSecret: client.secret,
      formEncode: encoded,
    });
    await getToken(panel);

    const sent = tokenRequests(peer);
    expect(sent).toHaveLength(1);
    const authorization = sent[0]?.headers.authorization;
    if (method === 'OAuth (form body)') expect(authorization).toBeUndefined();
    else {
      const pair = `${formEncode(client.id)}:${formEncode(client.secret)}`;
      expect(authorization).toBe(`Basic ${Buffer.from(pair).toString('base64')}`);
    }
    await expectSecretNotShown(panel, client);
  });
}
