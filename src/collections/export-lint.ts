/**
 * The export linter: a collection file is shared, so it must hold no secret. Every string of the
 * collection (names, paths, query, headers, bodies, assertions' expressions and values, answer
 * variables, response schemas, collection variables) is checked against the stored secrets, in
 * any form they may be written (as typed, upper- or lower-cased, percent-encoded, JSON-escaped,
 * base64 or base64url, in a Basic value or as base64 of `client_id:client_secret`, or split across
 * two headers or parameters of one request), and against what secrets look like (a Bearer or
 * Basic value, a JWT, a long random token); a refusal names the field and never quotes the secret
 * (only its masked view). The same check (`createSecretCheck`) serves the save (stored secrets
 * only), every export and every folder write.
 */

import { type CredentialPair, createRedactor } from '../redaction/known-secret-redaction';
import { maskSecret } from '../redaction/mask';
import {
  findSecretInRow,
  findSecretInText,
  MIN_STORED_SECRET,
  type SecretHit,
} from '../redaction/secret-patterns';
import { fail, ok, type Result } from '../vocabulary/errors';
import type { NameValue } from '../vocabulary/terms';
import type { Collection, CollectionItem, SavedRequest } from './model';

/** A client id with its secret, whose base64 (a Basic value's credentials) is a form of it too. */
export type { CredentialPair } from '../redaction/known-secret-redaction';

export interface SecretFinding {
  /** Where, as a user reads it: `items[0] "Get product" → headers[1] "X-Token"`. */
  field: string;
  /** What it looks like: `a Bearer token`, `one of your stored secrets`, … */
  reason: string;
  /** The secret-looking part, masked (`••••3f9a`). */
  masked: string;
}

const MAX_FINDINGS = 100;
/** Rows of one request checked two by two for a secret split across them (more: neighbours only). */
const MAX_PAIRED_ROWS = 16;

export interface SecretCheckOptions {
  /** Also what looks like a secret (the exports' check); without it, stored secrets only. */
  looksLike?: boolean;
  /** OAuth profiles' client ids with their secrets: base64 of the two is a form of the secret. */
  pairs?: readonly CredentialPair[];
}

/** The check of one text, and of one name/value row, for a secret; null when it holds none. */
export interface SecretCheck {
  text(value: string): SecretHit | null;
  row(row: NameValue): SecretHit | null;
  /** A stored secret only, however written. */
  stored(value: string): SecretHit | null;
}

export function createSecretCheck(
  storedSecrets: readonly string[],
  { looksLike = true, pairs = [] }: SecretCheckOptions = {},
): SecretCheck {
  const stored = storedSecretFinder(storedSecrets, pairs);
  return {
    stored,
    text: (value) => stored(value) ?? (looksLike ? findSecretInText(value, []) : null),
    row: (row) =>
      stored(row.value) ?? (looksLike ? findSecretInRow(row.name, row.value, []) : null),
  };
}

/** Finds a stored secret in any form the redaction knows, or in other letter case. */
function storedSecretFinder(
  storedSecrets: readonly string[],
  pairs: readonly CredentialPair[],
): (text: string) => SecretHit | null {
  const redactor = createRedactor({ secrets: storedSecrets, pairs });
  const folded = storedSecrets
    .filter((secret) => secret.length >= MIN_STORED_SECRET)
    .map((secret) => ({
      secret,
      forms: [secret.toLowerCase(), encodeURIComponent(secret).toLowerCase()],
    }));
  return (text) => {
    const found = redactor.holds(text);
    if (found !== null) return { reason: 'one of your stored secrets', secret: found };
    const lower = text.toLowerCase();
    const cased = folded.find(({ forms }) => forms.some((form) => lower.includes(form)));
    return cased === undefined
      ? null
      : { reason: 'one of your stored secrets (in other letter case)', secret: cased.secret };
  };
}

/** Values of one request joined two by two, in both orders, to find a secret split across them. */
function joinedPairs(values: readonly string[]): string[] {
  if (values.length > MAX_PAIRED_ROWS) {
    return values.slice(1).map((value, index) => `${values[index]}${value}`);
  }
  return values.flatMap((first, i) =>
    values.filter((_, j) => j !== i).map((second) => first + second),
  );
}

/**
 * Every field of `collection` that holds one of `storedSecrets` or, with `looksLike` (the export's
 * check), anything that looks like a secret. Without it (the check of what is kept at rest), only
 * the stored secrets are looked for.
 */
