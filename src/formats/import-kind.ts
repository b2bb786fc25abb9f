/**
 * What kind of file was picked for Import collection, told from its text by cheap signs: the
 * top-level keys of a JSON object (one pass over the text, nothing parsed into values), or the
 * top-level keys of a YAML document's first lines (no YAML library). It only tells the kind, with
 * what a message needs to name it; the importers judge the content, and import-file.ts routes each
 * kind and words the refusal of a kind that is not imported.
 *
 * Invariant: never throws, and costs one linear pass over the text at most.
 */
import { FORMAT } from '../collections/native-format';
import { POSTMAN_SCHEMA_PATTERN } from './postman/postman-names';

export type Syntax = 'json' | 'yaml';

export type ImportKind =
  | { kind: 'empty' }
  /** Not text: NUL bytes or undecodable characters at its start. */
  | { kind: 'binary' }
  | { kind: 'native' }
  /**
   * `v2-by-shape`: no info.schema, but an `item`/`items` list; `other`: a Postman file that is no
   * v2 collection (v1, an environment, an unknown schema), which the Postman import names.
   */
  | { kind: 'postman'; variant: 'v2.0' | 'v2.1' | 'v2-by-shape' | 'other' }
  | { kind: 'openapi'; version: string; syntax: Syntax }
  | { kind: 'swagger'; version: string; syntax: Syntax }
  | { kind: 'har'; version: string | null }
  | { kind: 'curl' }
  /** YAML of no kind above. */
  | { kind: 'yaml' }
  /** JSON (or what starts like it, even broken) of no kind above. */
  | { kind: 'json' }
  /** Text that is neither JSON nor YAML. */
  | { kind: 'text' };

interface Field {
  type: 'object' | 'array' | 'string' | 'scalar';
  /** The text of a string (or scalar) value, when short. */
  text?: string;
  /** For an object at the top level: its own fields, one level down. */
  fields?: Map<string, Field>;
}

const MAX_TEXT = 200;
const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r';

/** The characters that matter when a value is skipped: quotes, brackets and commas. */
const STRUCTURAL = /["{}[\],]/g;

/**
 * A tiny JSON scanner over `text` from `i`: keys and short values, nesting skipped by counting,
 * strings skipped with indexOf, so that a 10 MB `item` list costs a native scan, not a decode.
 */
class TopLevelScanner {
  i: number;
  constructor(
    readonly text: string,
    start: number,
  ) {
    this.i = start;
  }

  private space(): void {
    while (this.i < this.text.length && isSpace(this.text.charAt(this.i))) this.i++;
  }

  /** From the `"` at `start`: the index just past its closing quote, or -1. */
  private stringEnd(start: number): number {
    let k = this.text.indexOf('"', start + 1);
    while (k >= 0) {
      let backslashes = 0;
      while (this.text.charAt(k - 1 - backslashes) === '\\') backslashes++;
      if (backslashes % 2 === 0) return k + 1;
      k = this.text.indexOf('"', k + 1);
    }
    return -1;
  }

  /** At a `"`: the string's text (decoded when short and valid), or null when it never closes. */
  private string(): string | null {
    const start = this.i;
    const end = this.stringEnd(start);
    if (end < 0) return null;
    this.i = end;
    if (end - start > MAX_TEXT + 2) return this.text.slice(start + 1, start + 1 + MAX_TEXT);
    const raw = this.text.slice(start, end);
    try {
      return JSON.parse(raw) as string;
    } catch {
      return raw.slice(1, -1); // a bad escape: the kind can still be told from the raw text
    }
  }

  /** Skips one value of any depth; false when the text ends first. */
  private skip(): boolean {
    let depth = 0;
    STRUCTURAL.lastIndex = this.i;
    for (let match = STRUCTURAL.exec(this.text); match !== null; ) {
      const c = match[0];
      const at = match.index;
      if (c === '"') {
        const end = this.stringEnd(at);
        if (end < 0) return false;
        if (depth === 0) {
          this.i = end;
          return true;
        }
        STRUCTURAL.lastIndex = end;
      } else if (c === '{' || c === '[') depth++;
      else if (depth === 0) {
        this.i = at; // `,` `}` `]` at the top: the scalar before it has ended
        return true;
      } else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) {
          this.i = at + 1;
          return true;
        }
      }
      match = STRUCTURAL.exec(this.text);
    }
    return false;
  }

  /**
   * At a `{`: its fields, reading one more level when `nested`; stops at broken text, or as soon
   * as `decided` says the fields read so far are enough.
   */
  object(nested: boolean, decided?: (key: string, field: Field) => boolean): Map<string, Field> {
    const fields = new Map<string, Field>();
    this.i++;
    for (;;) {
      this.space();
      if (this.text.charAt(this.i) !== '"') return fields;
      const key = this.string();
      this.space();
      if (key === null || this.text.charAt(this.i) !== ':') return fields;
      this.i++;
      this.space();
      const v = this.text.charAt(this.i);
      let field: Field;
      if (v === '"') {
        const text = this.string();
        if (text === null) return fields;
        field = { type: 'string', text };
      } else if (v === '{' && nested) {
        field = { type: 'object', fields: this.object(false) };
        if (this.text.charAt(this.i) !== '}') return fields;
        this.i++;
      } else {
        const start = this.i;
        if (!this.skip()) return fields;
        field =
          v === '{' || v === '['
            ? { type: v === '{' ? 'object' : 'array' }
            : { type: 'scalar', text: this.text.slice(start, this.i).trim().slice(0, MAX_TEXT) };
      }
      fields.set(key, field);
      if (decided?.(key, field)) return fields;
      this.space();
      if (this.text.charAt(this.i) === ',') this.i++;
      else return fields;
    }
  }
}

