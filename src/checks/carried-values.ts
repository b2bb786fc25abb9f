/**
 * The values a profile carries from one answer to the next call (`orderId` from `res.body.id`,
 * used as `{{orderId}}`). Invariant: a carried value never takes the place of a profile setting
 * or a secret (no name of AUTH_VARIABLES), and never holds a secret the worker knows (a value
 * that contains the API key, client secret or access token is refused). Bounded: MAX_CARRIED
 * values per profile, names as `{{name}}` reads them, values up to MAX_TEXT characters.
 */
import { MAX_TEXT, VARIABLE_NAME_PATTERN } from '../collections/collection-schema';
import { AUTH_VARIABLES } from '../collections/model';
import type { NameValue } from '../vocabulary/terms';

export const MAX_CARRIED = 200;
/** A secret shorter than this is not looked for inside values (it would match by chance). */
const MIN_SECRET_SEARCHED = 6;

const RESERVED = new Set<string>(Object.values(AUTH_VARIABLES).map((name) => name.toLowerCase()));

export interface RefusedValue {
  name: string;
  reason: string;
}

/** Why `name` cannot carry a value, or null when it can. */
export function carriedNameProblem(name: string): string | null {
  if (!VARIABLE_NAME_PATTERN.test(name)) {
    return 'not a usable variable name (a letter or "_", then up to 63 letters, digits, "_", "." or "-")';
  }
  if (RESERVED.has(name.toLowerCase())) {
    return 'the profile sets this name (a setting or a secret): choose another name';
  }
  return null;
}

function valueProblem(value: string, secrets: readonly string[]): string | null {
  if (value.length > MAX_TEXT) return `longer than the ${MAX_TEXT} characters a variable may hold`;
  const secret = secrets.some((item) =>
    item.length >= MIN_SECRET_SEARCHED ? value.includes(item) : value === item,
  );
  return secret ? 'the value holds one of the profile’s secrets, so it is not kept' : null;
}

/**
 * `current` with `incoming` set (a name already carried takes its new value, in its place);
 * what cannot be carried is refused with the reason, and nothing of it is kept.
 */
export function carryValues(
  current: readonly NameValue[],
  incoming: readonly NameValue[],
  secrets: readonly string[],
): { values: NameValue[]; refused: RefusedValue[] } {
  const values = current.map((row) => ({ ...row }));
  const refused: RefusedValue[] = [];
  for (const { name, value } of incoming) {
    const problem = carriedNameProblem(name) ?? valueProblem(value, secrets);
    if (problem !== null) {
      refused.push({ name, reason: problem });
      continue;
    }
    const kept = values.find((row) => row.name === name);
    if (kept !== undefined) kept.value = value;
    else if (values.length >= MAX_CARRIED) {
      refused.push({ name, reason: `a profile carries at most ${MAX_CARRIED} values: clear some` });
    } else values.push({ name, value });
  }
  return { values, refused };
}
