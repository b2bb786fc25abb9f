/**
 * Lenient readers for token-response values. Real Apigee gateways send numbers as strings and the
 * spec leaves units open, so every reader returns the value it could make out plus a note that
 * says what it had to assume; none of them throws, whatever it is given.
 */

export interface Read<T> {
  value: T | null;
  /** Set when the value was accepted with an assumption or could not be used. */
  note: string | null;
}

/**
 * JSON text of a value for display. JSON.stringify recurses, so a hostile, deeply nested value
 * would overflow the stack: that becomes a placeholder, not a crash.
 */
export function displayJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return '(a value nested too deeply to show)';
  }
}

export function readInteger(raw: unknown, field: string): Read<number> {
  if (raw === undefined || raw === null) return { value: null, note: null };
  if (typeof raw === 'number' && Number.isSafeInteger(raw)) return { value: raw, note: null };
  if (
    typeof raw === 'string' &&
    /^\s*-?\d{1,16}\s*$/.test(raw) &&
    Number.isSafeInteger(Number(raw))
  ) {
    return {
      value: Number(raw),
      note: `${field} arrived as a string ("${raw.trim()}"); read as the number it spells.`,
    };
  }
  return {
    value: null,
    note: `${field} is ${displayJson(raw).slice(0, 60)}, which is not a whole number.`,
  };
}

export function readString(raw: unknown, field: string): Read<string> {
  if (raw === undefined || raw === null) return { value: null, note: null };
  if (typeof raw === 'string') return { value: raw, note: null };
  if (typeof raw === 'number' || typeof raw === 'boolean') {
    return { value: String(raw), note: `${field} arrived as a ${typeof raw}, not a string.` };
  }
  return { value: null, note: `${field} is not a string.` };
}

/**
 * `api_product_list` is one string in brackets: "[Product A, Product B]". Names may contain spaces
 * but not commas, so the list splits on commas and each name keeps its inner spaces.
 */
export function splitProductList(raw: string): string[] {
  const inner = raw.trim().replace(/^\[/, '').replace(/\]$/, '').trim();
  return inner
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

export function readProductArray(raw: unknown): Read<string[]> {
  if (raw === undefined || raw === null) return { value: null, note: null };
  if (Array.isArray(raw) && raw.every((item) => typeof item === 'string'))
    return { value: raw, note: null };
  return {
    value: null,
    note: 'api_product_list_json is not an array of strings; api_product_list is used instead.',
  };
}
