import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox, type SandboxCredentials } from '../../sandbox/server';
import { useSandbox } from '../../testing/fixtures/sandbox/sandbox-fixture';
import {
  ADDED_BELOW_THE_OBSERVER,
  createWireObserver,
  NOT_WATCHED,
  type WireObserver,
} from '../wire/wire-headers';
import { credentialTraits } from './credential-advice';
import {
  type GrantResult,
  runTokenGrant,
  type TokenFailureView,
  type TokenSuccessView,
} from './token-grant';
import { base64Utf8, type TokenRequestInput, type TokenVariant } from './token-request';

interface GrantSetup {
  variant?: TokenVariant;
  formEncodeCredentials?: boolean;
  clientId?: string;
  clientSecret?: string;
  url?: string;
  fetch?: typeof fetch;
  wire?: WireObserver;
}

async function grant(sandbox: Sandbox, setup: GrantSetup = {}): Promise<GrantResult> {
  const clientId = setup.clientId ?? sandbox.credentials.clientId;
  const clientSecret = setup.clientSecret ?? sandbox.credentials.clientSecret;
  const input: TokenRequestInput = {
    authUrl: setup.url ?? sandbox.url,
    clientId,
    clientSecret,
    variant: setup.variant ?? 'basic',
    formEncodeCredentials: setup.formEncodeCredentials ?? false,
  };
  return runTokenGrant(input, {
    fetch: setup.fetch ?? globalThis.fetch,
    timeoutMs: 5_000,
    now: Date.now,
    traits: credentialTraits(clientId, clientSecret),
    ...(setup.wire === undefined ? {} : { wire: setup.wire }),
  });
}

function success(result: GrantResult): {
  view: TokenSuccessView;
  accessToken: string;
  expiresAtMs: number | null;
} {
  if (!('accessToken' in result)) {
    throw new Error(`expected a token, got: ${result.view.explanation.summary}`);
  }
  expect(result.view.outcome).toBe('token');
  return result;
}

function failed(result: GrantResult): TokenFailureView {
  if ('accessToken' in result) throw new Error('expected a failure, got a token');
  expect(result.view.outcome).toBe('failure');
  return result.view as TokenFailureView;
}

function headerValue(headers: { name: string; value: string }[], name: string) {
  return headers.find((item) => item.name.toLowerCase() === name.toLowerCase())?.value;
}

function ping(sandbox: Sandbox, accessToken: string) {
  return fetch(`${sandbox.url}/v1/ping`, {
    headers: {
      'Content-Type': 'application/json',
      companyId: sandbox.credentials.companyId,
      Authorization: `Bearer ${accessToken}`,
    },
  });
}

/** The view must never carry the access token or the secret, in any field. */
function expectNoSecrets(view: unknown, ...secrets: string[]) {
  const text = JSON.stringify(view);
  for (const secret of secrets) {
    expect(text).not.toContain(secret);
    expect(text).not.toContain(JSON.stringify(secret).slice(1, -1));
  }
}

const PRODUCTS = ['Partner API Sandbox', 'Partner Reports'];

