import { describe, expect, it } from 'vitest';
import {
  basicHeader,
  callV1,
  obtainToken,
  requestToken,
  useSandbox,
} from '../testing/fixtures/sandbox/sandbox-fixture';
import { pathMatches } from './api-products';
import { parseCliArgs } from './cli-options';
import { validateSwitchPatch } from './switches';

interface Fault {
  faultstring: string;
  detail: { errorcode: string };
}

async function faultOf(response: Response): Promise<Fault> {
  return ((await response.json()) as { fault: Fault }).fault;
}

const bearer = (token: string) => ({ 'x-apikey': null, authorization: `Bearer ${token}` });

describe('API products with resource paths', () => {
  it('match paths as Apigee does: /** below and at, /* one segment, else exact', () => {
    expect(pathMatches('/v1/products/**', '/v1/products')).toBe(true);
    expect(pathMatches('/v1/products/**', '/v1/products/prd_1001/x')).toBe(true);
    expect(pathMatches('/v1/products/**', '/v1/productsX')).toBe(false);
    expect(pathMatches('/v1/products/*', '/v1/products/prd_1001')).toBe(true);
    expect(pathMatches('/v1/products/*', '/v1/products/prd_1001/x')).toBe(false);
    expect(pathMatches('/v1/ping', '/v1/ping')).toBe(true);
    expect(pathMatches('/**', '/v1/anything')).toBe(true);
  });

  const sandbox = useSandbox({ switches: { productPaths: ['/v1/products/**'] } });

  it('refuse a Bearer call outside the products with the product mismatch, and let one inside through', async () => {
    const token = await obtainToken(sandbox());
    expect((await callV1(sandbox(), 'products', { headers: bearer(token) })).status).toBe(200);
    const refused = await callV1(sandbox(), 'orders', { headers: bearer(token) });
    expect(refused.status).toBe(401);
    expect(await faultOf(refused)).toEqual({
      faultstring: 'Invalid API call as no apiproduct match found',
      detail: { errorcode: 'keymanagement.service.InvalidAPICallAsNoApiProductMatchFound' },
    });
    const byKey = await callV1(sandbox(), 'orders');
    expect((await faultOf(byKey)).detail.errorcode).toBe('oauth.v2.InvalidApiKeyForGivenResource');
  });

  it('reproduce the stale token: a product added after the token was minted is only in a new one', async () => {
    const box = sandbox();
    const old = await obtainToken(box);
    box.switches.addedProductPaths = ['/v1/orders/**'];
    expect((await callV1(box, 'orders', { headers: bearer(old) })).status).toBe(401);
    const { clientId, clientSecret } = box.credentials;
    const minted = await requestToken(box, {
      headers: { authorization: basicHeader(clientId, clientSecret) },
    });
    const body = (await minted.json()) as { access_token: string; api_product_list: string };
    expect(body.api_product_list).toBe('[Partner API Sandbox, Partner Reports, Partner Extras]');
    expect((await callV1(box, 'orders', { headers: bearer(body.access_token) })).status).toBe(200);
  });
});

describe('rate limits', () => {
  const sandbox = useSandbox();

  it('answer a spike arrest with Apigee’s text at 500, and at 429 when asked', async () => {
    const box = sandbox();
    box.switches.spikeArrestPerMinute = 1;
    expect((await callV1(box, 'ping')).status).toBe(200);
    const refused = await callV1(box, 'ping');
    expect(refused.status).toBe(500);
    expect(await faultOf(refused)).toEqual({
      faultstring:
        'Spike arrest violation. Allowed rate : MessageRate{messagesPerPeriod=1, periodInMicroseconds=60000000, maxBurstMessageCount=1.0}',
      detail: { errorcode: 'policies.ratelimit.SpikeArrestViolation' },
    });
    box.switches.rateLimitStatus = 429;
    expect((await callV1(box, 'ping')).status).toBe(429);
  });

  it('answer a quota with the identifier it counts, and Retry-After at 429', async () => {
    const box = sandbox();
    Object.assign(box.switches, { quotaPerMinute: 2, rateLimitStatus: 429 });
    expect((await callV1(box, 'ping')).status).toBe(200);
    expect((await callV1(box, 'ping')).status).toBe(200);
    const refused = await callV1(box, 'ping');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await faultOf(refused)).faultstring).toBe(
      `Rate limit quota violation. Quota limit  exceeded. Identifier : ${box.credentials.clientId}`,
    );
  });
});

