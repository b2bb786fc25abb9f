import { describe, expect, it } from 'vitest';
import { ANSWERS, type SampleAnswer } from '../../testing/fixtures/wire/origin-refusal-samples';
import { credentialTraits } from './credential-advice';
import { explainTokenFailure, type FailureCause } from './token-failure';
import { concludeComparison, type VariantAttempt } from './variant-conclusion';

const A = 'A: Basic header';
const B = 'B: form body';
const A_ENCODED = 'A: Basic header, RFC 6749 form-encoded';

const token = (label: string): VariantAttempt => ({ label, view: { outcome: 'token' } });

/** A refused attempt, explained from a real answer the way the worker explains it. */
function refused(label: string, answer: SampleAnswer, secret = 'S3cretValue'): VariantAttempt {
  const explanation = explainTokenFailure({
    status: answer.status,
    contentType: answer.contentType,
    bodyText: answer.body,
    networkError: null,
    variant: label.startsWith('A') ? 'basic' : 'body',
    formEncoded: label === A_ENCODED,
    traits: credentialTraits('client-1', secret),
    origin: null,
  });
  return { label, view: { outcome: 'failure', explanation } };
}

const failedFor = (label: string, cause: FailureCause): VariantAttempt => ({
  label,
  view: { outcome: 'failure', explanation: { cause } },
});

describe('concludeComparison', () => {
  it('names the stray space or line break when every variant is refused for a pasted secret', () => {
    for (const secret of ['S3cretValue ', 'S3cretValue\n']) {
      const conclusion = concludeComparison([
        refused(A, ANSWERS.oidcWrongSecret, secret),
        refused(B, ANSWERS.oidcWrongSecret, secret),
      ]);
      expect(conclusion).toBe(
        'Every variant was refused for its credentials, and the client secret or ID has a stray space or line break from copy and paste: edit the profile, retype it without them, and compare again. See Why it failed under Get token.',
      );
      expect(conclusion).not.toContain('wrong (or revoked)');
    }
  });

  it('says to use the variant the server accepted, and which it refused', () => {
    const strict = 's3cr%t+val:ue&more';
    expect(
      concludeComparison([
        refused(A, ANSWERS.oidcBasicNotEncoded, strict),
        token(B),
        token(A_ENCODED),
      ]),
    ).toBe(`Use “${B}” and “${A_ENCODED}”: the server accepted them and refused “${A}”.`);
    expect(concludeComparison([token(A), refused(B, ANSWERS.oidcWrongSecret)])).toBe(
      `Use “${A}”: the server accepted it and refused “${B}”.`,
    );
  });

  it('says any variant works when the server took them all', () => {
    expect(concludeComparison([token(A), token(B)])).toBe(
      'The server accepts every variant: any of them works.',
    );
  });

  it('blames the ID or secret when every variant was refused for its credentials', () => {
    const attempts = [refused(A, ANSWERS.oidcWrongSecret), refused(B, ANSWERS.oidcWrongSecret)];
    expect(concludeComparison(attempts)).toBe(
      'Every variant was refused for its credentials: the client ID or secret is wrong (or revoked). Check both against what the provider issued.',
    );
    // One variant blamed on the encoding and the others on the credentials: still the credentials.
    expect(
      concludeComparison([
        refused(A, ANSWERS.oidcBasicNotEncoded, 'p%s'),
        refused(B, ANSWERS.oidcWrongSecret),
        refused(A_ENCODED, ANSWERS.oidcWrongSecret, 'p%s'),
      ]),
    ).toMatch(/^Every variant was refused for its credentials/);
  });

  it('says the server polices browsers when every variant was refused for its origin', () => {
    const attempts = [
      refused(A, ANSWERS.oidcOriginNotAllowed),
      refused(B, ANSWERS.oidcOriginNotAllowed),
    ];
    expect(concludeComparison(attempts)).toBe(
      'Every variant was refused for where it came from, not for its credentials: this server polices browser origins. See Why it failed under Get token.',
    );
  });

  it('points at the Auth URL, the server or the network when that is what every answer says', () => {
    expect(concludeComparison([failedFor(A, 'endpoint'), failedFor(B, 'endpoint')])).toMatch(
      /check the Auth URL/,
    );
    expect(concludeComparison([failedFor(A, 'server'), failedFor(B, 'server')])).toMatch(
      /^The server failed for every variant/,
    );
    expect(concludeComparison([failedFor(A, 'network'), failedFor(B, 'network')])).toMatch(
      /^No variant reached the server/,
    );
  });

  it('does not pretend to know when the variants failed for different reasons', () => {
    expect(
      concludeComparison([refused(A, ANSWERS.oidcOriginNotAllowed), failedFor(B, 'server')]),
    ).toBe(
      'No variant got a token, each for its own reason: press Get token with each auth method and read Why it failed.',
    );
  });
});