describe('runTokenGrant against the sandbox', () => {
  const sandbox = useSandbox();

  it('variant A: gets a token that works on /v1, decoded with no diagnostics', async () => {
    const { clientId, clientSecret } = sandbox().credentials;
    const before = Date.now();
    const { view, accessToken, expiresAtMs } = success(await grant(sandbox()));

    expect(view.token).toMatchObject({
      tokenType: 'Bearer',
      clientId,
      status: 'approved',
      expiresInSeconds: 3599,
      products: PRODUCTS,
      productsFrom: 'api_product_list_json',
      productListsDisagree: false,
      developerEmail: 'developer@example.com',
      missing: [],
      extraFields: [],
      notes: [],
      jwt: null,
    });
    expect(view.token.issuedAtMs).toBeGreaterThanOrEqual(before - 1000);
    expect(expiresAtMs).toBe((view.token.issuedAtMs ?? 0) + 3_599_000);
    expect(view.diagnostics).toEqual([]);
    expect(view.token.accessTokenMasked).toBe(`••••${accessToken.slice(-4)}`);
    expect(view.response.status).toBe(200);

    expect(view.request).toMatchObject({
      variant: 'basic',
      formEncoded: false,
      method: 'POST',
      url: `${sandbox().url}/o/oauth/accesstoken`,
      body: 'grant_type=client_credentials',
    });
    expect(headerValue(view.request.headers, 'Authorization')).toBe('Basic ••••');
    // On the wire it was the real Basic header.
    const sent = sandbox().requests.at(-1);
    expect(sent?.headers.authorization).toBe(`Basic ${base64Utf8(`${clientId}:${clientSecret}`)}`);

    expectNoSecrets(view, accessToken, clientSecret, base64Utf8(`${clientId}:${clientSecret}`));

    const answer = await ping(sandbox(), accessToken);
    expect(answer.status).toBe(200);
  });

  it('variant B: gets a token from credentials in the form body', async () => {
    const { clientId, clientSecret } = sandbox().credentials;
    const { view, accessToken } = success(await grant(sandbox(), { variant: 'body' }));

    expect(view.token.clientId).toBe(clientId);
    expect(view.diagnostics).toEqual([]);
    expect(view.request.variant).toBe('body');
    expect(headerValue(view.request.headers, 'Authorization')).toBeUndefined();
    expect(view.request.body).toBe(
      `grant_type=client_credentials&client_id=${clientId}&client_secret=••••${clientSecret.slice(-4)}`,
    );
    const sent = sandbox().requests.at(-1);
    expect(sent?.headers.authorization).toBeUndefined();
    expect(new URLSearchParams(sent?.body).get('client_secret')).toBe(clientSecret);

    expectNoSecrets(view, accessToken, clientSecret);
    expect((await ping(sandbox(), accessToken)).status).toBe(200);
  });

  it('shows the response body re-indented, with the access token masked', async () => {
    const { view, accessToken } = success(await grant(sandbox()));
    const shown = JSON.parse(view.response.bodyText) as Record<string, unknown>;
    expect(shown.access_token).toBe(`••••${accessToken.slice(-4)}`);
    expect(shown.client_id).toBe(sandbox().credentials.clientId);
    expect(view.response.bodyText).toContain('\n  "status": "approved"');
  });

  it('a wrong secret: failure 401 explained as invalid_client, secrets redacted', async () => {
    const wrong = 'Wrong-Secret-0123456789';
    const view = failed(await grant(sandbox(), { clientSecret: wrong }));

    expect(view.response?.status).toBe(401);
    expect(view.explanation.summary).toContain('401');
    expect(view.explanation.summary).toContain('invalid_client');
    expect(view.explanation.advice.join('\n')).toContain('Compare variants');
    expect(headerValue(view.request.headers, 'Authorization')).toBe('Basic ••••');
    expectNoSecrets(view, wrong, base64Utf8(`${sandbox().credentials.clientId}:${wrong}`));
  });

  it('a wrong secret in variant B: the form body is shown masked', async () => {
    const wrong = 'Wrong-Secret-0123456789';
    const view = failed(await grant(sandbox(), { clientSecret: wrong, variant: 'body' }));
    expect(view.response?.status).toBe(401);
    expect(view.request.body).toContain('client_secret=••••6789');
    expectNoSecrets(view, wrong);
  });

  it('an HTML error page: failure explained as HTML, pointing at the Auth URL', async () => {
    sandbox().switches.htmlErrorPage = true;
    const view = failed(await grant(sandbox()));

    expect(view.response?.status).toBe(502);
    expect(view.explanation.server).toEqual({ kind: 'html', title: '502 Bad Gateway' });
    expect(view.explanation.advice[0]).toContain('check the Auth URL');
  });

  it('a 503 from the gateway: failure with the advice to try again later', async () => {
    sandbox().switches.serverError = 503;
    const view = failed(await grant(sandbox()));

    expect(view.response?.status).toBe(503);
    expect(view.explanation.summary).toContain('503');
    expect(view.explanation.advice.join('\n')).toContain('try again later');
    expect(view.explanation.advice.join('\n')).not.toContain('Compare variants');
  });

  it('numbers sent as strings (as Apigee does): success, with notes saying so', async () => {
    sandbox().switches.numbersAsStrings = true;
    const { view } = success(await grant(sandbox()));

    expect(view.token.expiresInSeconds).toBe(3599);
    expect(view.token.expiresAtMs).toBe((view.token.issuedAtMs ?? 0) + 3_599_000);
    expect(view.token.notes.map((note) => note.field)).toEqual([
      'expires_in',
      'refresh_token_expires_in',
    ]);
    expect(view.diagnostics).toEqual([]);
  });

  it('the short form: success, products read from the bracket string', async () => {
    sandbox().switches.tokenForm = 'short';
    const { view, accessToken } = success(await grant(sandbox()));

    expect(view.token.products).toEqual(PRODUCTS);
    expect(view.token.productsFrom).toBe('api_product_list');
    expect(view.token.missing).toEqual([]);
    expect(view.diagnostics).toEqual([]);
    expect((await ping(sandbox(), accessToken)).status).toBe(200);
  });

  it('a 30 s token lifetime: the diagnostics warn that it expires soon', async () => {
    sandbox().switches.tokenLifetimeSeconds = 30;
    const { view } = success(await grant(sandbox()));

    expect(view.token.expiresInSeconds).toBe(30);
    expect(view.diagnostics.map((item) => item.id)).toEqual(['expires_soon']);
  });

  it('nothing listening: failure with the network error and the hint to start the sandbox', async () => {
    const gone = await createSandbox({ port: 0 });
    await gone.close();
    const view = failed(await grant(sandbox(), { url: gone.url }));

    expect(view.response).toBeNull();
    expect(view.explanation.summary).toContain('Nothing answered');
    expect(view.explanation.advice.join('\n')).toContain('npm run sandbox');
    expect(view.request.url).toBe(`${gone.url}/o/oauth/accesstoken`);
  });

  it('an Auth URL with a trailing slash still reaches the token endpoint', async () => {
    const { view } = success(await grant(sandbox(), { url: `${sandbox().url}/` }));
    expect(view.request.url).toBe(`${sandbox().url}/o/oauth/accesstoken`);
  });
});

