/**
 * What kind of file was picked for Import collection, told from its text by cheap signs: the
 * top-level keys of a JSON object (one pass over the text, nothing parsed into values), or the
 * top-level keys of a YAML document's first lines (no YAML library). It only tells the kind, with
 * what a message needs to name it; the importers judge the content, and import-file.ts routes each
 * kind and words the refusal of a kind that is not imported.
 *
 * Invariant: never throws, and costs one linear pass over the text at most.
 */
import { FORMAT } from './native-format';
import { POSTMAN_SCHEMA_PATTERN } from './postman-names';

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

/** A tiny JSON scanner over `text` from `i`: keys and short values, nesting skipped by counting. */
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

  /** At a `"`: the string's text (decoded when short and valid), or null when it never closes. */
  private string(): string | null {
    const start = this.i;
    let k = start + 1;
    while (k < this.text.length) {
      const c = this.text.charAt(k);
      if (c === '\\') k += 2;
      else if (c === '"') break;
      else k++;
    }
    if (k >= this.text.length) return null;
    this.i = k + 1;
    const raw = this.text.slice(start, k + 1);
    if (raw.length > MAX_TEXT + 2) return raw.slice(1, MAX_TEXT + 1);
    try {
      return JSON.parse(raw) as string;
    } catch {
      return raw.slice(1, -1); // a bad escape: the kind can still be told from the raw text
    }
  }

  /** Skips one value of any depth; false when the text ends first. */
  private skip(): boolean {
    let depth = 0;
    while (this.i < this.text.length) {
      const c = this.text.charAt(this.i);
      if (c === '"') {
        if (this.string() === null) return false;
        if (depth === 0) return true;
        continue;
      }
      if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        if (depth === 0) return true; // the end of the enclosing object: a scalar just ended
        depth--;
        if (depth === 0) {
          this.i++;
          return true;
        }
      } else if (c === ',' && depth === 0) return true;
      this.i++;
    }
    return false;
  }

  /** At a `{`: its fields, reading one more level when `nested`. Stops quietly at broken text. */
  object(nested: boolean): Map<string, Field> {
    const fields = new Map<string, Field>();
    this.i++;
    for (;;) {
      this.space();
      const c = this.text.charAt(this.i);
      if (c === '}' || c !== '"') return fields;
      const key = this.string();
      this.space();
      if (key === null || this.text.charAt(this.i) !== ':') return fields;
      this.i++;
      this.space();
      const v = this.text.charAt(this.i);
      if (v === '"') {
        const text = this.string();
        if (text === null) return fields;
        fields.set(key, { type: 'string', text });
      } else if (v === '{' && nested) {
        fields.set(key, { type: 'object', fields: this.object(false) });
        if (this.text.charAt(this.i) !== '}') return fields;
        this.i++;
      } else {
        const start = this.i;
        if (!this.skip()) return fields;
        const type = v === '{' ? 'object' : v === '[' ? 'array' : 'scalar';
        fields.set(key, { type, text: this.text.slice(start, this.i).trim().slice(0, MAX_TEXT) });
      }
      this.space();
      if (this.text.charAt(this.i) === ',') this.i++;
      else return fields;
    }
  }
}

function jsonKind(text: string, start: number): ImportKind {
  const top = new TopLevelScanner(text, start).object(true);
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
  if (log !== undefined && (log.get('entries')?.type === 'array' || log.has('creator'))) {
    return { kind: 'har', version: log.get('version')?.text ?? null };
  }
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
