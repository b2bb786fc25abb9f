/**
 * Credentials inside request and response bodies: `client_secret=…` in a token request's form,
 * `"access_token": "…"` in a token response, a JWT anywhere in a JSON body, `password=…` in a
 * text body. `replaceBodyCredentials` replaces each one with what the caller's `replace` gives (a
 * masked view for the capture, nothing for an import) and names the fields it replaced.
 *
 * JSON is changed in place, literal by literal, so that everything else (numbers exactly as sent,
 * spacing, key order) stays as the server or the page wrote it. Linear in the body's length.
 */
import { decodeJwt } from './jwt';
import { findSecretInText, isCredentialName } from './secret-patterns';

export interface BodyReplacement {
  text: string;
  /** Names of the fields (or kinds of text) whose value was replaced, each once. */
  fields: string[];
}

/** The same text when nothing in it looks like a credential. */
type Replace = (secret: string) => string;

/** Text hits replaced in one body that is neither JSON nor a form: enough for a real body. */
const MAX_TEXT_HITS = 20;

function isJwt(value: string): boolean {
  return value.startsWith('eyJ') && decodeJwt(value) !== null;
}

/** A name or value of a form or a query (`+` is a space), as written when its escape is malformed. */
export function decodeFormPart(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part; // a malformed escape: judged as written
  }
}

function looksLikeForm(text: string, mimeType: string): boolean {
  if (/x-www-form-urlencoded/i.test(mimeType)) return true;
  // Chrome reports no type for a string body sent without one; a form is `a=b&c=d`, no spaces.
  return mimeType === '' && /^[^\s=&{["]+=[^\s]*(?:&[^\s=&]+=[^\s]*)*$/.test(text);
}

function replaceForm(text: string, replace: Replace, fields: Set<string>): string {
  return text
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = decodeFormPart(pair.slice(0, equals));
      const value = decodeFormPart(pair.slice(equals + 1));
      if (value === '' || !(isCredentialName(name) || isJwt(value))) return pair;
      fields.add(name);
      return `${pair.slice(0, equals)}=${replace(value)}`;
    })
    .join('&');
}

function skipSpace(text: string, i: number): number {
  let at = i;
  while (at < text.length && ' \t\r\n'.includes(text.charAt(at))) at++;
  return at;
}

/** End (after the closing quote) of the string literal that opens at `i`, in valid JSON. */
function literalEnd(text: string, i: number): number {
  let at = i + 1;
  while (at < text.length) {
    const c = text.charAt(at);
    if (c === '\\') at += 2;
    else if (c === '"') return at + 1;
    else at++;
  }
  return text.length;
}

/** `text` is valid JSON (the caller parsed it). String values are replaced where they stand. */
function replaceJson(text: string, replace: Replace, fields: Set<string>): string {
  const parts: string[] = [];
  let copied = 0;
  let key: string | null = null;
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    if (c !== '"') {
      // After a value, the key no longer applies (`,` `}` `]`); a `:` keeps it for its value.
      if (c === ',' || c === '}' || c === ']' || c === '[' || c === '{') key = null;
      i++;
      continue;
    }
    const end = literalEnd(text, i);
    const value = JSON.parse(text.slice(i, end)) as string;
    const next = skipSpace(text, end);
    if (text.charAt(next) === ':') {
      key = value;
      i = next + 1;
      continue;
    }
    const credentialKey = key !== null && isCredentialName(key);
    if (value !== '' && (credentialKey || isJwt(value))) {
      fields.add(credentialKey && key !== null ? key : 'a JWT');
      parts.push(text.slice(copied, i), JSON.stringify(replace(value)));
      copied = end;
    }
    key = null;
    i = end;
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

function replaceText(text: string, replace: Replace, fields: Set<string>): string {
  let result = text;
  for (let hits = 0; hits < MAX_TEXT_HITS; hits++) {
    const hit = findSecretInText(result, []);
    if (hit === null) break;
    const replacement = replace(hit.secret);
    if (replacement.includes(hit.secret)) break; // a replacement that keeps the text: stop
    fields.add(hit.reason);
    result = result.split(hit.secret).join(replacement);
  }
  return result;
}

function isJsonText(text: string): boolean {
  const first = text.trimStart().charAt(0);
  if (first !== '{' && first !== '[') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * `text` with every credential replaced: form fields and JSON values named like credentials
 * (`client_secret`, `access_token`, `password`, …) and JWTs; in other text, whatever looks like a
 * secret (a Bearer value, a JWT, `token=…`, a long random key).
 */
export function replaceBodyCredentials(
  text: string,
  mimeType: string,
  replace: Replace,
): BodyReplacement {
  const fields = new Set<string>();
  let result: string;
  if (isJsonText(text)) result = replaceJson(text, replace, fields);
  else if (looksLikeForm(text, mimeType)) result = replaceForm(text, replace, fields);
  else result = replaceText(text, replace, fields);
  return { text: result, fields: [...fields] };
}
