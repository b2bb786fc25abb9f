import { describe, expect, it } from 'vitest';
import {
  basicHeader,
  callV1,
  obtainToken,
  requestToken,
  useSandbox,
} from '../testing/fixtures/sandbox/sandbox-fixture';
import { ANSWERS } from '../testing/fixtures/wire/origin-refusal-samples';
import { largeJsonBody } from './large-body';
import { DEFAULT_SWITCHES, parseByteSize, validateSwitchPatch } from './switches';

describe('switch values', () => {
  it('reads sizes in bytes, kb and mb (1024-based)', () => {
    expect(parseByteSize('2048')).toBe(2048);
    expect(parseByteSize('500kb')).toBe(500 * 1024);
    expect(parseByteSize('10MB')).toBe(10 * 1024 * 1024);
    expect(parseByteSize('1.5mib')).toBe(1.5 * 1024 * 1024);
    expect(parseByteSize('10 zb')).toBeNull();
    expect(parseByteSize('-5')).toBeNull();
    expect(parseByteSize('3constructor')).toBeNull();
  });

  it('validates a whole patch and names what is wrong', () => {
    expect(
      validateSwitchPatch({ latencyMs: 20, serverError: null, largeBodyBytes: '1kb' }),
    ).toEqual({
      ok: true,
      value: { latencyMs: 20, serverError: null, largeBodyBytes: 1024 },
    });
    expect(validateSwitchPatch({ latencyMs: '20' })).toEqual({
      ok: false,
      message: 'latencyMs must be a whole number of milliseconds from 0 to 600000, not "20".',
    });
    const unknown = validateSwitchPatch(JSON.parse('{"__proto__":{"polluted":true}}'));
    expect(unknown.ok).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(validateSwitchPatch({ serverError: 404 }).ok).toBe(false);
    expect(validateSwitchPatch({ tokenForm: 'medium' }).ok).toBe(false);
    expect(validateSwitchPatch([]).ok).toBe(false);
  });

  it('builds a valid JSON document of exactly the size asked for', () => {
    for (const size of [100, 4097, 1_000_000]) {
      const body = largeJsonBody(size);
      expect(body.byteLength).toBe(size);
      expect(Array.isArray((JSON.parse(body.toString('utf8')) as { items: unknown }).items)).toBe(
        true,
      );
    }
  });
});

