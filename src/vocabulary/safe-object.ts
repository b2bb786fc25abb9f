/**
 * A structural pre-check that runs before any schema: refuses prototype-polluting keys at any
 * depth, values that are not plain JSON data, and nesting deep enough to exhaust a recursive
 * validator. Everything that reaches a schema has passed here.
 */

/** Keys that can change how programs behave when data is read into objects: refused in every import. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
]);
export const MAX_DEPTH = 32;

export type SafetyProblem =
  | { kind: 'forbidden_key'; key: string; path: string }
  | { kind: 'too_deep'; path: string }
  | { kind: 'not_plain'; path: string };

/** Returns the first problem found, or null when `value` is plain JSON-like data. */
export function findUnsafeShape(value: unknown): SafetyProblem | null {
  // Iterative walk: a hostile 10 000-deep value must not overflow the stack of the checker itself.
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '$', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string; depth: number };
    const current = item.value;
    if (current === null || typeof current !== 'object') {
      if (
        typeof current === 'function' ||
        typeof current === 'symbol' ||
        typeof current === 'bigint'
      ) {
        return { kind: 'not_plain', path: item.path };
      }
      continue;
    }
    if (item.depth >= MAX_DEPTH) return { kind: 'too_deep', path: item.path };
    const proto = Object.getPrototypeOf(current);
    const isArray = Array.isArray(current);
    if (!isArray && proto !== Object.prototype && proto !== null) {
      return { kind: 'not_plain', path: item.path };
    }
    for (const key of Object.keys(current)) {
      if (FORBIDDEN_KEYS.has(key)) return { kind: 'forbidden_key', key, path: item.path };
      stack.push({
        value: (current as Record<string, unknown>)[key],
        path: isArray ? `${item.path}[${key}]` : `${item.path}.${key}`,
        depth: item.depth + 1,
      });
    }
  }
  return null;
}

/** A problem found in an imported file, said to the user (the path without its `$` root). */
export function describeUnsafeFile(problem: SafetyProblem): string {
  const where = problem.path === '$' ? 'the top level' : problem.path.replace(/^\$\.?/, '');
  switch (problem.kind) {
    case 'forbidden_key':
      return `The file contains the key "${problem.key}" at ${where}; keys like __proto__, constructor and prototype are refused because they can change how programs behave.`;
    case 'too_deep':
      return `The file is nested more than ${MAX_DEPTH} levels deep (at ${where}); a collection file never is.`;
    case 'not_plain':
      return `The file contains a value that is not plain JSON data at ${where}.`;
  }
}
