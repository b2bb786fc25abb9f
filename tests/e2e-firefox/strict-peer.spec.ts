/**
 * Firefox against a standards-strict token endpoint: oidc-provider with its defaults
 * (tests/e2e/strict-peer.ts), whose default client CORS policy refuses any token request carrying
 * an Origin the client did not register. Firefox puts `Origin: moz-extension://…` on every POST
 * the background makes, so these tokens prove the header rule works in Firefox. Variant B (form
 * body) as it is, variant A (Basic header) with RFC 6749 form-encoding, whose secrets hold `%`,
 * `+`, `:` and `&`.
 */
import type { OAuthMethod } from '../e2e/profiles';
import { STRICT_TOKEN_PATH, type StrictPeer, startStrictPeer } from '../e2e/strict-peer';
import { expectNoText, expectText, type PanelDriver } from '../journeys/driver';
import { createOAuthProfile } from '../journeys/profiles';
import { test as base, expect } from './fixtures';

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

async function getToken(panel: PanelDriver) {
  await panel.role('button', 'Get token').click();
  const token = panel.role('region', 'Token');
  await expectText(token, /access_token\s*••••\S{4}/);
  await expectText(token, /expires_in\s*3600/);
  await expectNoText(token, 'Token request failed');
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
    const shown = `${await panel.content()}\n${await panel.evaluate(() => document.body.innerText)}`;
    expect(shown).not.toContain(client.secret);
    expect(shown).not.toContain(formEncode(client.secret));
  });
}
