/**
 * The panel cannot send a message about a request's checks that the worker refuses. Any sequence
 * of the Tests tab's own edits (src/collections/check-edits.ts: add, type anything into any field,
 * change an operator, turn off, remove) leaves checks that the panel's three messages carry past
 * the worker's real schemas: the draft kept as it is typed (`workspace/save-draft`), the answer
 * variables a Send carries (`request/send`), and a save into a collection (`collections/put`),
 * which the panel makes only when `checksProblem` finds no unfinished row.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  NEW_ASSERTION,
  NEW_VARIABLE,
  operatorPatch,
  withRowAdded,
  withRowChanged,
  withRowRemoved,
} from '../collections/check-edits';
import { checksProblem, withChecks } from '../collections/check-save';
import { type EditedChecks, NO_CHECKS, sendableAnswerVariables } from '../collections/check-use';
import { addRequest, newCollection } from '../collections/collection-ops';
import { ASSERTION_OPERATORS } from '../collections/model';
import type { ComposedCall } from '../vocabulary/terms';
import { messages } from './messages';

const NUM_RUNS = Number(process.env.FC_RUNS) || 300;

const CALL: ComposedCall = { method: 'GET', path: 'products', query: [], headers: [], body: '' };

/** What a user can type or paste into a field: anything, short or long, any alphabet. */
const typed = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', ' ', 'orderId', '1abc', 'a b', '{{x}}', 'res.body.id', 'x'.repeat(3000)),
);

type Edit = (checks: EditedChecks) => EditedChecks;

const edits: fc.Arbitrary<Edit> = fc.oneof(
  fc.constant<Edit>((c) => ({ ...c, assertions: withRowAdded(c.assertions, NEW_ASSERTION) })),
  fc.constant<Edit>((c) => ({
    ...c,
    answerVariables: withRowAdded(c.answerVariables, NEW_VARIABLE),
  })),
  fc.tuple(fc.nat(5), fc.constantFrom('expression', 'value'), typed).map(
    ([i, field, text]): Edit =>
      (c) => ({ ...c, assertions: withRowChanged(c.assertions, i, { [field]: text }) }),
  ),
  fc.tuple(fc.nat(5), fc.constantFrom(...ASSERTION_OPERATORS)).map(
    ([i, operator]): Edit =>
      (c) => {
        const row = c.assertions[i];
        if (row === undefined) return c;
        return { ...c, assertions: withRowChanged(c.assertions, i, operatorPatch(row, operator)) };
      },
  ),
  fc.tuple(fc.nat(5), fc.constantFrom('name', 'expression'), typed).map(
    ([i, field, text]): Edit =>
      (c) => ({
        ...c,
        answerVariables: withRowChanged(c.answerVariables, i, { [field]: text }),
      }),
  ),
  fc.tuple(fc.nat(5), fc.boolean()).map(
    ([i, enabled]): Edit =>
      (c) => ({
        assertions: withRowChanged(c.assertions, i, { enabled }),
        answerVariables: withRowChanged(c.answerVariables, i, { enabled }),
      }),
  ),
  fc.nat(5).map(
    (i): Edit =>
      (c) => ({
        assertions: withRowRemoved(c.assertions, i),
        answerVariables: withRowRemoved(c.answerVariables, i),
      }),
  ),
);

function expectAccepted(schema: v.GenericSchema, payload: unknown) {
  const parsed = v.safeParse(schema, payload);
  const issue = parsed.issues?.[0];
  expect(parsed.success, issue ? `${v.getDotPath(issue)}: ${issue.message}` : '').toBe(true);
}

function expectEveryMessageAccepted(checks: EditedChecks) {
  expectAccepted(messages['workspace/save-draft'], { profileId: 'p1', draft: CALL, checks });
  const answerVariables = sendableAnswerVariables(checks);
  expectAccepted(messages['request/send'], {
    requestId: 'r1',
    profileId: 'p1',
    ...CALL,
    ...(answerVariables.length > 0 ? { answerVariables } : {}),
  });
  if (checksProblem(checks) !== null) return; // the panel saves nothing, and says which row
  const collection = newCollection(
    'Team',
    { method: 'apiKey', formEncodeCredentials: false },
    () => 'c1',
  );
  if (!collection.ok) throw new Error(collection.error.message);
  const request = withChecks({ kind: 'request', id: 'q1', name: 'Call', ...CALL }, checks);
  const saved = addRequest(collection.value, null, request);
  if (!saved.ok) throw new Error(saved.error.message);
  expectAccepted(messages['collections/put'], { collection: saved.value });
}

describe('the Tests tab’s edits, against the worker’s message schemas', () => {
  it('a new answer variable (no name yet) is kept with the draft, carried by no Send, and named at a save', () => {
    const checks = { ...NO_CHECKS, answerVariables: withRowAdded([], NEW_VARIABLE) };
    expectEveryMessageAccepted(checks);
    expect(sendableAnswerVariables(checks)).toEqual([]);
    expect(checksProblem(checks)?.message).toBe(
      'Answer variable 1 in the Tests tab is unfinished: Give it a name to carry it, such as orderId.',
    );
  });

  it('any sequence of edits leaves checks every message carries past the real schema', () => {
    fc.assert(
      fc.property(fc.array(edits, { maxLength: 30 }), (sequence) => {
        let checks = NO_CHECKS;
        for (const edit of sequence) {
          checks = edit(checks);
          expectEveryMessageAccepted(checks);
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('stops adding rows at the limit a request may have', () => {
    let rows = NO_CHECKS.answerVariables;
    for (let n = 0; n < 150; n += 1) rows = withRowAdded(rows, NEW_VARIABLE);
    expectEveryMessageAccepted({ ...NO_CHECKS, answerVariables: rows });
    expect(rows).toHaveLength(100);
  });
});
