/**
 * `{{name}}` variables in the path, query, headers and body of a call, resolved from the active
 * profile (`companyId`, `baseUrl` and the profile's own variables) and, for a request opened from
 * a collection, the collection's shared variables, which the profile's override. A value may name
 * other variables (`{{host}}/{{version}}`), resolved in turn. An unknown name, or variables that
 * name each other in a loop (`a={{b}}`, `b={{a}}`), are reported by name, never sent as braces.
 */
import { type AppError, fail } from '../../vocabulary/errors';
import type { NameValue } from '../../vocabulary/terms';

const PATTERN = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/g;

export interface Resolution {
  text: string;
  unresolved: string[];
  /** Loops of variables naming each other, each as `{{a}} → {{b}} → {{a}}`. */
  cycles: string[];
}

/** Nesting deeper than this is refused as a loop would be: no real call needs it. */
const MAX_NESTING = 8;

export function variablesOf(
  profile: {
    companyId: string;
    baseUrl: string;
    variables: readonly NameValue[];
  },
  shared: readonly NameValue[] = [],
): Map<string, string> {
  const values = new Map<string, string>();
  // A collection's variables first: the profile's own, set for this environment, win.
  for (const { name, value } of [...shared, ...profile.variables])
    if (name.trim() !== '') values.set(name.trim(), value);
  // The profile's own settings win over a user variable of the same name.
  values.set('companyId', profile.companyId);
  values.set('baseUrl', profile.baseUrl);
  return values;
}

const chain = (names: readonly string[]) => names.map((name) => `{{${name}}}`).join(' → ');

/** `text` with its variables resolved; `within`: the variables whose values are being resolved. */
export function resolveText(
  text: string,
  values: ReadonlyMap<string, string>,
  within: readonly string[] = [],
): Resolution {
  const unresolved = new Set<string>();
  const cycles = new Set<string>();
  const resolved = text.replace(PATTERN, (whole, name: string) => {
    if (within.includes(name) || within.length >= MAX_NESTING) {
      const start = within.indexOf(name);
      cycles.add(chain(start < 0 ? [...within, name] : [...within.slice(start), name]));
      return whole;
    }
    const value = values.get(name);
    if (value === undefined) {
      unresolved.add(name);
      return whole;
    }
    if (!value.includes('{{')) return value;
    const inner = resolveText(value, values, [...within, name]);
    for (const item of inner.unresolved) unresolved.add(item);
    for (const item of inner.cycles) cycles.add(item);
    return inner.text;
  });
  return { text: resolved, unresolved: [...unresolved], cycles: [...cycles] };
}

export interface CallTemplate {
  path: string;
  query: readonly NameValue[];
  headers: readonly NameValue[];
  body: string;
}

/** Resolves every part of a call; `unresolved` lists each unknown name once, `cycles` each loop. */
export function resolveCall<T extends CallTemplate>(call: T, values: ReadonlyMap<string, string>) {
  const unresolved = new Set<string>();
  const cycles = new Set<string>();
  const one = (text: string) => {
    const result = resolveText(text, values);
    for (const name of result.unresolved) unresolved.add(name);
    for (const loop of result.cycles) cycles.add(loop);
    return result.text;
  };
  const pairs = (rows: readonly NameValue[]) =>
    rows.map(({ name, value }) => ({ name: one(name), value: one(value) }));
  const resolved: T = {
    ...call,
    path: one(call.path),
    query: pairs(call.query),
    headers: pairs(call.headers),
    body: one(call.body),
  };
  return { call: resolved, unresolved: [...unresolved], cycles: [...cycles] };
}

/** The refusal for a call whose variables name each other in a loop, or null. */
export function cycleError(cycles: readonly string[]): { ok: false; error: AppError } | null {
  if (cycles.length === 0) return null;
  return fail(
    'unresolved_variable',
    `Variables name each other in a loop: ${cycles.join('; ')}.`,
    'Give one of them a plain value (in the profile’s variables, or the collection’s).',
  );
}

/** The refusal for a call that still names unknown variables. */
export function unresolvedError(names: readonly string[]): { ok: false; error: AppError } {
  return fail(
    'unresolved_variable',
    `Unknown variable${names.length > 1 ? 's' : ''}: ${names.map((name) => `{{${name}}}`).join(', ')}.`,
    'Define it in the profile’s variables (or the collection’s, for a request opened from one), or remove the braces. companyId and baseUrl are always defined.',
  );
}
