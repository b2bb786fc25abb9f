import { describe, expect, it } from 'vitest';
import { faultFacts } from './apigee-faults';
import {
  apiKeyLocation,
  decodeSpikeArrest,
  deniedIp,
  describeRate,
  faultEvidence,
  invalidWeight,
  isIpAddress,
  quotaIdentifier,
  requiredScopes,
  retryWhen,
} from './fault-evidence';

const NOW = Date.parse('2026-11-28T10:00:00Z');

describe('the spike arrest decoder', () => {
  it('turns Apigee’s MessageRate into a rate and a pace', () => {
    const text =
      'Spike arrest violation. Allowed rate : MessageRate{messagesPerPeriod=100, periodInMicroseconds=60000000, maxBurstMessageCount=1.0}';
    const rate = decodeSpikeArrest(text);
    expect(rate).toEqual({ messages: 100, periodMs: 60_000, paceMs: 600 });
    expect(rate && describeRate(rate)).toBe('100 a minute: at most one call every 600 ms');
  });

  it('reads per-second and odd periods', () => {
    const second = decodeSpikeArrest(
      'MessageRate{messagesPerPeriod=10, periodInMicroseconds=1000000}',
    );
    expect(second && describeRate(second)).toBe('10 a second: at most one call every 100 ms');
    const slow = decodeSpikeArrest(
      'MessageRate{messagesPerPeriod=12, periodInMicroseconds=60000000}',
    );
    expect(slow && describeRate(slow)).toBe('12 a minute: at most one call every 5 s');
    const odd = decodeSpikeArrest(
      'MessageRate{messagesPerPeriod=3, periodInMicroseconds=30000000}',
    );
    expect(odd && describeRate(odd)).toBe('3 every 30 s: at most one call every 10 s');
  });

  it('refuses a text without a usable rate', () => {
    expect(decodeSpikeArrest('Spike arrest violation.')).toBeNull();
    expect(
      decodeSpikeArrest('MessageRate{messagesPerPeriod=0, periodInMicroseconds=1000000}'),
    ).toBeNull();
  });
});

