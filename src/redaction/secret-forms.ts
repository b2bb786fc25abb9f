/**
 * The forms a secret may take in text that a server or a user wrote back: a pattern that matches
 * it as typed, percent- or form-encoded (hex in either case) or JSON-escaped (`\/`, `\uXXXX`,
 * mixed), and the base64 forms of it or of `client_id:client_secret`; and the decoding of a
 * `Basic …` value, to check what it holds. Used by the redaction (known-secret-redaction.ts).
 */
import { MIN_STORED_SECRET } from './secret-patterns';

/** A client id with its secret: a Basic value is base64 of the two joined by a colon. */
export interface CredentialPair {
  clientId: string;
  clientSecret: string;
}

const hexPattern = (code: number, width: number) =>
  code
    .toString(16)
    .padStart(width, '0')
    .replace(/[a-f]/g, (digit) => `[${digit}${digit.toUpperCase()}]`);

export const escapeLiteral = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/**
 * Every way one character may be written: as is, JSON-escaped, percent-encoded (UTF-8). Letters
 * and digits are never escaped by any encoder, so they stand for themselves, which makes a run of
 * them an anchor to search for before any pattern runs.
 */
function characterPattern(character: string): string {
  if (/^[A-Za-z0-9]$/.test(character)) return character;
  const units = Array.from({ length: character.length }, (_, i) => character.charCodeAt(i));
  const options = [
    escapeLiteral(character),
    units.map((unit) => `\\\\u${hexPattern(unit, 4)}`).join(''),
    Array.from(new TextEncoder().encode(character), (byte) => `%${hexPattern(byte, 2)}`).join(''),
  ];
  if (character === ' ') options.push('\\+');
  if (character === '/') options.push('\\\\/');
  if (character === '"' || character === '\\') options.push(`\\\\${escapeLiteral(character)}`);
  return `(?:${options.join('|')})`;
}

export const secretPattern = (secret: string) => Array.from(secret, characterPattern).join('');

function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const formEncode = (text: string) => new URLSearchParams([['', text]]).toString().slice(1);

/**
 * base64 forms (standard and URL-safe, with or without padding) that stand for a secret, each
 * with the secret it stands for.
 */
export function base64Forms(
  secrets: readonly string[],
  pairs: readonly CredentialPair[],
): [form: string, secret: string][] {
  const plain: [string, string][] = [
    ...secrets.map((secret): [string, string] => [secret, secret]),
    ...pairs.flatMap(({ clientId, clientSecret }): [string, string][] => [
      [`${clientId}:${clientSecret}`, clientSecret],
      [`${formEncode(clientId)}:${formEncode(clientSecret)}`, clientSecret],
    ]),
  ];
  const forms = new Map<string, string>();
  for (const [text, secret] of plain) {
    const standard = base64Utf8(text);
    forms.set(standard, secret);
    forms.set(standard.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'), secret);
  }
  return [...forms].filter(([form]) => form.length >= MIN_STORED_SECRET);
}

export const BASIC_VALUE = /(\bBasic\s+)([A-Za-z0-9+/_-]{4,}={0,2})/gi;

export function decodeBase64Text(encoded: string): string | null {
  const standard = encoded.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (standard.length % 4 === 1) return null;
  const padded = standard + '='.repeat((4 - (standard.length % 4)) % 4);
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    return null; // not base64 after all: a word such as "Basic realm"
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8').decode(bytes);
}
