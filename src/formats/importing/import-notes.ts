/**
 * The summary every import gives (Postman, Postman 12, OpenCollection, OpenAPI, HAR): every part
 * of the file that was not imported, or was changed on the way in, grouped by kind so that 10 000
 * requests with a script each make one line, not 10 000. Adding a note is O(1). Examples name items and fields, never a value that could be a
 * secret.
 */

const MAX_EXAMPLES = 5;

/** The one line for every described row: headers, query parameters, form fields and variables. */
export const ROW_DESCRIPTIONS =
  'Descriptions of headers, query parameters, form fields and variables were not imported';
const MAX_EXAMPLE_LENGTH = 60;

export function quoteName(name: string): string {
  const shown = name.length > MAX_EXAMPLE_LENGTH ? `${name.slice(0, MAX_EXAMPLE_LENGTH)}…` : name;
  return JSON.stringify(shown);
}

export class ImportNotes {
  private readonly kinds = new Map<string, { count: number; examples: string[] }>();

  /** `kind` is a sentence that the count and the examples complete; `times` adds to the count. */
  add(kind: string, example: string, times = 1): void {
    let entry = this.kinds.get(kind);
    if (entry === undefined) {
      entry = { count: 0, examples: [] };
      this.kinds.set(kind, entry);
    }
    entry.count += times;
    if (entry.examples.length < MAX_EXAMPLES && !entry.examples.includes(example)) {
      entry.examples.push(example);
    }
  }

  /** One line a kind, in the order the kinds were first met. */
  lines(): string[] {
    return [...this.kinds].map(([kind, { count, examples }]) => {
      const more = count > examples.length ? ', …' : '';
      return `${kind} (${count}): ${examples.join(', ')}${more}.`;
    });
  }
}
