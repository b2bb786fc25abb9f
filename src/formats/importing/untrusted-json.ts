/**
 * Reading an untrusted imported file's data (Postman and HAR JSON, OpenAPI, OpenCollection and
 * Postman 12 YAML) after `findUnsafeShape` has passed it: narrow checks that never throw, so that
 * any field of any type can be met without a crash.
 */

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Strings as they are; numbers and booleans as Postman shows them; anything else null. */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** A description (text, or Postman's `{ content, type }`) that says something. */
export function isDescribed(description: unknown): boolean {
  const text = isObject(description) ? textOf(description.content) : textOf(description);
  return text !== null && text.trim() !== '';
}

/**
 * One parameter of an auth block: v2.1 writes `[{ key, value }]`, v2.0 writes `{ key: value }`.
 */
export function authParameter(auth: JsonObject, type: string, name: string): string | null {
  const block = auth[type];
  if (Array.isArray(block)) {
    for (const entry of block) {
      if (isObject(entry) && entry.key === name) return textOf(entry.value);
    }
    return null;
  }
  return isObject(block) ? textOf(block[name]) : null;
}

/** The lines of a script: `exec` is a list of lines or one text. */
export function scriptLines(event: JsonObject): string[] {
  const script = event.script;
  if (!isObject(script)) return [];
  if (typeof script.exec === 'string') return script.exec.split('\n');
  if (!Array.isArray(script.exec)) return [];
  return script.exec.map((line) => textOf(line) ?? '');
}
