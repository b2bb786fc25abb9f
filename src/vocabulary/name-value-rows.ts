/**
 * The edits of a table of name/value rows (query parameters, headers, a profile's variables), as
 * the panel's KeyValueTable makes them: add an empty row, type into one field of a row, remove a
 * row. Pure, so that property tests can drive the very edits the panel makes. A row out of range
 * leaves the rows as they are.
 */
import type { NameValue } from './terms';

/** The rows with an empty row at the end (Add). */
export function rowAdded(rows: readonly NameValue[]): NameValue[] {
  return [...rows, { name: '', value: '' }];
}

/** The rows with `patch` typed into row `index`. */
export function rowChanged(
  rows: readonly NameValue[],
  index: number,
  patch: Partial<NameValue>,
): NameValue[] {
  return rows.map((row, i) => (i === index ? { ...row, ...patch } : row));
}

/** The rows without row `index` (Remove). */
export function rowRemoved(rows: readonly NameValue[], index: number): NameValue[] {
  return rows.filter((_, i) => i !== index);
}
