/**
 * The body of an imported command. The panel sends JSON only (the service's contract header is
 * Content-Type: application/json), while curl sends `-d` and `--data-urlencode` data as a form
 * (application/x-www-form-urlencoded) unless the command names another type. So:
 * - data that is JSON is kept (and, without a Content-Type, the note says curl would have labelled
 *   it a form);
 * - form fields (`name=value&…`, or anything from --data-urlencode) are not offered as the body:
 *   it stays empty and the note shows the fields (name = value) to carry over by hand;
 * - other text (neither JSON nor fields) is kept as written, and the note says it is sent as JSON.
 * A body that is kept and looks like it holds a secret is flagged, as the Postman import flags one.
 * Invariant: a note never shows a value that looks like a secret.
 */

import { findSecretInRow, findSecretInText } from '../../redaction/secret-patterns';
import { percentDecode } from './curl-encoding';

export interface BodyInput {
  /** The data as curl joins it. */
  text: string;
  /** Data came from -d/--data*, which curl sends as a form without another Content-Type. */
  formData: boolean;
  /** Some of it came from --data-urlencode: form fields by construction. */
  encoded: boolean;
  /** The Content-Type the command gives, or null. */
  contentType: string | null;
}

const FORM_TYPE = 'application/x-www-form-urlencoded';
const MAX_FIELDS = 12;
const MAX_SHOWN = 60;

function isJson(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false; // not JSON: the caller shows it as form fields instead
  }
}

function shorten(text: string): string {
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

/** `name=value&…`: every piece has a name before its `=`. */
function isFormFields(text: string): boolean {
  const pairs = text.split('&').filter((pair) => pair !== '');
  return pairs.length > 0 && pairs.every((pair) => /^[^\s=]+=/.test(pair));
}

/** `name = value` for each field, as the server would decode it; a secret-looking one masked. */
function formFields(text: string): string {
  const fields: string[] = [];
  const pairs = text.split('&').filter((pair) => pair !== '');
  for (const pair of pairs.slice(0, MAX_FIELDS)) {
    const equals = pair.indexOf('=');
    const name = percentDecode(equals < 0 ? pair : pair.slice(0, equals), true).text;
    const value = percentDecode(equals < 0 ? '' : pair.slice(equals + 1), true).text;
    const shown =
      findSecretInRow(name, value, []) === null
        ? shorten(value)
        : '(looks like a secret: not shown)';
    fields.push(equals < 0 ? shorten(name) : `${shorten(name)} = ${shown}`);
  }
  const more = pairs.length > MAX_FIELDS ? `, and ${pairs.length - MAX_FIELDS} more` : '';
  return `${fields.join(', ')}${more}`;
}

/** The body the request keeps, and what the notes say about it. */
export function chooseBody(input: BodyInput): { body: string; notes: string[] } {
  const { text, formData, encoded, contentType } = input;
  const declared = contentType?.split(';')[0]?.trim().toLowerCase() ?? null;
  const form = formData && (declared === null || declared === FORM_TYPE) && text.trim() !== '';
  const notes: string[] = [];
  let body = text;
  if (form && isJson(text)) {
    if (declared === null) {
      notes.push(
        `Without a Content-Type, curl would send the data as a form (${FORM_TYPE}); it is JSON, so the panel sends it as JSON (application/json).`,
      );
    }
  } else if (form && (encoded || isFormFields(text))) {
    body = '';
    notes.push(
      `curl would send the data as a form (${FORM_TYPE}), which the panel cannot send: its calls carry a JSON body. The body was left empty; the form fields were: ${formFields(text)}.`,
    );
  } else if (form && declared === null) {
    notes.push(
      `Without a Content-Type, curl would send the data as a form (${FORM_TYPE}); it is neither JSON nor form fields, and was kept as the body, which the panel sends as JSON (application/json): check it.`,
    );
  }
  const secret = body === '' ? null : findSecretInText(body, []);
  if (secret !== null) {
    notes.push(
      `The body looks like it holds a secret (${secret.reason}): it was kept; review it before you save or share the request.`,
    );
  }
  return { body, notes };
}
