/**
 * The profile editor cannot send a message the worker refuses. Any sequence of the editor's own
 * edits (any text typed into any field or secret, variables added, typed into and removed with the
 * rows the panel's table edits) gives, through `profileSavePayload` (what the editor sends), a
 * `profiles/save` that passes the real schema, or a plain error naming the field exactly when the
 * schema would refuse it.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { ProfileFields } from '../service/profile/profile-limits';
import { rowAdded, rowChanged, rowRemoved } from '../vocabulary/name-value-rows';
import { AUTH_METHODS, MAX_TEXT, type NameValue } from '../vocabulary/terms';
import { messages } from './messages';
import { profileSavePayload } from './profile-save-payload';

const NUM_RUNS = Number(process.env.FC_RUNS) || 200;

const typed: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', ' ', 'https://auth.example.test', 'x'.repeat(MAX_TEXT)),
  fc.constantFrom('x'.repeat(MAX_TEXT + 1), 'k'.repeat(10_000)),
);

interface Editor {
  settings: ProfileFields;
  apiKey: string;
  clientSecret: string;
}
type Edit = (editor: Editor) => Editor;

const TEXT_FIELDS = ['name', 'authUrl', 'baseUrl', 'companyId', 'clientId'] as const;

const setVariables = (editor: Editor, variables: NameValue[]): Editor => ({
  ...editor,
  settings: { ...editor.settings, variables },
});

const edits: fc.Arbitrary<Edit> = fc.oneof(
  fc.tuple(fc.constantFrom(...TEXT_FIELDS), typed).map(
    ([field, text]): Edit =>
      (e) => ({ ...e, settings: { ...e.settings, [field]: text } }),
  ),
  fc.constantFrom(...AUTH_METHODS).map(
    (authMethod): Edit =>
      (e) => ({ ...e, settings: { ...e.settings, authMethod } }),
  ),
  fc.boolean().map(
    (formEncodeCredentials): Edit =>
      (e) => ({ ...e, settings: { ...e.settings, formEncodeCredentials } }),
  ),
  typed.map(
    (apiKey): Edit =>
      (e) => ({ ...e, apiKey }),
  ),
  typed.map(
    (clientSecret): Edit =>
      (e) => ({ ...e, clientSecret }),
  ),
  // Add variable, clicked 1 to 120 times (past the most a profile may have).
  fc.integer({ min: 1, max: 120 }).map(
    (times): Edit =>
      (e) => {
        let rows = e.settings.variables;
        for (let n = 0; n < times; n += 1) rows = rowAdded(rows);
        return setVariables(e, rows);
      },
  ),
  fc.tuple(fc.nat(120), fc.constantFrom<keyof NameValue>('name', 'value'), typed).map(
    ([i, field, text]): Edit =>
      (e) =>
        setVariables(e, rowChanged(e.settings.variables, i, { [field]: text })),
  ),
  fc.nat(120).map(
    (i): Edit =>
      (e) =>
        setVariables(e, rowRemoved(e.settings.variables, i)),
  ),
);

const START: Editor = {
  settings: {
    name: '',
    authUrl: '',
    baseUrl: '',
    companyId: '',
    authMethod: 'apiKey',
    clientId: '',
    formEncodeCredentials: false,
    variables: [],
  },
  apiKey: '',
  clientSecret: '',
};

function issueOf(schema: v.GenericSchema, payload: unknown): string | null {
  const parsed = v.safeParse(schema, payload);
  const issue = parsed.issues?.[0];
  return issue === undefined ? null : `${v.getDotPath(issue)}: ${issue.message}`;
}

describe('the profile editor’s edits, against the worker’s profiles/save schema', () => {
  it('any sequence of edits saves past the real schema, or names the field plainly', () => {
    fc.assert(
      fc.property(
        fc.array(edits, { maxLength: 20 }),
        fc.option(fc.constant('p1')),
        fc.boolean(),
        (sequence, id, keep) => {
          let editor = START;
          for (const edit of sequence) {
            editor = edit(editor);
            const oauth = editor.settings.authMethod !== 'apiKey';
            const secrets = oauth
              ? { clientSecret: editor.clientSecret }
              : { apiKey: editor.apiKey };
            const built = profileSavePayload(id, editor.settings, secrets, keep);
            // What the schema says of the editor's fields as they are: refused exactly then.
            const asTyped = issueOf(messages['profiles/save'], {
              profile: { ...(id === null ? {} : { id }), ...editor.settings },
              secrets,
              keepSecretsForNewOrigin: keep,
            });
            if (built.ok) expect(issueOf(messages['profiles/save'], built.value)).toBeNull();
            else {
              expect(built.error.message).toMatch(/^[A-Z].*\.$/);
              expect(built.error.message).not.toMatch(/refused|Invalid|Expected/);
              expect(built.error.hint).toMatch(/^(Shorten|Remove) .*, then Save\.$/);
            }
            expect(built.ok, asTyped ?? '').toBe(asTyped === null);
          }
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('names the field too long, and never quotes a secret', () => {
    const secret = 's'.repeat(MAX_TEXT + 1);
    const built = profileSavePayload(null, START.settings, { apiKey: secret }, false);
    expect(built.ok ? null : built.error).toEqual({
      code: 'invalid_profile',
      message: 'API key is longer than the 2,048 characters a profile field may have.',
      hint: 'Shorten API key, then Save.',
    });
  });
});
