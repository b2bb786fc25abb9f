import { describe, expect, it } from 'vitest';
import { captured } from '../testing/fixtures/capture/capture-samples';
import {
  apiKeyCallWithoutCompany,
  bearerOrderCall,
  CANARIES,
  canaryValues,
  chromeEntry,
  cookieCall,
  defaultEntries,
  pageTokenRequest,
  SCRIPT,
} from '../testing/fixtures/har/har-samples';
import { MAX_CAPTURED_BODY } from './captured-body';
import { captureCall, withResponseBody } from './captured-call';
import { fingerprintToken } from './token-fingerprint';

describe('captureCall', () => {
  it('holds no credential of any sample entry, in any field', async () => {
    for (const entry of defaultEntries()) {
      const text = JSON.stringify(await captured(entry));
      for (const canary of canaryValues()) expect(text).not.toContain(canary);
    }
  });

  it('keeps what the list shows: method, URL, status, time, and where the call came from', async () => {
    const call = await captured(bearerOrderCall());
    expect(call).toMatchObject({
      method: 'POST',
      url: 'https://api.example.test/v1/orders',
      origin: 'https://api.example.test',
      pathname: '/v1/orders',
      status: 201,
      durationMs: 84.37,
      startedMs: Date.parse('2025-10-14T09:12:04.402Z'),
      resourceType: 'fetch',
      initiator: { type: 'script', url: SCRIPT, lineNumber: 42 },
      requestBody: { text: '{"productId":"prd_1001","quantity":2}', omitted: null },
      responseBody: { text: '{"orderId":"ord_5521","status":"created"}' },
    });
  });

  it('keeps what the checks need as facts, the Bearer token only as its fingerprint', async () => {
    const call = await captured(bearerOrderCall());
    expect(call.facts).toEqual({
      apiKeys: [],
      otherKeyHeaders: [],
      authorization: [
        {
          scheme: 'Bearer',
          hasCredential: true,
          fingerprint: await fingerprintToken(CANARIES.accessToken),
        },
      ],
      companyIds: ['c0a80101-7e57-4d2a-9b1e-5a4db0c0ffee'],
      contentTypes: ['application/json'],
      cookies: false,
      form: null,
    });
    expect(call.requestHeaders.find((h) => h.name === 'authorization')?.value).toBe(
      `Bearer ••••${CANARIES.accessToken.slice(-4)}`,
    );
  });

  it('masks the API key in the facts and the headers, and the session cookie everywhere', async () => {
    const call = await captured(cookieCall());
    expect(call.facts.apiKeys).toEqual([`••••${CANARIES.apiKey.slice(-4)}`]);
    expect(call.facts.cookies).toBe(true);
    expect(call.requestCookies).toEqual([
      { name: 'session', value: '••••' },
      { name: 'theme', value: '••••' },
    ]);
    expect(call.responseHeaders).toContainEqual({
      name: 'set-cookie',
      value: 'session=••••; Path=/; Secure; HttpOnly',
      masked: true,
    });
  });

  it('reads a token request’s form and masks its secret and the token in the response', async () => {
    const call = await captured(pageTokenRequest());
    expect(call.facts.form).toEqual({
      grantType: 'client_credentials',
      clientId: true,
      clientSecret: true,
    });
    expect(call.requestBody?.text).toBe(
      `grant_type=client_credentials&client_id=shop-web&client_secret=••••${CANARIES.clientSecret.slice(-4)}`,
    );
    expect(call.responseBody.maskedFields).toEqual(['access_token']);
    expect(call.maskedForms).toEqual(
      expect.arrayContaining([`••••${CANARIES.clientSecret.slice(-4)}`]),
    );
  });

  it('takes a response body read later (getContent), masked, and decodes base64 text', async () => {
    const live = pageTokenRequest();
    delete ((live.response as Record<string, unknown>).content as Record<string, unknown>).text;
    const call = await captured(live);
    expect(call.responseBody).toMatchObject({ text: null, omitted: 'not-read' });
    const body = JSON.stringify({ access_token: CANARIES.accessToken, expires_in: 3599 });
    const read = withResponseBody(call, { content: btoa(body), encoding: 'base64' });
    expect(read.responseBody.text).toBe(
      `{"access_token":"••••${CANARIES.accessToken.slice(-4)}","expires_in":3599}`,
    );
    expect(read.maskedForms).toContain(`••••${CANARIES.accessToken.slice(-4)}`);
  });

  it('keeps no binary body and no body over the limit, and says why', async () => {
    const image = chromeEntry({
      url: 'https://cdn.example.test/logo.png',
      responseMime: 'image/png',
    });
    const call = await captured(image);
    expect(
      withResponseBody(call, { content: 'iVBORw0KGgo=', encoding: 'base64' }).responseBody,
    ).toMatchObject({
      text: null,
      omitted: 'binary',
    });
    const big = 'x'.repeat(MAX_CAPTURED_BODY + 1);
    expect(withResponseBody(call, { content: big, encoding: null }).responseBody).toMatchObject({
      text: null,
      omitted: 'too-large',
      size: MAX_CAPTURED_BODY + 1,
    });
  });

  it('masks a key in the query of the script that made the call', async () => {
    const entry = bearerOrderCall();
    entry._initiator = {
      type: 'script',
      url: `https://maps.example.test/api/js?callback=init&key=${CANARIES.apiKey}`,
      lineNumber: 3,
    };
    const call = await captured(entry);
    expect(call.initiator).toEqual({
      type: 'script',
      url: `https://maps.example.test/api/js?callback=init&key=••••${CANARIES.apiKey.slice(-4)}`,
      lineNumber: 4,
    });
  });

  it('gives the same key to the same call, so that a call seen twice is listed once', async () => {
    const first = await captured(apiKeyCallWithoutCompany());
    const again = await captured(apiKeyCallWithoutCompany());
    expect(first.key).toBe(again.key);
    expect(first.key).not.toBe((await captured(bearerOrderCall())).key);
  });

  it('answers null for an entry without a method and URL', async () => {
    expect(await captureCall({ request: {} })).toBeNull();
    expect(await captureCall('GET /')).toBeNull();
  });
});
