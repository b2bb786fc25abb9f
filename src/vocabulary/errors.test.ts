import { describe, expect, it } from 'vitest';
import { fail, ok } from './errors';

describe('errors as data', () => {
  it('fail() builds the { ok: false, error: { code, message, hint } } shape the panel renders', () => {
    expect(fail('timeout', 'It took too long.', 'Try again.')).toEqual({
      ok: false,
      error: { code: 'timeout', message: 'It took too long.', hint: 'Try again.' },
    });
  });

  it('ok() wraps the value without copying or changing it', () => {
    const value = { id: 'p1' };
    const result = ok(value);
    expect(result.ok).toBe(true);
    expect(result.value).toBe(value);
  });

  it('an error survives structured cloning across the message boundary (no Error instance)', () => {
    const result = fail('internal', 'Broke.', 'Reload.');
    expect(structuredClone(result)).toEqual(result);
    expect(result.error).not.toBeInstanceOf(Error);
  });
});
