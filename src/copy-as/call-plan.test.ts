/**
 * The neutral description every "Copy as" language renders: what it sends, which secret it may
 * carry, the grant it runs first, and the headers as fetch puts them on the wire.
 */
import { describe, expect, it } from 'vitest';
import { buildV1Request, type V1Call } from '../service/call/v1-request';
import type { StoredProfile } from '../service/storage/stored-shapes';
import { accepted, refusal } from '../testing/results';
import { headersAsSent, planCall } from './call-plan';

const EXAMPLE: StoredProfile = {
  id: 'p1',
  name: 'Example',
  authUrl: 'https://auth.example.com/',
  baseUrl: 'https://api.example.com/sandbox',
  companyId: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  authMethod: 'apiKey',
  clientId: 'demo-client',
  formEncodeCredentials: true,
  variables: [],
};

const CALL: V1Call = {
  method: 'POST',
  path: 'orders',
  query: [{ name: 'a', value: 'b c' }],
  headers: [{ name: 'X-Id', value: '1' }],
  body: '{}',
};

describe('planCall', () => {
  it('reads the API key at run time in variables mode, even when values are passed along', () => {
    const loose = { mode: 'variables', apiKey: 'k-secret' } as const;
    const plan = accepted(planCall(EXAMPLE, CALL, loose));
    expect(plan).toEqual({
      mode: 'variables',
      grant: null,
      method: 'POST',
      url: 'https://api.example.com/sandbox/v1/orders?a=b%20c',
      headers: [
        { name: 'Content-Type', value: 'application/json' },
        { name: 'companyId', value: EXAMPLE.companyId },
        { name: 'x-apikey', prefix: '', secret: 'apiKey' },
        { name: 'X-Id', value: '1' },
      ],
      body: '{}',
    });
    expect(JSON.stringify(plan)).not.toContain('k-secret');
  });

  it('describes the grant of an OAuth profile, with RFC 6749 encoding for variant A only', () => {
    const basic = accepted(planCall({ ...EXAMPLE, authMethod: 'oauthBasic' }, CALL, VARIABLES));
    expect(basic.grant).toEqual({
      url: 'https://auth.example.com/o/oauth/accesstoken',
      variant: 'basic',
      formEncode: true,
      label: 'variant A, Basic header',
    });
    expect(basic.headers[2]).toEqual({
      name: 'Authorization',
      prefix: 'Bearer ',
      secret: 'accessToken',
    });
    const body = accepted(planCall({ ...EXAMPLE, authMethod: 'oauthBody' }, CALL, VARIABLES));
    expect(body.grant).toMatchObject({
      variant: 'body',
      formEncode: false,
      label: 'variant B, form body',
    });
  });

  it('writes in the value given in values mode, and only the one the profile uses', () => {
    const secrets = { mode: 'values', apiKey: 'k-1', accessToken: 't-1' } as const;
    const apiKey = accepted(planCall(EXAMPLE, CALL, secrets));
    expect(apiKey.headers[2]).toEqual({ name: 'x-apikey', value: 'k-1' });
    expect(JSON.stringify(apiKey)).not.toContain('t-1');
    const oauth = accepted(planCall({ ...EXAMPLE, authMethod: 'oauthBody' }, CALL, secrets));
    expect(oauth.headers[2]).toEqual({ name: 'Authorization', value: 'Bearer t-1' });
    expect(JSON.stringify(oauth)).not.toContain('k-1');
  });

  it('passes on the refusals of buildV1Request', () => {
    for (const call of [
      { ...CALL, path: '../admin' },
      { ...CALL, headers: [{ name: 'Authorization', value: 'Basic x' }] },
      { ...CALL, method: 'GET' as const },
    ]) {
      const expected = buildV1Request(EXAMPLE, { kind: 'apiKey', apiKey: 'k' }, call);
      expect(expected.ok).toBe(false);
      expect(planCall(EXAMPLE, call, VARIABLES)).toEqual(expected);
    }
  });

  it('asks for the secret values mode needs, and for a valid Auth URL', () => {
    const oauth = { ...EXAMPLE, authMethod: 'oauthBasic' as const };
    expect(refusal(planCall(EXAMPLE, CALL, { mode: 'values' }), 'missing_secret').message).toBe(
      'There is no API key to write into the copied code.',
    );
    refusal(planCall(oauth, CALL, { mode: 'values', apiKey: 'k' }), 'missing_secret');
    refusal(planCall({ ...oauth, authUrl: 'not a url' }, CALL, VARIABLES), 'invalid_profile');
  });
});

describe('headersAsSent', () => {
  it('trims values and sends a repeated name once, as fetch does', () => {
    const secret = { name: 'x-apikey', prefix: '', secret: 'apiKey' } as const;
    expect(
      headersAsSent([
        { name: 'X-A', value: ' \tone ' },
        secret,
        { name: 'x-b', value: '' },
        { name: 'x-a', value: 'two' },
        { name: 'X-B', value: 'three' },
      ]),
    ).toEqual([{ name: 'X-A', value: 'one, two' }, secret, { name: 'x-b', value: ', three' }]);
  });
});

const VARIABLES = { mode: 'variables' } as const;
