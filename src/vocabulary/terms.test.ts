import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ComposedCallSchema } from './schemas';
import { type ComposedCall, MAX_BODY, MAX_ROWS, MAX_TEXT, oversizedPart } from './terms';

const CALL: ComposedCall = { method: 'GET', path: 'products', query: [], headers: [], body: '' };
const LONG = 'x'.repeat(MAX_TEXT + 1);

describe('oversizedPart', () => {
  it('names the part of a call beyond what a message may carry', () => {
    expect(oversizedPart(CALL)).toBeNull();
    expect(oversizedPart({ ...CALL, path: LONG })).toBe(
      'The path is longer than the 2,048 characters a call may have.',
    );
    expect(oversizedPart({ ...CALL, headers: [{ name: 'X-Note', value: LONG }] })).toBe(
      'A name or value in the headers is longer than the 2,048 characters a call may have.',
    );
    const rows = Array.from({ length: MAX_ROWS + 1 }, (_, i) => ({ name: `q${i}`, value: '' }));
    expect(oversizedPart({ ...CALL, query: rows })).toBe(
      'A call may have at most 200 query parameters.',
    );
    expect(oversizedPart({ ...CALL, body: ' '.repeat(MAX_BODY + 1) })).toBe(
      'The body is larger than the 10 MB a call may have.',
    );
  });

  it('agrees with the contract schema on every call', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 4 }),
      fc.constantFrom(MAX_TEXT, MAX_TEXT + 1).map((n) => 'a'.repeat(n)),
    );
    const rows = fc.oneof(
      fc.array(fc.record({ name: text, value: text }), { maxLength: 3 }),
      fc
        .constantFrom(MAX_ROWS, MAX_ROWS + 1)
        .map((n) => Array.from({ length: n }, () => ({ name: 'n', value: 'v' }))),
    );
    fc.assert(
      fc.property(text, rows, rows, (path, query, headers) => {
        const call = { ...CALL, path, query, headers };
        expect(oversizedPart(call) === null).toBe(v.is(ComposedCallSchema, call));
      }),
    );
  });
});
