/**
 * The JSON text of an example value taken from a document, with a bound on its length that holds
 * before the text is made: the value is measured first, as the text would spell it out, and the
 * measure stops as soon as it passes the bound. A YAML alias shares one value in many places, so
 * a short document can hold an example whose text would be gigabytes (or, through a cycle,
 * endless); such a value gets null, at a cost no larger than the bound.
 */

/** A generous estimate of the characters `JSON.stringify(value, null, 2)` writes, up to `limit`. */
function measureWithin(value: unknown, limit: number): boolean {
  let size = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; depth: number };
    // Indentation, separators and quotes around each entry.
    size += 2 * item.depth + 4;
    const current = item.value;
    if (typeof current === 'string') size += current.length;
    else if (current !== null && typeof current === 'object') {
      const record = current as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        size += key.length + 4;
        stack.push({ value: record[key], depth: item.depth + 1 });
      }
    } else size += 24;
    if (size > limit) return false;
  }
  return true;
}

/** `JSON.stringify(value, null, 2)`, or null when that text would be longer than `maxChars`. */
export function exampleJson(value: unknown, maxChars: number): string | null {
  if (!measureWithin(value, maxChars)) return null;
  const text = JSON.stringify(value, null, 2) as string | undefined;
  return text === undefined || text.length > maxChars ? null : text;
}

/** The same for a one-line value (a query parameter), without indentation. */
export function compactJson(value: unknown, maxChars: number): string | null {
  if (!measureWithin(value, maxChars)) return null;
  const text = JSON.stringify(value) as string | undefined;
  return text === undefined || text.length > maxChars ? null : text;
}