describe('fault switches', () => {
  const sandbox = useSandbox();

  it('delays token and /v1 answers by latencyMs', async () => {
    sandbox().switches.latencyMs = 300;
    let started = performance.now();
    expect((await callV1(sandbox(), 'ping')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    started = performance.now();
    await requestToken(sandbox());
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    // The control API is never delayed, so a test can always turn the latency off again (a long
    // latency and a loose bound: a loaded CI machine must not make this flaky).
    sandbox().switches.latencyMs = 60_000;
    started = performance.now();
    await fetch(`${sandbox().url}/__sandbox/switches`);
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('sends the answers latencyMs holds at once on releaseHeld, and holds later ones again', async () => {
    sandbox().switches.latencyMs = 60_000;
    const started = performance.now();
    const { clientId, clientSecret } = sandbox().credentials;
    const authorization = basicHeader(clientId, clientSecret);
    const held = [
      callV1(sandbox(), 'ping'),
      requestToken(sandbox(), { headers: { authorization } }),
    ];
    await expect.poll(() => sandbox().requests.length).toBe(2);
    sandbox().releaseHeld();
    const [call, token] = await Promise.all(held);
    expect(call?.status).toBe(200);
    expect(token?.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(30_000); // the answers were a minute away
    // A request after the release waits its latency again.
    sandbox().switches.latencyMs = 300;
    const later = performance.now();
    expect((await callV1(sandbox(), 'ping')).status).toBe(200);
    expect(performance.now() - later).toBeGreaterThanOrEqual(290);
  });

  it('answers every token and /v1 call with the serverError status and an Apigee fault', async () => {
    sandbox().switches.serverError = 503;
    const api = await callV1(sandbox(), 'ping');
    expect(api.status).toBe(503);
    expect(api.headers.get('content-type')).toBe('application/json');
    expect(await api.json()).toEqual({
      fault: {
        faultstring: 'The Service is temporarily unavailable',
        detail: { errorcode: 'messaging.adaptors.http.flow.ServiceUnavailable' },
      },
    });
    const { clientId, clientSecret } = sandbox().credentials;
    const token = await requestToken(sandbox(), {
      headers: { authorization: basicHeader(clientId, clientSecret) },
    });
    expect(token.status).toBe(503);
    sandbox().switches.serverError = 555;
    const odd = await callV1(sandbox(), 'ping');
    expect(odd.status).toBe(555);
    expect(
      ((await odd.json()) as { fault: { detail: { errorcode: string } } }).fault.detail.errorcode,
    ).toBe('sandbox.switch.serverError');
  });

  it('answers a 502 HTML page when htmlErrorPage is on', async () => {
    sandbox().switches.htmlErrorPage = true;
    for (const response of [await callV1(sandbox(), 'ping'), await requestToken(sandbox())]) {
      expect(response.status).toBe(502);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toContain('<title>502 Bad Gateway</title>');
    }
  });

  it('refuses every Bearer call, however new its token, when refuseTokens is on', async () => {
    const bearer = async () => ({
      authorization: `Bearer ${await obtainToken(sandbox())}`,
      'x-apikey': null,
    });
    expect((await callV1(sandbox(), 'ping', { headers: await bearer() })).status).toBe(200);
    sandbox().switches.refuseTokens = true;
    const refused = await callV1(sandbox(), 'ping', { headers: await bearer() });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('Invalid Access Token');
    // The token endpoint still grants, and an API key still passes.
    expect((await callV1(sandbox(), 'ping')).status).toBe(200);
  });

  it('refuses token and /v1 calls that carry an Origin when rejectBrowserOrigin is on', async () => {
    const origin = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
    const { clientId, clientSecret } = sandbox().credentials;
    const token = { authorization: basicHeader(clientId, clientSecret) };
    // Off by default: an Origin changes nothing.
    expect((await requestToken(sandbox(), { headers: { ...token, origin } })).status).toBe(200);

    sandbox().switches.rejectBrowserOrigin = true;
    const sample = ANSWERS.sandboxOriginRefused;
    for (const refused of [
      await requestToken(sandbox(), { headers: { ...token, origin } }),
      await callV1(sandbox(), 'ping', { headers: { origin } }),
    ]) {
      expect(refused.status).toBe(sample.status);
      expect(refused.headers.get('content-type')).toBe(sample.contentType);
      expect(await refused.text()).toBe(sample.body);
    }
    // The same calls without an Origin, as a server-side client sends them, go through.
    expect((await requestToken(sandbox(), { headers: token })).status).toBe(200);
    expect((await callV1(sandbox(), 'ping')).status).toBe(200);
  });

  it('answers /v1 with a large valid JSON body of about largeBodyBytes', async () => {
    sandbox().switches.largeBodyBytes = 2 * 1024 * 1024;
    const response = await callV1(sandbox(), 'products');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(Math.abs(text.length - 2 * 1024 * 1024)).toBeLessThan(0.1 * 2 * 1024 * 1024);
    expect(() => JSON.parse(text)).not.toThrow();
    // Faults stay small and readable.
    const refused = await callV1(sandbox(), 'products', { headers: { 'x-apikey': 'wrong' } });
    expect((await refused.text()).length).toBeLessThan(500);
  });
});

describe('/__sandbox/switches', () => {
  const sandbox = useSandbox();
  const post = (body: string, contentType = 'application/json') =>
    fetch(`${sandbox().url}/__sandbox/switches`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });

  it('shows the switches and merges a valid change into the live object', async () => {
    const shown = await fetch(`${sandbox().url}/__sandbox/switches`);
    expect(await shown.json()).toEqual(DEFAULT_SWITCHES);
    const changed = await post('{"tokenForm":"short","latencyMs":5}');
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ ...DEFAULT_SWITCHES, tokenForm: 'short', latencyMs: 5 });
    expect(sandbox().switches.tokenForm).toBe('short');
    expect(sandbox().switches.latencyMs).toBe(5);
  });

  it('turns rejectBrowserOrigin on and off at run time', async () => {
    const origin = { origin: 'http://page.example' };
    expect((await post('{"rejectBrowserOrigin":true}')).status).toBe(200);
    expect((await callV1(sandbox(), 'ping', { headers: origin })).status).toBe(403);
    expect((await post('{"rejectBrowserOrigin":false}')).status).toBe(200);
    expect((await callV1(sandbox(), 'ping', { headers: origin })).status).toBe(200);
    const wrong = await post('{"rejectBrowserOrigin":"yes"}');
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe(
      'rejectBrowserOrigin must be true or false, not "yes".',
    );
  });

  it('refuses a bad field or type and changes nothing', async () => {
    const badType = await post('{"latencyMs":10,"htmlErrorPage":"yes"}');
    expect(badType.status).toBe(400);
    expect(await badType.json()).toEqual({
      error: { code: 'invalid_switch', message: 'htmlErrorPage must be true or false, not "yes".' },
    });
    expect(sandbox().switches.latencyMs).toBe(0);
    const unknown = await post('{"latency":10}');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toContain(
      'Unknown switch "latency"',
    );
    const notJson = await post('{latencyMs:1}');
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: { code: string } }).error.code).toBe('invalid_json');
  });

  it('requires a JSON content type, so a web page cannot flip switches cross-origin', async () => {
    const response = await post('{"htmlErrorPage":true}', 'text/plain');
    expect(response.status).toBe(415);
    expect(sandbox().switches.htmlErrorPage).toBe(false);
  });

  it('expires every token on POST /__sandbox/expire-tokens', async () => {
    const { clientId, clientSecret } = sandbox().credentials;
    const token = (await (
      await requestToken(sandbox(), {
        headers: { authorization: basicHeader(clientId, clientSecret) },
      })
    ).json()) as {
      access_token: string;
    };
    await fetch(`${sandbox().url}/__sandbox/expire-tokens`, { method: 'POST' });
    const response = await callV1(sandbox(), 'ping', {
      headers: { 'x-apikey': null, authorization: `Bearer ${token.access_token}` },
    });
    expect(response.status).toBe(401);
  });

  it('gives its demo profile on GET /__sandbox/demo-profile, readable by no web page', async () => {
    const response = await fetch(`${sandbox().url}/__sandbox/demo-profile`);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(await response.json()).toEqual({
      name: 'Local sandbox',
      authUrl: sandbox().url,
      baseUrl: sandbox().url,
      ...sandbox().credentials,
    });
  });
});