/** A key that settles the kind: no need to read on through a large file. */
function decides(key: string, field: Field): boolean {
  switch (key) {
    case 'openapi':
    case 'swagger':
      return field.type === 'string' || field.type === 'scalar';
    case 'log':
      return isHarLog(field.fields);
    case 'format':
      return field.text === FORMAT;
    case 'info':
      return field.fields?.get('schema') !== undefined;
    default:
      return false;
  }
}

function isHarLog(log: Map<string, Field> | undefined): boolean {
  return log !== undefined && (log.get('entries')?.type === 'array' || log.has('creator'));
}

function jsonKind(text: string, start: number): ImportKind {
  const top = new TopLevelScanner(text, start).object(true, decides);
  const get = (name: string) => top.get(name);
  if (get('format')?.text === FORMAT) return { kind: 'native' };
  const openapi = get('openapi');
  if (openapi?.type === 'string' || openapi?.type === 'scalar') {
    return { kind: 'openapi', version: openapi.text ?? '', syntax: 'json' };
  }
  const swagger = get('swagger');
  if (swagger?.type === 'string' || swagger?.type === 'scalar') {
    return { kind: 'swagger', version: swagger.text ?? '', syntax: 'json' };
  }
  const log = get('log')?.fields;
  if (isHarLog(log)) return { kind: 'har', version: log?.get('version')?.text ?? null };
  const schema = get('info')?.fields?.get('schema')?.text;
  if (schema !== undefined) {
    const match = POSTMAN_SCHEMA_PATTERN.exec(schema);
    if (match !== null) return { kind: 'postman', variant: match[1] === '1' ? 'v2.1' : 'v2.0' };
    if (/postman\.com\//.test(schema)) return { kind: 'postman', variant: 'other' };
  }
  const list = get('item') ?? get('items');
  if (list?.type === 'array' && schema === undefined) {
    return { kind: 'postman', variant: 'v2-by-shape' };
  }
  const v1 = get('requests')?.type === 'array' && (top.has('order') || top.has('folders'));
  if (v1 || top.has('_postman_variable_scope')) return { kind: 'postman', variant: 'other' };
  // A native file broken before its format field was read: its own reader names the place.
  if (text.slice(0, 4_096).includes(`"${FORMAT}"`)) return { kind: 'native' };
  return { kind: 'json' };
}

/** Lines of a YAML document looked at: its top-level keys come first in any real file. */
const MAX_YAML_LINES = 2_000;
const YAML_KEY = /^(["']?)([A-Za-z_$][\w.$-]*)\1[ \t]*:(?:[ \t]+(.*?))?[ \t]*$/;
const YAML_ITEM = /^-(?:[ \t]|$)/;
const CURL_LINE = /^(?:[$%>][ \t]+)?curl(?:\.exe)?(?:[ \t]|$)/;

function unquote(value: string): string {
  return value.replace(/[ \t]+#.*$/, '').replace(/^(["'])(.*)\1$/, '$2');
}

function textKind(text: string, start: number): ImportKind {
  let first = true;
  let yaml = false;
  let at = start;
  for (let count = 0; at < text.length && count < MAX_YAML_LINES; count++) {
    const end = text.indexOf('\n', at);
    const line = text.slice(at, end < 0 ? text.length : end).replace(/\r$/, '');
    at = end < 0 ? text.length : end + 1;
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('%')) continue;
    if (trimmed === '---' || trimmed === '...') {
      yaml = true;
      continue;
    }
    if (first && CURL_LINE.test(trimmed)) return { kind: 'curl' };
    const key = YAML_KEY.exec(line);
    if (first && key === null && !YAML_ITEM.test(line))
      return yaml ? { kind: 'yaml' } : { kind: 'text' };
    first = false;
    yaml = true;
    if (key === null) continue;
    const value = unquote(key[3] ?? '');
    if (key[2] === 'openapi' && value !== '')
      return { kind: 'openapi', version: value, syntax: 'yaml' };
    if (key[2] === 'swagger' && value !== '')
      return { kind: 'swagger', version: value, syntax: 'yaml' };
  }
  return yaml ? { kind: 'yaml' } : { kind: 'text' };
}

/** Characters looked at to tell text from a binary file. */
const SAMPLE = 8_192;

function looksBinary(text: string): boolean {
  const sample = text.slice(0, SAMPLE);
  if (sample.includes('\u0000')) return true;
  let odd = 0;
  for (let k = 0; k < sample.length; k++) {
    const code = sample.charCodeAt(k);
    // U+FFFD is what a UTF-8 decoder makes of bytes that are not UTF-8.
    if (code === 0xfffd || (code < 0x20 && code !== 9 && code !== 10 && code !== 12 && code !== 13))
      odd++;
  }
  return odd > sample.length / 20;
}

export function detectImportKind(text: string): ImportKind {
  if (typeof text !== 'string') return { kind: 'binary' };
  let start = text.startsWith('\uFEFF') ? 1 : 0;
  while (start < text.length && isSpace(text.charAt(start))) start++;
  if (start >= text.length) return { kind: 'empty' };
  if (looksBinary(text)) return { kind: 'binary' };
  const c = text.charAt(start);
  if (c === '{') return jsonKind(text, start);
  if (c === '[') return { kind: 'json' };
  return textKind(text, start);
}

/** The kind as a message names it: "an OpenAPI 3.0.3 description (YAML)". */
export function describeKind(kind: ImportKind): string {
  const syntax = (s: Syntax) => (s === 'json' ? 'JSON' : 'YAML');
  switch (kind.kind) {
    case 'openapi':
      return `an OpenAPI ${kind.version.slice(0, 20)} description (${syntax(kind.syntax)})`;
    case 'swagger':
      return `a Swagger ${kind.version.slice(0, 20)} description (${syntax(kind.syntax)})`;
    case 'har':
      return `a HAR file (a browser's network log${kind.version === null ? '' : `, HAR ${kind.version.slice(0, 20)}`})`;
    case 'curl':
      return 'a curl command';
    case 'yaml':
      return 'a YAML file';
    case 'binary':
      return 'a binary file';
    case 'native':
      return 'a Partner API DevTools collection';
    case 'postman':
      return kind.variant === 'other' ? 'a Postman file' : 'a Postman collection';
    case 'json':
      return 'a JSON file';
    case 'text':
      return 'a text file';
    case 'empty':
      return 'an empty file';
  }
}
