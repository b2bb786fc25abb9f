import { afterEach, describe, expect, it } from 'vitest';
import {
  basicHeader,
  FORM_TYPE,
  requestToken,
  useSandbox,
} from '../testing/fixtures/sandbox/sandbox-fixture';
import { createSandbox, type Sandbox, type SandboxCredentials } from './server';
import { decodeBasicCredentials } from './token-endpoint';

const LONG_KEYS = [
  'refresh_token_expires_in',
  'api_product_list',
  'api_product_list_json',
  'organization_name',
  'developer.email',
  'token_type',
  'issued_at',
  'client_id',
  'access_token',
  'application_name',
  'scope',
  'expires_in',
  'refresh_count',
  'status',
];
const LONG_ONLY = ['api_product_list_json', 'application_name', 'scope', 'refresh_count'];

describe('POST /o/oauth/accesstoken', () => {
  const sandbox = useSandbox();
  const extra: Sandbox[] = [];
  afterEach(async () => {
    await Promise.all(extra.splice(0).map((box) => box.close()));
  });
  /** A sandbox with other credentials, closed after the test. */
  async function ownSandbox(credentials: Partial<SandboxCredentials>): Promise<Sandbox> {
    const box = await createSandbox({ port: 0, credentials });
    extra.push(box);
    return box;
  }

  it('issues a token for variant A (Basic header), long form in Apigee key order', async () => {
    const { clientId, clientSecret } = sandbox().credentials;
    const before = Date.now();
    const response = await requestToken(sandbox(), {
      headers: { authorization: basicHeader(clientId, clientSecret) },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(LONG_KEYS);
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3599,
      client_id: clientId,
      status: 'approved',
      refresh_token_expires_in: 0,
      refresh_count: '0',
      scope: '',
      api_product_list: '[Partner API Sandbox, Partner Reports]',
      api_product_list_json: ['Partner API Sandbox', 'Partner Reports'],
      'developer.email': 'developer@example.com',
    });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{28}$/);
    expect(body.issued_at).toMatch(/^\d+$/);
    expect(Number(body.issued_at)).toBeGreaterThanOrEqual(before);
    expect(Number(body.issued_at)).toBeLessThanOrEqual(Date.now());
  });

  it('issues a token for variant B (form body) and never the same token twice', async () => {
    const { clientId, clientSecret } = sandbox().credentials;
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    });
    const first = await requestToken(sandbox(), { body: body.toString() });
    const second = await requestToken(sandbox(), { body: body.toString() });
    expect(first.status).toBe(200);
    const [a, b] = [
      (await first.json()) as { access_token: string },
      (await second.json()) as { access_token: string },
    ];
    expect(a.access_token).not.toBe(b.access_token);
  });

  it('sends the short form, and numbers as strings when asked', async () => {
    const { clientId, clientSecret } = sandbox().credentials;
    Object.assign(sandbox().switches, {
      tokenForm: 'short',
      numbersAsStrings: true,
      tokenLifetimeSeconds: 120,
    });
    const response = await requestToken(sandbox(), {
      headers: { authorization: basicHeader(clientId, clientSecret) },
    });
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(LONG_KEYS.filter((key) => !LONG_ONLY.includes(key)));
    expect(body.expires_in).toBe('120');
    expect(body.refresh_token_expires_in).toBe('0');
    expect(body.token_type).toBe('Bearer');
  });

  it('decodes a non-ASCII secret from the Basic header as UTF-8', async () => {
    const sandboxWithSecret = await ownSandbox({ clientSecret: 'gèheim-Schlüssel-秘密' });
    const { clientId } = sandboxWithSecret.credentials;
    const ok = await requestToken(sandboxWithSecret, {
      headers: { authorization: basicHeader(clientId, 'gèheim-Schlüssel-秘密') },
    });
    expect(ok.status).toBe(200);
    // The same characters in Latin-1 are different bytes, hence a different secret.
    const latin1 = `Basic ${Buffer.from(`${clientId}:gèheim-Schlüssel-秘密`, 'latin1').toString('base64')}`;
    const refused = await requestToken(sandboxWithSecret, { headers: { authorization: latin1 } });
    expect(refused.status).toBe(401);
  });

  it('splits the Basic credentials at the first colon and does not form-decode them', async () => {
    const box = await ownSandbox({ clientSecret: 'with:colon%41+plus' });
    const { clientId } = box.credentials;
    expect(
      (
        await requestToken(box, {
          headers: { authorization: basicHeader(clientId, 'with:colon%41+plus') },
        })
      ).status,
    ).toBe(200);
    // Form-decoding (RFC 6749) would turn %41 into A and + into a space: Apigee does not.
    expect(
      (
        await requestToken(box, {
          headers: { authorization: basicHeader(clientId, 'with:colonA plus') },
        })
      ).status,
    ).toBe(401);
    expect(decodeBasicCredentials(basicHeader('id', 'a:b:c'))).toEqual({
      clientId: 'id',
      clientSecret: 'a:b:c',
    });
  });

  it('lets the Basic header win over credentials in the body', async () => {
    const { clientId, clientSecret } = sandbox().credentials;
    const body = `grant_type=client_credentials&client_id=${clientId}&client_secret=${clientSecret}`;
    const response = await requestToken(sandbox(), {
      headers: { authorization: basicHeader(clientId, 'wrong') },
      body,
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      ErrorCode: 'invalid_client',
      Error: 'Client credentials are invalid',
    });
  });

  it('refuses a missing or unsupported grant_type', async () => {
    const { clientId, clientSecret } = sandbox().credentials;
    const authorization = basicHeader(clientId, clientSecret);
    const missing = await requestToken(sandbox(), { headers: { authorization }, body: 'scope=x' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      ErrorCode: 'invalid_request',
      Error: 'Required param : grant_type',
    });
    const other = await requestToken(sandbox(), {
      headers: { authorization },
      body: 'grant_type=password',
    });
    expect(other.status).toBe(400);
    expect(await other.json()).toEqual({
      ErrorCode: 'invalid_request',
      Error: 'Unsupported grant type : password',
    });
  });

  it('refuses a body that is not form-urlencoded', async () => {
    const { clientId, clientSecret } = sandbox().credentials;
    const response = await requestToken(sandbox(), {
      headers: {
        authorization: basicHeader(clientId, clientSecret),
        'content-type': 'application/json',
      },
      body: '{"grant_type":"client_credentials"}',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { ErrorCode: string; Error: string };
    expect(body.ErrorCode).toBe('invalid_request');
    expect(body.Error).toContain(FORM_TYPE);
    expect(sandbox().tokenRequestCount()).toBe(1);
  });

  it('accepts a charset parameter on the form content type', async () => {
    const { clientId, clientSecret } = sandbox().credentials;
    const headers = {
      authorization: basicHeader(clientId, clientSecret),
      'content-type': `${FORM_TYPE}; charset=UTF-8`,
    };
    expect((await requestToken(sandbox(), { headers })).status).toBe(200);
  });

  it('tells an unknown client from a wrong secret', async () => {
    const { clientId } = sandbox().credentials;
    const unknown = await requestToken(sandbox(), {
      headers: { authorization: basicHeader('nobody', 'x') },
    });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({
      ErrorCode: 'invalid_client',
      Error: 'ClientId is Invalid',
    });
    const wrongSecret = await requestToken(sandbox(), {
      body: `grant_type=client_credentials&client_id=${clientId}&client_secret=nope`,
    });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toEqual({
      ErrorCode: 'invalid_client',
      Error: 'Client credentials are invalid',
    });
    const none = await requestToken(sandbox());
    expect(await none.json()).toEqual({
      ErrorCode: 'invalid_client',
      Error: 'ClientId is Invalid',
    });
  });

  it('answers 405 with a fault to other methods', async () => {
    const response = await fetch(`${sandbox().url}/o/oauth/accesstoken`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    const body = (await response.json()) as {
      fault: { faultstring: string; detail: { errorcode: string } };
    };
    expect(body.fault.faultstring).toContain('use POST');
    expect(body.fault.detail.errorcode).toBe('sandbox.method.notAllowed');
    expect(sandbox().tokenRequestCount()).toBe(0);
  });
});
