import { describe, expect, it } from 'vitest';
import { captured, PROFILES } from '../testing/fixtures/capture/capture-samples';
import {
  apiKeyCallWithoutCompany,
  bearerOrderCall,
  CANARIES,
  cookieCall,
} from '../testing/fixtures/har/har-samples';
import { matchCall } from './call-matching';
import { fingerprintsOf, reviewCall } from './call-review';
import { worstMark } from './finding';
import { fingerprintToken } from './token-fingerprint';

describe('reviewCall', () => {
  it('puts the security advisory before the contract findings', async () => {
    const call = await captured(apiKeyCallWithoutCompany());
    const review = reviewCall(call, matchCall(call, PROFILES), [], Date.now());
    expect(review.map((finding) => [finding.severity, finding.code])).toEqual([
      ['high', 'api-key-in-page'],
      ['error', 'company-id-missing'],
    ]);
  });
});

describe('worstMark', () => {
  it('marks a row critical for an advisory, warning for a contract breach, nothing when clean', async () => {
    const withKey = await captured(apiKeyCallWithoutCompany());
    expect(worstMark(reviewCall(withKey, matchCall(withKey, PROFILES), [], Date.now()))).toBe(
      'critical',
    );
    const review = reviewCall(withKey, matchCall(withKey, PROFILES), [], Date.now());
    expect(worstMark(review.filter(({ kind }) => kind === 'contract'))).toBe('warning');
    expect(worstMark([])).toBeNull();
    expect(
      worstMark([{ code: 'x', kind: 'contract', severity: 'info', message: '', hint: '' }]),
    ).toBeNull();
  });
});

describe('fingerprintsOf', () => {
  it('lists each Bearer fingerprint once: what the worker is asked about', async () => {
    const calls = await Promise.all(
      [bearerOrderCall(), bearerOrderCall(), cookieCall()].map((entry) => captured(entry)),
    );
    expect(fingerprintsOf(calls)).toEqual([await fingerprintToken(CANARIES.accessToken)]);
  });
});
