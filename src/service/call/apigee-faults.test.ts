import { describe, expect, it } from 'vitest';
import { APIGEE_FAULTS, faultFacts, shortCode } from './apigee-faults';

/** The codes issue 31 asks the catalogue to hold at least. */
const REQUIRED = [
  'InvalidApiKey',
  'InvalidApiKeyForGivenResource',
  'FailedToResolveAPIKey',
  'InvalidAccessToken',
  'invalid_access_token',
  'access_token_expired',
  'access_token_not_approved',
  'InvalidAPICallAsNoApiProductMatchFound',
  'apiresource_doesnot_exist',
  'InsufficientScope',
  'InvalidClientIdentifier',
  'invalid_client',
  'invalid_request',
  'UnSupportedGrantType',
  'DeveloperStatusNotActive',
  'CompanyStatusNotActive',
  'invalid_client-app_not_approved',
  'consumer_key_expired_or_revoked',
  'QuotaViolation',
  'SpikeArrestViolation',
  'IPDeniedAccess',
];

describe('the catalogue of Apigee faults', () => {
  it('holds every code the issue lists', () => {
    for (const code of REQUIRED) expect(APIGEE_FAULTS.has(code), code).toBe(true);
  });

  it('gives every row all its fields and a public source', () => {
    for (const [code, row] of APIGEE_FAULTS) {
      expect(row.code).toBe(code);
      for (const field of ['policy', 'title', 'means', 'todo', 'source'] as const) {
        expect(row[field].trim().length, `${code}.${field}`).toBeGreaterThan(3);
      }
      expect(['you', 'provider', 'you, then the provider']).toContain(row.fixer);
      expect(['yes', 'maybe', 'no']).toContain(row.newToken);
      expect(row.source, code).toMatch(/https:\/\/|Apigee/);
    }
  });

  it('finds a row whatever the code’s prefix', () => {
    expect(shortCode('keymanagement.service.access_token_expired')).toBe('access_token_expired');
    expect(faultFacts('steps.oauth.v2.access_token_expired')?.code).toBe('access_token_expired');
    expect(faultFacts('steps.accesscontrol.IPDeniedAccess')?.code).toBe('IPDeniedAccess');
    expect(faultFacts('invalid_client')?.code).toBe('invalid_client');
    expect(faultFacts('sandbox.companyId.missing')).toBeUndefined();
    expect(faultFacts(null)).toBeUndefined();
  });

  it('says a new token helps exactly for the token faults', () => {
    const helps = [...APIGEE_FAULTS.values()].filter((row) => row.newToken === 'yes');
    expect(helps.map((row) => row.code).sort()).toEqual(
      ['InvalidAccessToken', 'access_token_expired', 'invalid_access_token'].sort(),
    );
    expect(faultFacts('DeveloperStatusNotActive')?.fixer).toBe('provider');
  });
});