describe('statuses, IP deny, scope and where faults are said', () => {
  const sandbox = useSandbox();

  it('refuse calls of an inactive developer, company or app, and of an expired or revoked key', async () => {
    const box = sandbox();
    const cases = [
      ['appStatus', 'developer-inactive', 'keymanagement.service.DeveloperStatusNotActive'],
      ['appStatus', 'company-inactive', 'keymanagement.service.CompanyStatusNotActive'],
      ['appStatus', 'app-not-approved', 'keymanagement.service.invalid_client-app_not_approved'],
      ['apiKeyStatus', 'revoked', 'keymanagement.service.consumer_key_expired_or_revoked'],
      ['apiKeyStatus', 'expired', 'keymanagement.service.consumer_key_expired_or_revoked'],
    ] as const;
    for (const [name, value, code] of cases) {
      Object.assign(box.switches, {
        appStatus: 'approved',
        apiKeyStatus: 'approved',
        [name]: value,
      });
      const refused = await callV1(box, 'ping');
      expect(refused.status, value).toBe(401);
      expect((await faultOf(refused)).detail.errorcode).toBe(code);
    }
  });

  it('deny the caller’s IP address, naming it', async () => {
    const box = sandbox();
    box.switches.denyClientIp = true;
    const refused = await callV1(box, 'ping');
    expect(refused.status).toBe(403);
    expect(await faultOf(refused)).toEqual({
      faultstring: 'Access Denied for client ip : 127.0.0.1',
      detail: { errorcode: 'accesscontrol.IPDeniedAccess' },
    });
  });

  it('weigh each call by a header when asked: one that is not a whole number is refused with 500, a weight holds the next call back', async () => {
    const box = sandbox();
    box.switches.spikeArrestPerMinute = 60; // one call a second
    box.switches.spikeArrestWeightHeader = 'x-batch-size';
    const weighing = (value: string) => ({ headers: { 'x-batch-size': value } });
    const malformed = await callV1(box, 'ping', weighing('1.5'));
    expect(malformed.status).toBe(500);
    expect(await faultOf(malformed)).toEqual({
      faultstring: 'Invalid message weight value 1.5',
      detail: { errorcode: 'policies.ratelimit.InvalidMessageWeight' },
    });
    // A call of weight 0 holds nothing back; one of weight 1 (no header) holds the next a second.
    expect((await callV1(box, 'ping', weighing('0'))).status).toBe(200);
    expect((await callV1(box, 'ping')).status).toBe(200);
    const held = await callV1(box, 'ping', weighing('0'));
    expect((await faultOf(held)).detail.errorcode).toBe('policies.ratelimit.SpikeArrestViolation');
  });

  it('read the caller’s address from X-Forwarded-For when asked: refuse one that is no IP with 500, deny one that is', async () => {
    const box = sandbox();
    const forwarded = (value: string) => ({ headers: { 'x-forwarded-for': value } });
    // From the connection (the default), X-Forwarded-For is not read.
    expect((await callV1(box, 'ping', forwarded('not-an-ip'))).status).toBe(200);

    box.switches.clientIpFrom = 'x-forwarded-for';
    const malformed = await callV1(box, 'ping', forwarded('not-an-ip, 10.0.0.1'));
    expect(malformed.status).toBe(500);
    expect(await faultOf(malformed)).toEqual({
      faultstring: 'Invalid IP address in variable : not-an-ip',
      detail: { errorcode: 'accesscontrol.InvalidIPAddressInVariable' },
    });
    expect((await callV1(box, 'ping', forwarded('203.0.113.7, 10.0.0.1'))).status).toBe(200);
    expect((await callV1(box, 'ping', forwarded('2001:db8::7'))).status).toBe(200);
    // No header: the connection's address, as before.
    expect((await callV1(box, 'ping')).status).toBe(200);

    box.switches.denyClientIp = true;
    const denied = await callV1(box, 'ping', forwarded('203.0.113.7'));
    expect(denied.status).toBe(403);
    expect((await faultOf(denied)).faultstring).toBe('Access Denied for client ip : 203.0.113.7');
    const direct = await callV1(box, 'ping');
    expect((await faultOf(direct)).faultstring).toBe('Access Denied for client ip : 127.0.0.1');
  });

  it('require a scope, granted by scope= in the token request', async () => {
    const box = sandbox();
    box.switches.requiredScope = 'orders.write';
    const without = await obtainToken(box);
    const refused = await callV1(box, 'ping', { headers: bearer(without) });
    expect(refused.status).toBe(403);
    expect((await faultOf(refused)).faultstring).toBe('Required scope(s): orders.write');
    const { clientId, clientSecret } = box.credentials;
    const scoped = await requestToken(box, {
      headers: { authorization: basicHeader(clientId, clientSecret) },
      body: 'grant_type=client_credentials&scope=orders.write',
    });
    const body = (await scoped.json()) as { access_token: string; scope: string };
    expect(body.scope).toBe('orders.write');
    expect((await callV1(box, 'ping', { headers: bearer(body.access_token) })).status).toBe(200);
  });

  it('say a fault only in WWW-Authenticate, with an empty body, and token faults at 500', async () => {
    const box = sandbox();
    Object.assign(box.switches, { faultsIn: 'www-authenticate', tokenFaultStatus: 500 });
    const token = await obtainToken(box);
    box.expireAllTokens();
    const expired = await callV1(box, 'ping', { headers: bearer(token) });
    expect(expired.status).toBe(500);
    expect(await expired.text()).toBe('');
    expect(expired.headers.get('www-authenticate')).toBe(
      'Bearer realm="null", error="invalid_token", error_description="keymanagement.service.access_token_expired: Access Token expired"',
    );
    box.switches.faultsIn = 'body';
    const inBody = await callV1(box, 'ping', { headers: bearer(token) });
    expect(inBody.status).toBe(500);
    expect((await faultOf(inBody)).detail.errorcode).toBe(
      'keymanagement.service.access_token_expired',
    );
  });
});