export function findSecrets(
  collection: Collection,
  storedSecrets: readonly string[],
  options: SecretCheckOptions = {},
): SecretFinding[] {
  const findings: SecretFinding[] = [];
  const check = createSecretCheck(storedSecrets, options);
  const { stored } = check;
  const inText = check.text;
  const inRow = check.row;
  // A label is quoted only when it is itself clean, so that a path never shows a secret.
  const label = (text: string): string =>
    text === '' || inText(text) !== null
      ? ''
      : ` ${JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)}`;
  const report = (field: string[], hit: SecretHit | null) => {
    if (hit === null || findings.length >= MAX_FINDINGS) return;
    findings.push({ field: field.join(' → '), reason: hit.reason, masked: maskSecret(hit.secret) });
  };
  const text = (field: string[], value: string) => report(field, inText(value));
  const rows = (at: string[], kind: string, list: readonly NameValue[]) => {
    const before = findings.length;
    for (const [index, row] of list.entries()) {
      const field = [...at, `${kind}[${index}]${label(row.name)}`];
      text([...field, 'name'], row.name);
      report(field, inRow(row));
    }
    if (findings.length > before) return;
    const split = joinedPairs(list.map((row) => row.value))
      .map((joined) => stored(joined))
      .find((hit) => hit !== null);
    if (split !== undefined) {
      report([...at, kind], {
        reason: `${split.reason}, split across two ${kind}`,
        secret: split.secret,
      });
    }
  };

  text(['collection name'], collection.name);
  rows([], 'variables', collection.variables);
  // Iterative, in document order: a stack of (items, where they sit), walked last-in first-out.
  const stack: { item: CollectionItem; at: string[] }[] = collection.items
    .map((item, index) => ({ item, at: [`items[${index}]${label(item.name)}`] }))
    .reverse();
  while (stack.length > 0 && findings.length < MAX_FINDINGS) {
    const { item, at } = stack.pop() as (typeof stack)[number];
    text([...at, 'name'], item.name);
    if (item.kind === 'folder') {
      for (let index = item.items.length - 1; index >= 0; index -= 1) {
        const child = item.items[index] as CollectionItem;
        stack.push({ item: child, at: [...at, `items[${index}]${label(child.name)}`] });
      }
      continue;
    }
    text([...at, 'path'], item.path);
    rows(at, 'query', item.query);
    rows(at, 'headers', item.headers);
    text([...at, 'body'], item.body);
    for (const [field, value] of checkFields(item)) text([...at, field], value);
  }
  return findings;
}

/**
 * The Tests tab's fields (numbered from 1, as the tab names them) and the response schemas of a
 * request, each with the name a refusal gives it.
 */
function checkFields(request: SavedRequest): [string, string][] {
  const fields: [string, string][] = [];
  for (const [index, assertion] of (request.assertions ?? []).entries()) {
    fields.push([`Tests › assertion ${index + 1} expression`, assertion.expression]);
    fields.push([`Tests › assertion ${index + 1} value`, assertion.value]);
  }
  for (const [index, answer] of (request.answerVariables ?? []).entries()) {
    fields.push([`Tests › answer variable ${index + 1} name`, answer.name]);
    fields.push([`Tests › answer variable ${index + 1} expression`, answer.expression]);
  }
  const schemas = request.responseSchemas;
  if (schemas !== undefined) {
    fields.push(['Schemas › operation', schemas.operation]);
    for (const [index, { status, schema }] of schemas.responses.entries()) {
      fields.push([`Schemas › response ${index + 1} status`, status]);
      fields.push([`Schemas › response ${index + 1} schema`, schema]);
    }
  }
  return fields;
}

/** Refuses an export that would carry a secret; the message names the first field found. */
export function lintForSecrets(
  collection: Collection,
  storedSecrets: readonly string[],
  pairs: readonly CredentialPair[] = [],
): Result<true> {
  const findings = findSecrets(collection, storedSecrets, { pairs });
  const [first] = findings;
  if (first === undefined) return ok(true);
  const others = findings.length - 1;
  const more =
    others === 0
      ? ''
      : others === 1
        ? ' 1 more field looks like a secret too.'
        : ` ${others}${findings.length >= MAX_FINDINGS ? '+' : ''} more fields look like secrets too.`;
  return fail(
    'invalid_request',
    `Export refused: ${first.field} holds ${first.reason} (${first.masked}).${more}`,
    'Replace the value with a {{variable}} (such as {{apiKey}} or {{accessToken}}) and keep the value in your profile, then export again. Nothing was written.',
  );
}