describe('runTokenGrant with reserved characters in the secret (sandbox like Apigee)', () => {
  const secret = 'p%s+w&rd x:✓';
  const extra: Sandbox[] = [];
  afterEach(async () => {
    await Promise.all(extra.splice(0).map((box) => box.close()));
  });
  async function box(credentials: Partial<SandboxCredentials>) {
    const created = await createSandbox({ port: 0, credentials });
    extra.push(created);
    return created;
  }

  it('variant A with raw credentials and variant B both succeed', async () => {
    const sandbox = await box({ clientSecret: secret });
    success(await grant(sandbox, { formEncodeCredentials: false }));
    success(await grant(sandbox, { variant: 'body' }));
  });

  it('RFC 6749 encoding on: refused, and the advice says to turn it off', async () => {
    const sandbox = await box({ clientSecret: secret });
    const view = failed(await grant(sandbox, { formEncodeCredentials: true }));

    expect(view.response?.status).toBe(401);
    expect(view.request.formEncoded).toBe(true);
    expect(view.explanation.advice.join('\n')).toMatch(/turn “Form-encode .*” off/);
    expectNoSecrets(view, secret);
  });
});

describe('runTokenGrant with answers the sandbox does not give', () => {
  function answering(body: string): typeof fetch {
    return async () =>
      new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  }
  const input = { authUrl: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 'secret-value' };
  function run(body: string) {
    return runTokenGrant(
      { ...input, variant: 'basic', formEncodeCredentials: false },
      {
        fetch: answering(body),
        timeoutMs: 1_000,
        now: Date.now,
        traits: credentialTraits(input.clientId, input.clientSecret),
      },
    );
  }

  it('a 200 that is not JSON: failure that points at the Auth URL', async () => {
    const view = failed(await run('<html><title>Login</title></html>'));
    expect(view.response?.status).toBe(200);
    expect(view.explanation.summary).toContain('not JSON');
    expect(view.explanation.advice[0]).toContain('Auth URL');
  });

  it('a 200 without access_token: failure, not a token', async () => {
    const view = failed(await run('{"token_type":"Bearer","expires_in":3599}'));
    expect(view.explanation.summary).toContain('without an access_token');
  });

  it('masks the access token in extra fields that repeat it', async () => {
    const token = 'tok_0123456789abcdefghij';
    const { view } = success(
      await run(JSON.stringify({ access_token: token, token_type: 'Bearer', echo: { token } })),
    );
    expect(view.token.extraFields).toEqual([{ name: 'echo', json: '{"token":"••••ghij"}' }]);
    expectNoSecrets(view, token);
  });

  // Regression guard: the raw response view is masked by searching the body text for the decoded token. A
  // server that escapes "/" as "\/" (PHP's json_encode does by default) and a base64 token with a
  // "/" in it slip through: response.bodyText shows "abc\/def+ghi\/jklmnopqrstuvwxyz==" in full,
  // and reading that JSON gives the token back.
  it('masks the token in the response body even when the JSON escapes its slashes', async () => {
    const token = 'abc/def+ghi/jklmnopqrstuvwxyz==';
    const body = `{"access_token":"${token.replaceAll('/', '\\/')}","token_type":"Bearer","expires_in":3599}`;
    const { view } = success(await run(body));
    const shown = JSON.parse(view.response.bodyText) as { access_token: string };
    expect(shown.access_token).not.toBe(token);
  });

  // Regression guard: the body is masked with "••••" + the last 4 characters whatever the token's length
  // (token-grant.ts scrub), while maskSecret shows fewer for short values. A 4-character token
  // is shown whole in response.bodyText: "access_token": "••••Ab3x".
  it('masks the token of a malformed 200 answer, from which no token could be read', async () => {
    const token = 'tok_malformed_0123456789';
    const view = failed(await run(`{"access_token":"${token}","token_type":"Bearer",}`));
    expect(view.response?.bodyText).toContain('"access_token":"••••"');
    expectNoSecrets(view, token);
  });

  it('masks the token of a 200 answer cut at 1 MB, up to the end of the text', async () => {
    const token = `tok_${'x'.repeat(1024 * 1024)}`;
    const view = failed(await run(`{"token_type":"Bearer","access_token":"${token}"}`));
    expect(view.response?.bodyText).toMatch(/"access_token":"••••"$/);
    expect(view.response?.bodyText).not.toContain('tok_xxxx');
  });

  it('never shows a short access token whole in the response body', async () => {
    const token = 'Ab3x';
    const { view } = success(
      await run(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 3599 })),
    );
    expect(view.response.bodyText).not.toContain(token);
  });
});

