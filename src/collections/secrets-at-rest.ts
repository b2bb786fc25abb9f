/**
 * No saved secret is kept in a collection. Collections are written to the browser profile on disk
 * in plain text (the passphrase lock seals the profiles' secrets, not collections) and are what a
 * team shares, so a stored API key, client secret or held access token typed literally into a
 * request (a header, the query, the body, an assertion, an answer variable, a response schema, a
 * variable), in any form the redaction knows, must not be stored as it is.
 *
 * - Saving (the user pressed Save) is refused, naming the field and never quoting the secret:
 *   masking it silently would store a request that no longer works, and the request is still in
 *   the composer to fix.
 * - Importing (a whole file, written elsewhere) masks each one and says where in the summary, so
 *   that one stray value does not cost the import; what the masking cannot reach (the secret in
 *   mixed letter case, or split across two rows) refuses the import, naming the field.
 *
 * The fields are found by the export's check (export-lint.ts) limited to the stored secrets: what
 * merely looks like a secret is the export's concern, not a reason to refuse a save. Every edit of
 * a collection is a save, so the collection's JSON is first searched whole (about 0.1 s for 10 000
 * requests, where the field-by-field check takes ten times that), and fields are named only when
 * it holds a stored secret. A secret split across two rows, which that search cannot see, is the
 * export check's concern too.
 */
import { type CredentialPair, createRedactor } from '../redaction/known-secret-redaction';
import { maskSecret } from '../redaction/mask';
import { MIN_STORED_SECRET } from '../redaction/secret-patterns';
import { fail, ok, type Result } from '../vocabulary/errors';
import type { NameValue } from '../vocabulary/terms';
import { createSecretCheck, findSecrets, type SecretFinding } from './export-lint';
import type { Collection } from './model';

/**
 * What to do instead, said with every refusal or masking. It says what the user guide says: a
 * secret belongs only in a profile's API key or Client secret, the fields the lock seals; a
 * profile's Variables and collections are not for secrets.
 */
export const USE_VARIABLES_HINT =
  'The profile adds its own API key or access token to every call, so such a value can go; for a value that differs between profiles, write a {{variable}}. A secret belongs only in a profile’s API key or Client secret, the fields the lock seals: collections and the profile’s Variables are not for secrets.';

/** Fields named in an import's summary line; the rest are counted. */
const MAX_NAMED = 5;

/**
 * Every string of `value`, one a line. Not its JSON: JSON escapes the backslash of a secret typed
 * JSON-encoded (`\u002b`), and that form is then no longer found.
 */
function stringsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) stringsOf(item, into);
  return into;
}

/** Whether the collection's text holds a stored secret in any form, or in other letter case. */
function mayHold(
  collection: Collection,
  secrets: readonly string[],
  pairs: readonly CredentialPair[],
): boolean {
  const text = stringsOf(collection).join('\n');
  if (createRedactor({ secrets, pairs }).holds(text) !== null) return true;
  const lower = text.toLowerCase();
  return secrets.some(
    (secret) =>
      secret.length >= MIN_STORED_SECRET &&
      [secret, encodeURIComponent(secret)].some((form) => lower.includes(form.toLowerCase())),
  );
}

const heldIn = (
  collection: Collection,
  secrets: readonly string[],
  pairs: readonly CredentialPair[] = [],
): SecretFinding[] =>
  mayHold(collection, secrets, pairs)
    ? findSecrets(collection, secrets, { looksLike: false, pairs })
    : [];

function more(findings: readonly SecretFinding[]): string {
  const others = findings.length - 1;
  if (others === 0) return '';
  return others === 1 ? ' 1 more field does too.' : ` ${others} more fields do too.`;
}

/** Refuses to save a collection that holds a stored secret; the message names the first field. */
export function refuseStoredSecrets(
  collection: Collection,
  secrets: readonly string[],
  pairs: readonly CredentialPair[] = [],
): Result<true> {
  const findings = heldIn(collection, secrets, pairs);
  const [first] = findings;
  if (first === undefined) return ok(true);
  return fail(
    'invalid_request',
    `Not saved: ${first.field} holds ${first.reason} (${first.masked}), and collections never keep a saved secret.${more(findings)}`,
    `${USE_VARIABLES_HINT} Your request is still in the composer; nothing was saved.`,
  );
}

/**
 * Refuses to save a profile whose Variables hold a stored secret in any form: they are kept in
 * clear (the lock seals only the API key and the client secret), so a secret there would sit
 * unsealed on disk. What only looks like a secret is saved; exports write it without its value.
 */
export function refuseSecretVariables(
  variables: readonly NameValue[],
  secrets: readonly string[],
  pairs: readonly CredentialPair[] = [],
): Result<true> {
  const check = createSecretCheck(secrets, { looksLike: false, pairs });
  for (const { name, value } of variables) {
    const hit = check.stored(value);
    if (hit === null) continue;
    return fail(
      'invalid_profile',
      `Not saved: the profile variable ${JSON.stringify(name.slice(0, 40))} holds ${hit.reason} (${maskSecret(hit.secret)}), and Variables are kept unsealed.`,
      'A secret belongs only in a profile’s API key or Client secret, the fields the lock seals: clear the variable, or put the secret in one of those fields. Nothing was saved.',
    );
  }
  return ok(true);
}

export interface MaskedImport {
  collection: Collection;
  /** A line for the import summary naming the fields masked; none when nothing was. */
  notes: string[];
}

/**
 * The imported collection with every stored secret masked by `redact` (the worker's redaction of
 * every secret it holds, applied to every string), or a refusal naming what it could not mask.
 */
export function maskStoredSecrets(
  collection: Collection,
  secrets: readonly string[],
  redact: <T>(value: T) => T,
): Result<MaskedImport> {
  const found = heldIn(collection, secrets);
  if (found.length === 0) return ok({ collection, notes: [] });
  const masked = redact(collection);
  const [left] = heldIn(masked, secrets);
  if (left !== undefined) {
    return fail(
      'invalid_request',
      `Import refused: ${left.field} holds ${left.reason} (${left.masked}), which cannot be masked where it stands, and collections never keep a saved secret.`,
      `Edit the file: ${USE_VARIABLES_HINT} Nothing was imported.`,
    );
  }
  const named = found.slice(0, MAX_NAMED).map((finding) => `${finding.field} (${finding.masked})`);
  const rest = found.length > MAX_NAMED ? ` and ${found.length - MAX_NAMED} more` : '';
  const fields = `${named.join('; ')}${rest}`;
  const count = found.length === 1 ? '1 field held' : `${found.length} fields held`;
  return ok({
    collection: masked,
    notes: [
      `${count} one of your saved secrets and ${found.length === 1 ? 'was' : 'were'} masked: ${fields}. ${USE_VARIABLES_HINT}`,
    ],
  });
}
