import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  CheckTokensSchema,
  fingerprintToken,
  type KnownToken,
  MAX_FINGERPRINTS,
  matchFingerprints,
} from './token-fingerprint';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);

describe('token fingerprints', () => {
  it('are the SHA-256 of the token’s UTF-8 bytes in lower-case hex', async () => {
    expect(await fingerprintToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(await fingerprintToken('é')).not.toBe(await fingerprintToken('e'));
  });

  it('are the only thing the check-tokens message carries, at most one per captured call', () => {
    expect(v.safeParse(CheckTokensSchema, { fingerprints: [A, B] }).success).toBe(true);
    for (const fingerprint of ['A'.repeat(64), 'a'.repeat(63), 'Bearer abc', '']) {
      expect(v.safeParse(CheckTokensSchema, { fingerprints: [fingerprint] }).success).toBe(false);
    }
    const many = Array.from({ length: MAX_FINGERPRINTS + 1 }, () => A);
    expect(v.safeParse(CheckTokensSchema, { fingerprints: many }).success).toBe(false);
    expect(v.safeParse(CheckTokensSchema, { fingerprints: [], token: 'x' }).success).toBe(false);
  });

  it('answer the known tokens among those asked, each once, in the order asked', () => {
    const known: KnownToken[] = [
      { fingerprint: A, profileId: 'p1', profileName: 'One', expiresAtMs: 1 },
      { fingerprint: B, profileId: 'p2', profileName: 'Two', expiresAtMs: null },
    ];
    expect(matchFingerprints([B, 'c'.repeat(64), B, A], known).map((t) => t.profileId)).toEqual([
      'p2',
      'p1',
    ]);
    expect(matchFingerprints([], known)).toEqual([]);
  });
});