describe('runTokenGrant: the token request as sent on the wire', () => {
  const sandbox = useSandbox({ switches: { rejectBrowserOrigin: true } });
  const ORIGIN = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';

  /**
   * A fetch that behaves as Chrome does: it adds `added` to the request, reports what went out to
   * the observer (as webRequest.onSendHeaders would) and sends it.
   */
  function browserFetch(wire: WireObserver, added: Record<string, string>): typeof fetch {
    return (input, init) => {
      const own = (init?.headers ?? []) as [string, string][];
      const headers = [...own, ...Object.entries(added)];
      wire.report({
        method: init?.method ?? 'GET',
        url: String(input),
        headers: headers.map(([name, value]) => ({ name, value })),
      });
      return globalThis.fetch(input, { ...init, headers });
    };
  }

  it('shows what left the browser beside what we set, the Basic credentials hidden in both', async () => {
    const wire = createWireObserver({ graceMs: 1_000, browser: 'chrome' });
    const fetch = browserFetch(wire, { 'User-Agent': 'PartnerApiDevTools/0.1.0' });
    const { view } = success(await grant(sandbox(), { wire, fetch }));
    expect(view.request.headers).toEqual([
      { name: 'Content-Type', value: 'application/x-www-form-urlencoded' },
      { name: 'Authorization', value: 'Basic ••••' },
    ]);
    expect(view.request.wire).toEqual({
      observed: true,
      headers: [...view.request.headers, { name: 'User-Agent', value: 'PartnerApiDevTools/0.1.0' }],
      unseen: ADDED_BELOW_THE_OBSERVER.chrome,
    });
    expectNoSecrets(view, sandbox().credentials.clientSecret);
  });

  it('explains a refusal of the browser’s Origin from the wire view, not as a credential problem', async () => {
    const wire = createWireObserver({ graceMs: 1_000, browser: 'chrome' });
    for (const variant of ['basic', 'body'] as const) {
      const view = failed(
        await grant(sandbox(), { variant, wire, fetch: browserFetch(wire, { Origin: ORIGIN }) }),
      );
      expect(view.response?.status).toBe(403);
      expect(view.request.wire.observed && view.request.wire.headers).toContainEqual({
        name: 'Origin',
        value: ORIGIN,
      });
      expect(view.explanation.cause).toBe('origin');
      expect(view.explanation.advice[0]).toContain(`went out with Origin: ${ORIGIN}`);
      expect(view.explanation.advice.join('\n')).not.toContain('Compare variants');
    }
  });

  it('says the headers were not watched when no observer runs', async () => {
    expect(success(await grant(sandbox())).view.request.wire).toBe(NOT_WATCHED);
  });
});

