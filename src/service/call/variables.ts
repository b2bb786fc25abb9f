/**
 * `{{name}}` variables in the path, query, headers and body of a call, resolved from the active
 * profile (`companyId`, `baseUrl` and the profile's own variables) and, for a request opened from
 * a collection, the collection's shared variables, which the profile's override. An unknown name is
 * reported, never sent as literal braces.
 */
import { type AppError, fail } from '../../vocabulary/errors';
import type { NameValue } from '../../vocabulary/terms';

const PATTERN = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/g;

export interface Resolution {
  text: string;
  unresolved: string[];
}

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

export function resolveText(text: string, values: ReadonlyMap<string, string>): Resolution {
  const unresolved = new Set<string>();
  const resolved = text.replace(PATTERN, (whole, name: string) => {
    const value = values.get(name);
    if (value === undefined) {
      unresolved.add(name);
      return whole;
    }
    return value;
  });
  return { text: resolved, unresolved: [...unresolved] };
}

export interface CallTemplate {
  path: string;
  query: readonly NameValue[];
  headers: readonly NameValue[];
  body: string;
}

/** Resolves every part of a call; `unresolved` lists each unknown name once. */
export function resolveCall<T extends CallTemplate>(call: T, values: ReadonlyMap<string, string>) {
  const unresolved = new Set<string>();
  const one = (text: string) => {
    const result = resolveText(text, values);
    for (const name of result.unresolved) unresolved.add(name);
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
  return { call: resolved, unresolved: [...unresolved] };
}

/** The refusal for a call that still names unknown variables. */
export function unresolvedError(names: readonly string[]): { ok: false; error: AppError } {
  return fail(
    'unresolved_variable',
    `Unknown variable${names.length > 1 ? 's' : ''}: ${names.map((name) => `{{${name}}}`).join(', ')}.`,
    'Define it in the profile’s variables (or the collection’s, for a request opened from one), or remove the braces. companyId and baseUrl are always defined.',
  );
}