describe('evidence read from fault strings and headers', () => {
  it('finds the quota identifier, the denied IP, the scopes and the key’s location', () => {
    expect(
      quotaIdentifier('Rate limit quota violation. Quota limit  exceeded. Identifier : _default'),
    ).toBe('_default');
    expect(deniedIp('Access Denied for client ip : 52.211.243.3')).toBe('52.211.243.3');
    expect(requiredScopes('Required scope(s): orders.read, orders.write')).toEqual([
      'orders.read',
      'orders.write',
    ]);
    expect(apiKeyLocation('Failed to resolve API Key variable request.header.x-apikey')).toBe(
      'the header x-apikey',
    );
    expect(apiKeyLocation('Failed to resolve API Key variable request.queryparam.apikey')).toBe(
      'the query parameter apikey',
    );
  });

  it('says when to try again from Retry-After, RateLimit-Reset or X-RateLimit-Reset', () => {
    expect(retryWhen([{ name: 'Retry-After', value: '42' }], NOW)).toBe(
      'in 42 s, at 10:00:42 UTC (retry-after: 42)',
    );
    expect(retryWhen([{ name: 'ratelimit-reset', value: '90' }], NOW)).toMatch(/^in 90 s/);
    const epoch = String(NOW / 1000 + 600);
    expect(retryWhen([{ name: 'X-RateLimit-Reset', value: epoch }], NOW)).toMatch(
      /^in 10 min, at 10:10:00 UTC/,
    );
    expect(
      retryWhen([{ name: 'Retry-After', value: 'Sat, 28 Nov 2026 10:01:00 GMT' }], NOW),
    ).toMatch(/^in 60 s/);
    expect(retryWhen([{ name: 'Retry-After', value: 'soon' }], NOW)).toBeNull();
    expect(retryWhen([], NOW)).toBeNull();
  });

  it('shows a product mismatch’s token products and issue time beside the call', () => {
    const fault = {
      code: 'keymanagement.service.InvalidAPICallAsNoApiProductMatchFound',
      text: 'Invalid API call as no apiproduct match found',
      place: 'fault' as const,
    };
    const facts = faultFacts(fault.code);
    const token = {
      products: ['Partner Catalogue'],
      issuedAtMs: NOW - 60_000,
      scope: '',
      fromCache: true,
    };
    const cached = faultEvidence(fault, facts, {
      headers: [],
      call: { method: 'GET', path: '/v1/orders' },
      token,
      nowMs: NOW,
    });
    expect(cached).toContainEqual({ label: 'Called', value: 'GET /v1/orders' });
    expect(cached).toContainEqual({ label: 'Token’s API products', value: 'Partner Catalogue' });
    expect(cached).toContainEqual({ label: 'Token issued at', value: '2026-11-28T09:59:00.000Z' });
    expect(cached.find((item) => item.label === 'A new token')?.value).toMatch(/^may help/);
    const fresh = faultEvidence(fault, facts, {
      headers: [],
      token: { ...token, fromCache: false },
    });
    expect(fresh.find((item) => item.label === 'A new token')?.value).toMatch(/^will not help/);
  });

  it('beside an address variable that held no IP, shows the X-Forwarded-For the call sent', () => {
    const fault = {
      code: 'accesscontrol.InvalidIPAddressInVariable',
      text: 'Invalid IP address in variable : not-an-ip',
      place: 'fault' as const,
    };
    const facts = faultFacts(fault.code);
    expect(facts?.fixer).toBe('you, then the provider');
    const evidence = (headers: { name: string; value: string }[]) =>
      faultEvidence(fault, facts, {
        headers: [],
        call: { method: 'GET', path: '/v1/ping', headers },
      })[0];
    expect(evidence([{ name: 'X-Forwarded-For', value: 'not-an-ip, 10.0.0.1' }])).toEqual({
      label: 'X-Forwarded-For sent',
      value:
        'not-an-ip, 10.0.0.1 (its first address, “not-an-ip”, is not an IP address: send a valid one or none)',
    });
    expect(evidence([{ name: 'X-Forwarded-For', value: 'office-gateway' }])?.value).toBe(
      'office-gateway (not an IP address: send a valid one or none)',
    );
    expect(evidence([{ name: 'x-forwarded-for', value: '203.0.113.7' }])?.value).toMatch(
      /^203\.0\.113\.7 \(its first address is an IP address: the variable is filled from elsewhere/,
    );
    expect(evidence([{ name: 'Accept', value: '*/*' }])).toEqual({
      label: 'X-Forwarded-For',
      value: 'not sent by this call: the address comes from the provider’s side (tell them)',
    });
  });

  it('beside a refused message weight, names the header of the call that held it', () => {
    const fault = {
      code: 'policies.ratelimit.InvalidMessageWeight',
      text: 'Invalid message weight value 1.5',
      place: 'fault' as const,
    };
    expect(invalidWeight(fault.text)).toBe('1.5');
    const facts = faultFacts(fault.code);
    expect(facts?.fixer).toBe('you, then the provider');
    const evidence = (headers: { name: string; value: string }[]) =>
      faultEvidence(fault, facts, {
        headers: [],
        call: { method: 'GET', path: '/v1/ping', headers },
      })[0];
    expect(
      evidence([
        { name: 'Accept', value: '*/*' },
        { name: 'X-Batch-Size', value: ' 1.5' },
      ]),
    ).toEqual({
      label: 'X-Batch-Size sent',
      value: ' 1.5 (the value the spike arrest refused: send a whole number there)',
    });
    expect(evidence([{ name: 'X-Batch-Size', value: '2' }])).toEqual({
      label: 'Weight read',
      value:
        '1.5: no header of this call holds it, so the provider’s proxy fills the weight (tell them)',
    });
  });

  it('tells an IP address from other text', () => {
    for (const ip of [
      '127.0.0.1',
      '203.0.113.7',
      '255.255.255.255',
      '2001:db8::7',
      '::1',
      '::ffff:1.2.3.4',
    ])
      expect(isIpAddress(ip), ip).toBe(true);
    for (const text of [
      '',
      'not-an-ip',
      '256.1.1.1',
      '01.2.3.4',
      '1.2.3',
      'example.com',
      '[::1]',
      '::1/64',
      '2001:db8::g',
    ])
      expect(isIpAddress(text), text).toBe(false);
  });

  it('says who can fix an inactive developer: only the provider', () => {
    const fault = {
      code: 'keymanagement.service.DeveloperStatusNotActive',
      text: 'Developer Status is not Active',
      place: 'fault' as const,
    };
    const items = faultEvidence(fault, faultFacts(fault.code), { headers: [] });
    expect(items).toContainEqual({ label: 'Who can fix it', value: 'provider' });
    expect(items).toContainEqual({ label: 'Can a new token help', value: 'no' });
  });
});