describe('runTokenGrant against a server that echoes the request', () => {
  const secret = 'p@ss/w+rd&=ö "q" 0123456789';
  const clientId = 'echo-client';
  let server: Server;
  let url = '';

  beforeAll(async () => {
    // Refuses every token request, quoting what it received (as some gateways and proxies do).
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      request.on('end', () => {
        response.writeHead(400, {
          'content-type': 'application/json',
          'www-authenticate': `Basic realm="api", received="${request.headers.authorization ?? ''}"`,
          'x-echo-body': body,
        });
        response.end(
          JSON.stringify({
            error: 'invalid_request',
            error_description: `received ${request.headers.authorization ?? ''} ${body} (${decodeURIComponent(body.replace(/\+/g, ' '))})`,
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  for (const [variant, formEncodeCredentials] of [
    ['basic', false],
    ['basic', true],
    ['body', false],
  ] as const) {
    it(`masks the client secret in the answer and its explanation (${variant}${formEncodeCredentials ? ', RFC 6749' : ''})`, async () => {
      const result = await runTokenGrant(
        { authUrl: url, clientId, clientSecret: secret, variant, formEncodeCredentials },
        {
          fetch: globalThis.fetch,
          timeoutMs: 5_000,
          now: Date.now,
          traits: credentialTraits(clientId, secret),
        },
      );
      const view = failed(result);
      expect(view.response?.status).toBe(400);
      expect(view.response?.bodyText).toContain('received');
      const formEncoded = new URLSearchParams([['', secret]]).toString().slice(1);
      expectNoSecrets(
        view,
        secret,
        encodeURIComponent(secret),
        formEncoded,
        base64Utf8(`${clientId}:${secret}`),
        base64Utf8(`${encodeURIComponent(clientId)}:${formEncoded}`),
      );
    });
  }
});
