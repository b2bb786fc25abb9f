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

/** A value still to check; its path is spelled out only for a problem (imports hold millions). */
interface Pending {
  value: unknown;
  parent: Pending | null;
  /** The key or index under the parent; unused at the root. */
  key: string;
  inArray: boolean;
  depth: number;
}

function pathOf(item: Pending): string {
  const parts: string[] = [];
  for (let at: Pending | null = item; at?.parent; at = at.parent)
    parts.push(at.inArray ? `[${at.key}]` : `.${at.key}`);
  return `$${parts.reverse().join('')}`;
}

/** Strings, numbers, booleans, null and undefined: plain values with nothing inside to check. */
function isPlainLeaf(value: unknown): boolean {
  const type = typeof value;
  return (
    value === null ||
    (type !== 'object' && type !== 'function' && type !== 'symbol' && type !== 'bigint')
  );
}

/** Returns the first problem found, or null when `value` is plain JSON-like data. */
export function findUnsafeShape(value: unknown): SafetyProblem | null {
  // Iterative walk: a hostile 10 000-deep value must not overflow the stack of the checker itself.
  const stack: Pending[] = [{ value, parent: null, key: '', inArray: false, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop() as Pending;
    const current = item.value;
    if (current === null || typeof current !== 'object') {
      if (!isPlainLeaf(current)) return { kind: 'not_plain', path: pathOf(item) };
      continue;
    }
    if (item.depth >= MAX_DEPTH) return { kind: 'too_deep', path: pathOf(item) };
    const proto = Object.getPrototypeOf(current);
    const isArray = Array.isArray(current);
    if (!isArray && proto !== Object.prototype && proto !== null) {
      return { kind: 'not_plain', path: pathOf(item) };
    }
    for (const key of Object.keys(current)) {
      if (FORBIDDEN_KEYS.has(key)) return { kind: 'forbidden_key', key, path: pathOf(item) };
      const child = (current as Record<string, unknown>)[key];
      // Leaves that pass are not queued: the checks ahead of them are the same either way.
      if (isPlainLeaf(child)) continue;
      stack.push({ value: child, parent: item, key, inArray: isArray, depth: item.depth + 1 });
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
