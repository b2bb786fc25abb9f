/**
 * The body of one Postman request: raw text is kept (sent as JSON), a GraphQL body becomes its JSON
 * form, and every other mode (form data, url-encoded, files) is reported, its described rows
 * counted, never dropped in silence. A kept body that looks like it holds a secret is flagged.
 */
import { MAX_BODY } from '../../collections/collection-schema';
import { findSecretInText } from '../../redaction/secret-patterns';
import { type ImportNotes, quoteName, ROW_DESCRIPTIONS } from '../importing/import-notes';
import { isDescribed, isObject, type JsonObject, textOf } from '../importing/untrusted-json';

const NOTE = {
  bodyMode: 'Bodies other than raw text were not imported (form data, files, …)',
  bodyDisabled: 'Disabled bodies were not imported',
  bodyOnGet: 'Bodies of GET and HEAD requests were not imported',
  bodyLong: `Bodies longer than ${MAX_BODY} characters were not imported`,
  bodyNotJson: 'Raw bodies in another language than JSON were kept; they are sent as JSON',
  graphql: 'GraphQL bodies were converted to their JSON form ({"query": …, "variables": …})',
  bodySecret: 'Bodies that look like they hold a secret were kept: review them before sharing',
} as const;

const NO_BODY: ReadonlySet<string> = new Set(['GET', 'HEAD']);
/** Form rows looked at for descriptions: bounded for a hostile file. */
const MAX_FORM_ROWS = 1_000;

function graphqlBody(body: JsonObject, where: string, notes: ImportNotes): string {
  const graphql = isObject(body.graphql) ? body.graphql : {};
  const variablesText = textOf(graphql.variables) ?? '';
  let variables: unknown = {};
  if (variablesText.trim() !== '') {
    try {
      variables = JSON.parse(variablesText) as unknown;
    } catch {
      variables = variablesText; // kept as text so that nothing is lost; the server will say
    }
  }
  notes.add(NOTE.graphql, where);
  return JSON.stringify({ query: textOf(graphql.query) ?? '', variables });
}

/** The described rows of a form body (`urlencoded`, `formdata`) that is not imported. */
function noteFormRowDescriptions(rows: unknown, where: string, notes: ImportNotes): void {
  if (!Array.isArray(rows)) return;
  for (const row of rows.slice(0, MAX_FORM_ROWS)) {
    if (isObject(row) && isDescribed(row.description)) {
      notes.add(ROW_DESCRIPTIONS, `${where} (${quoteName(textOf(row.key) ?? '')})`);
    }
  }
}

export function readBody(body: unknown, method: string, where: string, notes: ImportNotes): string {
  if (!isObject(body)) return '';
  let text = '';
  const mode = textOf(body.mode);
  if (mode === 'raw' || (mode === null && typeof body.raw === 'string')) {
    text = textOf(body.raw) ?? '';
    const options = isObject(body.options) && isObject(body.options.raw) ? body.options.raw : {};
    const language = textOf(options.language);
    if (text !== '' && language !== null && language !== 'json') {
      notes.add(NOTE.bodyNotJson, `${where} (${language})`);
    }
  } else if (mode === 'graphql') {
    text = graphqlBody(body, where, notes);
  } else if (mode !== null) {
    notes.add(NOTE.bodyMode, `${where} (${quoteName(mode)})`);
    if (mode === 'urlencoded' || mode === 'formdata') {
      noteFormRowDescriptions(body[mode], where, notes);
    }
    return '';
  }
  if (text === '') return '';
  if (body.disabled === true) notes.add(NOTE.bodyDisabled, where);
  else if (NO_BODY.has(method)) notes.add(NOTE.bodyOnGet, where);
  else if (text.length > MAX_BODY) notes.add(NOTE.bodyLong, where);
  else {
    if (findSecretInText(text, []) !== null) notes.add(NOTE.bodySecret, where);
    return text;
  }
  return '';
}
