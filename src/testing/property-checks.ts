/**
 * What every property-based test asks of a parser, whatever it is given: a typed result, within a
 * time bound, with the built-in prototypes untouched. Used by tests only.
 */
import { expect } from 'vitest';

/**
 * fast-check's own default. Every run of the suite draws a new random seed, so the runs add up
 * across runs; at 2 000 runs (20 times this) every property held, so 4 times more per run bought
 * nothing measurable and cost about 10 CPU-s of the unit step. Raise with FC_RUNS=5000 for a
 * longer hunt.
 */
export const NUM_RUNS = Number(process.env.FC_RUNS) || 100;
/**
 * A bound for one generated input, tens of milliseconds alone: generous for CI's two cores shared
 * with the end-to-end step's browsers (a 0.2 s parse was measured at 5.7 s there); a hang or an
 * exponential blow-up is far beyond it.
 */
export const MAX_MS = 10_000;

const OBJECT_PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype).sort().join(',');
const ARRAY_PROTO_NAMES = Object.getOwnPropertyNames(Array.prototype).sort().join(',');

export function expectPrototypesClean(): void {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(Object.keys(Array.prototype)).toEqual([]);
  expect(Object.getOwnPropertyNames(Object.prototype).sort().join(',')).toBe(OBJECT_PROTO_NAMES);
  expect(Object.getOwnPropertyNames(Array.prototype).sort().join(',')).toBe(ARRAY_PROTO_NAMES);
}

/** `{ ok: true, value }` or `{ ok: false, error: { code, message, hint } }` with non-empty text. */
export function expectTypedResult(result: unknown): void {
  expect(result).toBeTypeOf('object');
  const r = result as { ok: unknown; value?: unknown; error?: Record<string, unknown> };
  if (r.ok === true) {
    expect(r.value).toBeDefined();
    return;
  }
  expect(r.ok).toBe(false);
  for (const key of ['code', 'message', 'hint'] as const) {
    const text = r.error?.[key];
    expect(text).toBeTypeOf('string');
    expect(String(text).length).toBeGreaterThan(0);
  }
}
