import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MAX_CHECKS } from './collection-schema';
import { hasChecks, StoredDraftChecksSchema } from './draft-checks-shape';

const assertion = { expression: 'res.status', operator: 'eq', value: '200', enabled: true };
const variable = { name: 'orderId', expression: 'res.body.id', enabled: false };

describe('the stored checks of drafts', () => {
  it('keeps assertions and answer variables by profile', () => {
    const stored = { p1: { assertions: [assertion], answerVariables: [variable] } };
    expect(v.parse(StoredDraftChecksSchema, stored)).toEqual(stored);
  });

  it('refuses what a saved request could not hold', () => {
    const refused = [
      { 'bad id!': { assertions: [], answerVariables: [] } },
      { p1: { assertions: [{ ...assertion, operator: 'eval' }], answerVariables: [] } },
      { p1: { assertions: [], answerVariables: [{ ...variable, name: 'x'.repeat(65) }] } },
      { p1: { assertions: Array(MAX_CHECKS + 1).fill(assertion), answerVariables: [] } },
      { p1: { assertions: [], answerVariables: [], extra: 1 } },
    ];
    for (const stored of refused) expect(v.is(StoredDraftChecksSchema, stored)).toBe(false);
  });

  it('keeps rows still being typed: a variable with no name yet, an assertion with no expression', () => {
    const stored = {
      p1: {
        assertions: [{ ...assertion, expression: '' }],
        answerVariables: [
          { ...variable, name: '' },
          { ...variable, name: '1 not yet' },
        ],
      },
    };
    expect(v.parse(StoredDraftChecksSchema, stored)).toEqual(stored);
  });

  it('has checks when either list has a row', () => {
    expect(hasChecks({ assertions: [], answerVariables: [] })).toBe(false);
    expect(hasChecks({ assertions: [], answerVariables: [variable] })).toBe(true);
  });
});
