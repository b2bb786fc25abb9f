/**
 * Here-documents that feed curl its body, as API docs write them, turned into an ordinary body
 * argument before the bash reader sees the text:
 *
 *   curl … --data @<(cat <<EOF        curl … --data-binary @- <<'EOF'       cat <<EOF | curl -d @- …
 *   { "sku": "A-1" }                  { "sku": "A-1" }                      { "sku": "A-1" }
 *   EOF                               EOF                                   EOF
 *   )
 *
 * The first becomes `--data '<body>'` (the whole `@<(cat <<EOF … )`), the others replace `@-`
 * with the body and drop the `<<EOF`. The body keeps the here-document's meaning: with a quoted
 * delimiter (`<<'EOF'`) it is text as written; without, `$VAR` and `\` work as in a here-document
 * (the bash reader then keeps `$VAR` as `{{VAR}}` and says so). `<<-` strips leading tabs.
 * A here-document that feeds something else (no `@-`, no `@<(cat`) is refused with what to paste.
 * One pass over the lines: linear in the text.
 */
import { fail, ok, type Result } from '../../vocabulary/errors';

export interface InlinedText {
  text: string;
  /** One note per here-document read as the body. */
  notes: string[];
}

const OPERATOR =
  /(?<=^|[ \t])<<(-?)[ \t]*(?:'([A-Za-z_][A-Za-z0-9_]*)'|"([A-Za-z_][A-Za-z0-9_]*)"|([A-Za-z_][A-Za-z0-9_]*))/;
const PROCESS_SUBSTITUTION = /@<\([ \t]*cat[ \t]+$/;
const STDIN = /(^|[ \t])@-(?=[ \t]|$)/m;

const REFUSED = fail(
  'invalid_request',
  'The command uses a here-document (<<) that does not give curl its body.',
  "The import reads a here-document only as curl's body (-d @- <<EOF, or --data @<(cat <<EOF …)). Put the body into the command instead, e.g. --data-raw '{…}'.",
);

/** Quote the body as one shell word with the meaning it had in the here-document. */
function asShellWord(body: string, literal: boolean): string {
  if (literal) return `'${body.replaceAll("'", `'\\''`)}'`;
  let word = '"';
  for (let i = 0; i < body.length; i++) {
    const c = body.charAt(i);
    const next = body.charAt(i + 1);
    if (c === '\\' && next !== '' && '$`\\\n'.includes(next)) {
      word += c + next; // the same escape in "…" as in a here-document
      i++;
    } else if (c === '\\') word += '\\\\';
    else if (c === '"') word += '\\"';
    else word += c;
  }
  return `${word}"`;
}

/** The body lines after `start` up to the delimiter line, and the index after that line. */
function readBody(lines: readonly string[], start: number, delimiter: string, tabs: boolean) {
  const body: string[] = [];
  for (let k = start; k < lines.length; k++) {
    const line = (lines[k] as string).replace(/\r$/, '');
    const shown = tabs ? line.replace(/^\t+/, '') : line;
    if (shown === delimiter) return { body: body.join('\n'), next: k + 1 };
    body.push(shown);
  }
  return null;
}

/**
 * The text with each here-document that feeds curl's body put in place as a quoted word, and a
 * note for each; the text unchanged when it has none; a refusal for any other here-document.
 */
export function inlineHereDocuments(src: string): Result<InlinedText> {
  if (!src.includes('<<')) return ok({ text: src, notes: [] });
  const lines = src.split('\n');
  const out: string[] = [];
  const notes: string[] = [];
  let k = 0;
  while (k < lines.length) {
    const line = lines[k] as string;
    const found = OPERATOR.exec(line);
    if (found === null || line.charAt(found.index + 2) === '<') {
      out.push(line);
      k++;
      continue;
    }
    const delimiter = (found[2] ?? found[3] ?? found[4]) as string;
    const read = readBody(lines, k + 1, delimiter, found[1] === '-');
    if (read === null) {
      // No closing line: `<<` is text in a quoted word, or the copy was cut. The shell reader
      // tells which, and refuses a here-document it cannot read.
      out.push(line);
      k++;
      continue;
    }
    const word = asShellWord(read.body, found[2] !== undefined || found[3] !== undefined);
    const before = line.slice(0, found.index);
    const after = line.slice(found.index + found[0].length);
    if (PROCESS_SUBSTITUTION.test(before) && after.trim() === '') {
      const closing = (lines[read.next] ?? '').replace(/^[ \t]*\)/, '');
      if (closing === lines[read.next]) return REFUSED;
      out.push(before.replace(PROCESS_SUBSTITUTION, '') + word + closing);
      k = read.next + 1;
    } else {
      const stdin = [...out, before + after].join('\n');
      if (!STDIN.test(stdin)) return REFUSED;
      const joined = stdin.replace(STDIN, (_, space: string) => `${space}${word}`);
      out.splice(0, out.length, ...joined.split('\n'));
      k = read.next;
    }
    notes.push(
      `The body was read from the here-document (<<${delimiter}) that gives curl its data.`,
    );
  }
  return ok({ text: out.join('\n'), notes });
}
