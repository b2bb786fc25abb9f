import { describe, expect, it } from 'vitest';
import {
  basicHeader,
  callV1,
  requestToken,
  useSandbox,
} from '../testing/fixtures/sandbox/sandbox-fixture';
import { MAX_BODY_BYTES } from './read-body';
import { createSandbox, DEMO_CREDENTIALS, type RecordedRequest } from './server';

describe('createSandbox', () => {
  it('reports the real port and a URL without trailing slash, and stops on close()', async () => {
    const sandbox = await createSandbox({ port: 0 });
    expect(sandbox.port).toBeGreaterThan(0);
    expect(sandbox.url).toBe(`http://127.0.0.1:${sandbox.port}`);
    expect(sandbox.credentials).toEqual(DEMO_CREDENTIALS);
    await sandbox.close();
    await sandbox.close(); // a second close is harmless
    await expect(fetch(`${sandbox.url}/`)).rejects.toThrow();
  });

  it('rejects with EADDRINUSE when the port is taken', async () => {
    const first = await createSandbox({ port: 0 });
    try {
      await expect(createSandbox({ port: first.port })).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
    } finally {
      await first.close();
    }
  });

  it('refuses invalid switches', async () => {
    await expect(createSandbox({ port: 0, switches: { serverError: 200 } })).rejects.toThrow(
      'serverError must be an HTTP status from 500 to 599',
    );
  });

  it('closes promptly even while a delayed answer is pending', async () => {
    const sandbox = await createSandbox({ port: 0, switches: { latencyMs: 10_000 } });
    const pending = callV1(sandbox, 'ping').then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await sandbox.close();
    expect(performance.now() - started).toBeLessThan(5_000); // the answer was 10 s away
    expect(await pending).toBe('cut');
  });
});

describe('sandbox requests and pages', () => {
  const sandbox = useSandbox();

  it('records every request in order with raw values, and counts token requests', async () => {
    const { clientId, clientSecret, apiKey } = sandbox().credentials;
    await requestToken(sandbox(), {
      headers: { authorization: basicHeader(clientId, clientSecret) },
    });
    await callV1(sandbox(), 'orders?draft=1', { method: 'POST', body: '{"sku":"A-1"}' });
    await requestToken(sandbox(), { body: 'grant_type=nope' });
    await fetch(`${sandbox().url}/o/oauth/accesstoken`); // a GET is no token request
    expect(sandbox().tokenRequestCount()).toBe(2);
    expect(sandbox().requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /o/oauth/accesstoken',
      'POST /v1/orders?draft=1',
      'POST /o/oauth/accesstoken',
      'GET /o/oauth/accesstoken',
    ]);
    const order = sandbox().requests[1] as RecordedRequest;
    expect(order.path).toBe('/v1/orders');
    expect(order.headers['x-apikey']).toBe(apiKey);
    expect(order.headers.companyid).toBe(DEMO_CREDENTIALS.companyId);
    expect(order.body).toBe('{"sku":"A-1"}');
    expect(order.at).toBeGreaterThan(Date.now() - 10_000);
  });

  it('shows the recorded requests over HTTP with secrets masked', async () => {
    const { clientId, clientSecret, apiKey } = sandbox().credentials;
    await callV1(sandbox(), 'ping');
    await requestToken(sandbox(), {
      body: `grant_type=client_credentials&client_id=${clientId}&client_secret=${clientSecret}`,
    });
    const response = await fetch(`${sandbox().url}/__sandbox/requests`);
    const text = await response.text();
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain(clientSecret);
    const { count, requests } = JSON.parse(text) as { count: number; requests: RecordedRequest[] };
    expect(count).toBe(3);
    expect(requests[0]?.headers['x-apikey']).toBe(`••••${apiKey.slice(-4)}`);
    expect(requests[1]?.body).toBe(
      `grant_type=client_credentials&client_id=${clientId}&client_secret=••••${clientSecret.slice(-4)}`,
    );
  });

  it('serves a demo page without the API key or the client secret', async () => {
    const response = await fetch(`${sandbox().url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<title>Partner API sandbox</title>');
    expect(html).toContain('"Partner API"');
    expect(html).toContain(sandbox().url);
    expect(html).toContain(DEMO_CREDENTIALS.companyId);
    expect(html).toContain(DEMO_CREDENTIALS.clientId);
    expect(html).not.toContain(DEMO_CREDENTIALS.apiKey);
    expect(html).not.toContain(DEMO_CREDENTIALS.clientSecret);
    expect(html).not.toContain('<script');
  });

  it('answers the browser’s favicon request with no content rather than an error', async () => {
    const response = await fetch(`${sandbox().url}/favicon.ico`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('answers unknown paths with a 404 JSON fault', async () => {
    const response = await fetch(`${sandbox().url}/v2/products`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = (await response.json()) as { fault: { detail: { errorcode: string } } };
    expect(body.fault.detail.errorcode).toBe('messaging.adaptors.http.flow.ApplicationNotFound');
    expect((await fetch(`${sandbox().url}/__sandbox/nothing`)).status).toBe(404);
  });

  it('answers 413 to a body over 10 MiB, and still takes one at the limit', async () => {
    const tooBig = await callV1(sandbox(), 'orders', {
      method: 'POST',
      body: 'x'.repeat(MAX_BODY_BYTES + 1),
    });
    expect(tooBig.status).toBe(413);
    expect(
      ((await tooBig.json()) as { fault: { detail: { errorcode: string } } }).fault.detail
        .errorcode,
    ).toBe('protocol.http.TooBigBody');
    const atLimit = await callV1(sandbox(), 'notes', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x'.repeat(MAX_BODY_BYTES),
    });
    expect(atLimit.status).toBe(200);
  });
});
