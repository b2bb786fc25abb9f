import { describe, expect, it } from 'vitest';
import { spanWords } from '../../vocabulary/span-words';
import { diagnosticsAt, nextChangeAt, tokenStateAt } from './token-clock';
import type { TokenDiagnostic } from './token-finding';
import type { TokenSuccessView } from './token-grant';

const RECEIVED = Date.UTC(2026, 10, 25, 12, 0, 0);
const finding = (id: TokenDiagnostic['id']): TokenDiagnostic => ({
  id,
  severity: 'warning',
  title: id,
  explanation: '',
  action: '',
});

function view(expiresInMs: number | null, diagnostics: TokenDiagnostic[] = []): TokenSuccessView {
  return {
    outcome: 'token',
    receivedAtMs: RECEIVED,
    diagnostics,
    token: {
      expiresAtMs: expiresInMs === null ? null : RECEIVED + expiresInMs,
      expiryExplanation: 'expires_in 75 s after issued_at',
    },
  } as unknown as TokenSuccessView;
}

describe('a token view as the clock moves', () => {
  it('is good, then expiring in its last minute, then expired at the moment it expires', () => {
    const token = view(75_000);
    expect(tokenStateAt(token, RECEIVED)).toBe('good');
    expect(tokenStateAt(token, RECEIVED + 15_001)).toBe('expiring');
    expect(tokenStateAt(token, RECEIVED + 74_999)).toBe('expiring');
    expect(tokenStateAt(token, RECEIVED + 75_000)).toBe('expired');
    expect(tokenStateAt(view(null), RECEIVED + 1e12)).toBe('good');
  });

  it('says "No problems" while good, warns within the minute, and turns to expired after', () => {
    const token = view(75_000, [finding('no_products')]);
    expect(diagnosticsAt(token, RECEIVED).map((item) => item.id)).toEqual(['no_products']);
    expect(diagnosticsAt(token, RECEIVED + 20_000).map((item) => item.id)).toEqual([
      'expires_soon',
      'no_products',
    ]);
    const expired = diagnosticsAt(token, RECEIVED + 80_000);
    expect(expired.map((item) => item.id)).toEqual(['expired', 'no_products']);
    expect(expired[0]).toMatchObject({ severity: 'error', title: 'The token has expired' });
    expect(expired[0]?.explanation).toContain('5 s ago');
  });

  it('words the time since expiry as every countdown does (one wording: spanWords)', () => {
    const token = view(3_000);
    for (const after of [8_400, 130_000]) {
      const [finding] = diagnosticsAt(token, RECEIVED + 3_000 + after);
      // The toolbar's countdown at the same instant reads `expired ${spanWords(left)} ago`.
      expect(finding?.explanation).toContain(`expired ${spanWords(-after)} ago`);
    }
    expect(diagnosticsAt(token, RECEIVED + 11_400)[0]?.explanation).toContain('expired 8 s ago');
  });

  it('replaces the expiry finding made on arrival, and keeps findings about the answer first', () => {
    const token = view(30_000, [finding('status_not_approved'), finding('expires_soon')]);
    expect(diagnosticsAt(token, RECEIVED + 31_000).map((item) => item.id)).toEqual([
      'status_not_approved',
      'expired',
    ]);
  });

  it('knows when it next changes: at the last minute, then at expiry, then never', () => {
    const token = view(120_000);
    expect(nextChangeAt(token, RECEIVED)).toBe(RECEIVED + 60_000);
    expect(nextChangeAt(token, RECEIVED + 60_000)).toBe(RECEIVED + 120_000);
    expect(nextChangeAt(token, RECEIVED + 120_000)).toBeNull();
    expect(nextChangeAt(view(null), RECEIVED)).toBeNull();
  });
});
