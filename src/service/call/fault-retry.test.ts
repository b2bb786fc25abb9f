import { describe, expect, it } from 'vitest';
import { rateLimitOf, renewalReason } from './fault-retry';

const JSON_HEADERS = [{ name: 'content-type', value: 'application/json' }];
const fault = (errorcode: string, faultstring = 'x') =>
  JSON.stringify({ fault: { faultstring, detail: { errorcode } } });
const answer = (status: number, bodyText: string, headers = JSON_HEADERS) => ({
  status,
  headers,
  bodyText,
});
const CACHED = { fromCache: true };
const FRESH = { fromCache: false };

describe('renewalReason: behaviour follows the code', () => {
  it('renews a token fault once at 400, 401, 403 and 500 alike', () => {
    for (const code of [
      'keymanagement.service.access_token_expired',
      'keymanagement.service.invalid_access_token',
      'oauth.v2.InvalidAccessToken',
      'steps.oauth.v2.access_token_expired',
      'steps.oauth.v2.invalid_access_token',
    ]) {
      for (const status of [400, 401, 403, 500]) {
        expect(renewalReason(answer(status, fault(code)), FRESH), `${code} ${status}`).toContain(
          code,
        );
      }
    }
  });

  it('renews a token fault carried only in WWW-Authenticate', () => {
    const headers = [
      {
        name: 'www-authenticate',
        value:
          'Bearer realm="null", error="invalid_token", error_description="keymanagement.service.access_token_expired: Access Token expired"',
      },
    ];
    expect(renewalReason(answer(500, '', headers), FRESH)).toMatch(/HTTP 500/);
  });

  it('renews a product mismatch only when the token was minted before the call', () => {
    const body = fault('keymanagement.service.InvalidAPICallAsNoApiProductMatchFound');
    expect(renewalReason(answer(401, body), CACHED)).toMatch(/minted before this call/);
    expect(renewalReason(answer(401, body), FRESH)).toBeNull();
  });

  it('never renews a quota, a spike arrest, or what only the provider can fix', () => {
    for (const code of [
      'policies.ratelimit.QuotaViolation',
      'policies.ratelimit.SpikeArrestViolation',
      'keymanagement.service.DeveloperStatusNotActive',
      'accesscontrol.IPDeniedAccess',
      'steps.oauth.v2.InsufficientScope',
      'oauth.v2.InvalidApiKeyForGivenResource',
    ]) {
      for (const status of [401, 403, 429, 500]) {
        expect(renewalReason(answer(status, fault(code)), CACHED), `${code} ${status}`).toBeNull();
      }
    }
  });

  it('renews a 401 without a known code, as before, and nothing else without one', () => {
    expect(renewalReason(answer(401, ''), CACHED)).toMatch(/401/);
    expect(renewalReason(answer(403, ''), CACHED)).toBeNull();
    expect(renewalReason(answer(400, fault('sandbox.companyId.missing')), CACHED)).toBeNull();
    expect(renewalReason(answer(503, ''), CACHED)).toBeNull();
    expect(renewalReason(answer(200, fault('oauth.v2.InvalidAccessToken')), CACHED)).toBeNull();
  });
});

describe('rateLimitOf', () => {
  it('reads a spike arrest’s pace and a quota from their codes, at any status', () => {
    const spike = fault(
      'policies.ratelimit.SpikeArrestViolation',
      'Spike arrest violation. Allowed rate : MessageRate{messagesPerPeriod=100, periodInMicroseconds=60000000, maxBurstMessageCount=1.0}',
    );
    for (const status of [429, 500]) {
      expect(rateLimitOf(answer(status, spike))).toEqual({ kind: 'spike-arrest', paceMs: 600 });
      expect(rateLimitOf(answer(status, fault('policies.ratelimit.QuotaViolation')))).toEqual({
        kind: 'quota',
      });
    }
    expect(rateLimitOf(answer(500, fault('messaging.runtime.InternalServerError')))).toBeNull();
  });
});
