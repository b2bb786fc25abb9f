/**
 * The composer cannot send a message the worker refuses. Any sequence of the user's own edits of
 * the whole draft (method, path typed with its query, query and header rows added, typed into,
 * removed, any body, the Tests tab's rows) gives, through the very functions the panel builds its
 * messages with (panel-payloads.ts), a `workspace/save-draft`, a `request/send` and a `code/build`
 * that pass the real schemas, or a plain error (and nothing sent) exactly when the schema would
 * refuse the call; and Save request (save-request.ts) with any names typed gives a
 * `collections/put` that passes, or a plain error and nothing saved.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  NEW_ASSERTION,
  NEW_VARIABLE,
  withRowAdded,
  withRowChanged,
} from '../collections/check-edits';
import { type EditedChecks, NO_CHECKS, sendableAnswerVariables } from '../collections/check-use';
import { addFolder, newCollection } from '../collections/collection-ops';
import { MAX_NAME } from '../collections/collection-schema';
import type { Collection } from '../collections/model';
import { savedRequestCollection } from '../collections/save-request';
import type { AppError } from '../vocabulary/errors';
import { rowAdded, rowChanged, rowRemoved } from '../vocabulary/name-value-rows';
import {
  CODE_LANGUAGES,
  type ComposedCall,
  HTTP_METHODS,
  MAX_BODY,
  MAX_ROWS,
  MAX_TEXT,
  type NameValue,
} from '../vocabulary/terms';
import { messages } from './messages';
import { codeBuildPayload, draftSavePayload, sendPayload } from './panel-payloads';

const NUM_RUNS = Number(process.env.FC_RUNS) || 200;

/** What a user can type or paste into a field: anything, empty, short, just over a limit, long. */
const typed: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', ' ', 'products?page=2&flag', '{{id}}', 'x'.repeat(MAX_TEXT)),
  fc.constantFrom('x'.repeat(MAX_TEXT + 1), 'y'.repeat(MAX_NAME + 1), 'z'.repeat(5_000)),
);

const HUGE_BODY = ' '.repeat(MAX_BODY + 1);

interface Composer {
  draft: ComposedCall;
  checks: EditedChecks;
}
type Edit = (state: Composer) => Composer;
type Rows = 'query' | 'headers';

const rowEdits = (rows: Rows): fc.Arbitrary<Edit>[] => [
  // Add, clicked 1 to 250 times (past the most a call may have).
  fc.integer({ min: 1, max: 250 }).map(
    (times): Edit =>
      ({ draft, checks }) => {
        let next = draft[rows];
        for (let n = 0; n < times; n += 1) next = rowAdded(next);
        return { draft: { ...draft, [rows]: next }, checks };
      },
  ),
  fc.tuple(fc.nat(250), fc.constantFrom<keyof NameValue>('name', 'value'), typed).map(
    ([i, field, text]): Edit =>
      ({ draft, checks }) => ({
        draft: { ...draft, [rows]: rowChanged(draft[rows], i, { [field]: text }) },
        checks,
      }),
  ),
  fc.nat(250).map(
    (i): Edit =>
      ({ draft, checks }) => ({ draft: { ...draft, [rows]: rowRemoved(draft[rows], i) }, checks }),
  ),
];

const edits: fc.Arbitrary<Edit> = fc.oneof(
  fc.constantFrom(...HTTP_METHODS).map(
    (method): Edit =>
      (s) => ({ ...s, draft: { ...s.draft, method } }),
  ),
  typed.map(
    (path): Edit =>
      (s) => ({ ...s, draft: { ...s.draft, path } }),
  ),
  fc.oneof(typed, fc.constantFrom(' '.repeat(1_000_001), HUGE_BODY)).map(
    (body): Edit =>
      (s) => ({ ...s, draft: { ...s.draft, body } }),
  ),
  ...rowEdits('query'),
  ...rowEdits('headers'),
  fc.constant<Edit>((s) => ({
    ...s,
    checks: { ...s.checks, answerVariables: withRowAdded(s.checks.answerVariables, NEW_VARIABLE) },
  })),
  fc.constant<Edit>((s) => ({
    ...s,
    checks: { ...s.checks, assertions: withRowAdded(s.checks.assertions, NEW_ASSERTION) },
  })),
  fc.tuple(fc.nat(3), fc.constantFrom('name', 'expression'), typed).map(
    ([i, field, text]): Edit =>
      (s) => ({
        ...s,
        checks: {
          ...s.checks,
          answerVariables: withRowChanged(s.checks.answerVariables, i, { [field]: text }),
        },
      }),
  ),
);

/** A collection's shared variables, as a stored collection may hold them. */
const shared = fc.oneof(
  fc.array(fc.record({ name: fc.string({ maxLength: 20 }), value: fc.string({ maxLength: 40 }) }), {
    maxLength: 5,
  }),
  fc.constant(Array.from({ length: MAX_ROWS }, (_, i) => ({ name: `v${i}`, value: 'x' }))),
);

function issueOf(schema: v.GenericSchema, payload: unknown): string | null {
  const parsed = v.safeParse(schema, payload);
  const issue = parsed.issues?.[0];
  return issue === undefined ? null : `${v.getDotPath(issue)}: ${issue.message}`;
}

/** An error a user can act on: a sentence and a hint, not a refused message or a schema path. */
function expectPlain(error: AppError) {
  expect(error.message).toMatch(/^[A-Z].*\.$/);
  expect(error.message).not.toMatch(/refused|Invalid|Expected|builds/);
  expect(error.hint).toMatch(/^[A-Z].*\.$/);
}