describe('the Apigee switches’ ways in', () => {
  it('validate control-API values and refuse bad ones with what fits', () => {
    expect(
      validateSwitchPatch({ productPaths: ['/v1/products/**'], rateLimitStatus: 429 }),
    ).toEqual({ ok: true, value: { productPaths: ['/v1/products/**'], rateLimitStatus: 429 } });
    expect(validateSwitchPatch({ productPaths: ['v1/products'] }).ok).toBe(false);
    expect(validateSwitchPatch({ rateLimitStatus: 503 })).toEqual({
      ok: false,
      message: 'rateLimitStatus must be one of 500, 429, not 503.',
    });
    expect(validateSwitchPatch({ appStatus: 'sleepy' }).ok).toBe(false);
    expect(validateSwitchPatch({ requiredScope: 'two words' }).ok).toBe(false);
    expect(validateSwitchPatch({ clientIpFrom: 'x-real-ip' }).ok).toBe(false);
    expect(validateSwitchPatch({ spikeArrestWeightHeader: 'two words' }).ok).toBe(false);
  });

  it('read every flag into its switch', () => {
    const options = parseCliArgs(
      [
        '--product-paths',
        '/v1/products/**,/v1/orders/**',
        '--added-product-paths',
        '/v1/reports/**',
        '--spike-arrest',
        '100',
        '--spike-arrest-weight-header',
        'X-Batch-Size',
        '--quota',
        '5',
        '--rate-limit-status',
        '429',
        '--app-status',
        'developer-inactive',
        '--api-key-status',
        'revoked',
        '--deny-ip',
        '--client-ip-from',
        'x-forwarded-for',
        '--required-scope',
        'orders.write',
        '--faults-in-header',
        '--token-fault-status',
        '500',
      ],
      {},
    );
    expect(options.switches).toEqual({
      productPaths: ['/v1/products/**', '/v1/orders/**'],
      addedProductPaths: ['/v1/reports/**'],
      spikeArrestPerMinute: 100,
      spikeArrestWeightHeader: 'x-batch-size',
      quotaPerMinute: 5,
      rateLimitStatus: 429,
      appStatus: 'developer-inactive',
      apiKeyStatus: 'revoked',
      denyClientIp: true,
      clientIpFrom: 'x-forwarded-for',
      requiredScope: 'orders.write',
      faultsIn: 'www-authenticate',
      tokenFaultStatus: 500,
    });
    expect(() => parseCliArgs(['--spike-arrest', 'fast'], {})).toThrow(
      /--spike-arrest must be a whole number of calls a minute/,
    );
  });
});