function expectEveryComposerMessage(
  { draft, checks }: Composer,
  variables: NameValue[],
  picks: { language: (typeof CODE_LANGUAGES)[number]; mode: 'variables' | 'values' },
) {
  // What the schema says of the call as typed: the panel refuses exactly when it would.
  const callIssue = issueOf(messages['workspace/save-draft'], { profileId: 'p1', draft, checks });
  const kept = draftSavePayload('p1', draft, checks);
  if (kept.ok) expect(issueOf(messages['workspace/save-draft'], kept.value)).toBeNull();
  else expectPlain(kept.error);
  expect(kept.ok, callIssue ?? '').toBe(callIssue === null);

  const sent = sendPayload(
    crypto.randomUUID(),
    'p1',
    draft,
    variables,
    sendableAnswerVariables(checks),
  );
  if (sent.ok) expect(issueOf(messages['request/send'], sent.value)).toBeNull();
  else expectPlain(sent.error);
  expect(sent.ok).toBe(kept.ok);

  const code = codeBuildPayload('p1', picks.language, picks.mode, draft, variables);
  if (code.ok) expect(issueOf(messages['code/build'], code.value)).toBeNull();
  else expectPlain(code.error);
  expect(code.ok).toBe(kept.ok);
}

const START: Composer = {
  draft: { method: 'GET', path: '', query: [], headers: [], body: '' },
  checks: NO_CHECKS,
};

describe('the composer’s edits, against the worker’s message schemas', () => {
  it('any sequence of edits is kept, sent and copied past the real schemas, or refused plainly', () => {
    fc.assert(
      fc.property(
        fc.array(edits, { maxLength: 25 }),
        shared,
        fc.constantFrom(...CODE_LANGUAGES),
        fc.constantFrom<'variables' | 'values'>('variables', 'values'),
        (sequence, variables, language, mode) => {
          let state = START;
          for (const edit of sequence) {
            state = edit(state);
            expectEveryComposerMessage(state, variables, { language, mode });
          }
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('a path one character too long is named, and nothing is sent or copied', () => {
    const draft = { ...START.draft, path: 'x'.repeat(MAX_TEXT + 1) };
    const sent = sendPayload('r-1', 'p1', draft, [], []);
    const code = codeBuildPayload('p1', 'curl', 'variables', draft, []);
    expect(sent.ok ? null : sent.error.message).toBe(
      'The path is longer than the 2,048 characters a call may have.',
    );
    expect(code.ok ? null : code.error.hint).toBe('Shorten it, then copy it.');
  });
});

const AUTH = { method: 'apiKey', formEncodeCredentials: false } as const;
let ids = 0;
function newId(): string {
  ids += 1;
  return `id-${ids}`;
}

function existingCollection(): Collection {
  const created = newCollection('Team', AUTH, newId);
  if (!created.ok) throw new Error(created.error.message);
  const folder = addFolder(created.value, null, {
    kind: 'folder',
    id: 'f1',
    name: 'Orders',
    items: [],
  });
  if (!folder.ok) throw new Error(folder.error.message);
  return folder.value;
}

describe('Save request, against the worker’s collections/put schema', () => {
  it('any names typed save a collection the worker takes, or say plainly why not', () => {
    fc.assert(
      fc.property(
        fc.record({ name: typed, newName: typed, newFolder: typed }),
        fc.boolean(),
        fc.constantFrom<string | null | 'new'>(null, 'new', 'f1'),
        fc.array(edits, { maxLength: 8 }),
        (names, intoExisting, folder, sequence) => {
          const state = sequence.reduce((s, edit) => edit(s), START);
          const collection = intoExisting ? existingCollection() : null;
          const built = savedRequestCollection(
            { ...names, collection, folder: collection === null ? 'new' : folder },
            { call: state.draft, checks: state.checks, profileName: 'Sandbox', auth: AUTH, newId },
          );
          if (built.ok) {
            expect(
              issueOf(messages['collections/put'], { collection: built.value.collection }),
            ).toBeNull();
          } else expectPlain(built.error);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('names a request after a long path without going past the longest name', () => {
    const call = { ...START.draft, path: 'a'.repeat(MAX_TEXT) };
    const built = savedRequestCollection(
      { name: '', collection: null, newName: '', folder: 'new', newFolder: '' },
      { call, checks: NO_CHECKS, profileName: 'Sandbox', auth: AUTH, newId },
    );
    if (!built.ok) throw new Error(built.error.message);
    expect(built.value.request.name).toHaveLength(MAX_NAME);
  });

  it('refuses a body larger than a saved request may have, plainly', () => {
    const call = { ...START.draft, method: 'POST' as const, body: ' '.repeat(1_000_001) };
    const built = savedRequestCollection(
      { name: 'Big', collection: null, newName: '', folder: 'new', newFolder: '' },
      { call, checks: NO_CHECKS, profileName: 'Sandbox', auth: AUTH, newId },
    );
    expect(built.ok ? null : built.error.message).toBe(
      'The body is larger than the 1 MB a saved request may have.',
    );
  });

  it('refuses a request name longer than a name may be, plainly', () => {
    const built = savedRequestCollection(
      {
        name: 'n'.repeat(MAX_NAME + 1),
        collection: null,
        newName: '',
        folder: 'new',
        newFolder: '',
      },
      { call: START.draft, checks: NO_CHECKS, profileName: 'Sandbox', auth: AUTH, newId },
    );
    expect(built.ok ? null : built.error.message).toBe(
      `A request name must be at most ${MAX_NAME} characters long.`,
    );
  });
});
