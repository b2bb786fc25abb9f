/**
 * The bodies of a captured call, as the capture keeps them: text, masked (credential-masking.ts),
 * up to MAX_CAPTURED_BODY characters; binary bodies and larger ones are left out and say why.
 * A response body arrives with the entry (saved HAR files) or later from DevTools' `getContent`,
 * possibly base64-encoded.
 */
import { type MaskLog, maskBody } from '../redaction/credential-masking';

/** Bodies longer than this (UTF-16 code units) are not kept: 1 000 calls must fit in memory. */
export const MAX_CAPTURED_BODY = 1_000_000;

export interface CapturedBody {
  mimeType: string;
  /** Masked text, or null when it was not kept (see `omitted`). */
  text: string | null;
  /** Why there is no text: larger than MAX_CAPTURED_BODY, binary, or not read yet. */
  omitted: 'too-large' | 'binary' | 'not-read' | null;
  /** Length of the body in characters, when known. */
  size: number | null;
  /** Fields (or kinds of text) whose values were masked. */
  maskedFields: string[];
}

/** A response body as DevTools' `getContent` gives it: text, or base64 with `encoding`. */
export interface ResponseContent {
  content: string | null;
  encoding: string | null;
}

const TEXT_TYPES =
  /^(text\/|application\/(?:[\w.+-]*\+)?(?:json|xml|javascript|x-www-form-urlencoded))/i;

function decodeBase64Text(content: string): string | null {
  try {
    const bytes = Uint8Array.from(atob(content), (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null; // not UTF-8 text after all: treated as binary
  }
}

export function buildBody(mimeType: string, content: ResponseContent, log: MaskLog): CapturedBody {
  const empty = { mimeType, maskedFields: [] };
  if (content.content === null) return { ...empty, text: null, omitted: 'not-read', size: null };
  let text: string | null = content.content;
  if (content.encoding === 'base64') {
    text = TEXT_TYPES.test(mimeType) ? decodeBase64Text(content.content) : null;
    if (text === null) return { ...empty, text: null, omitted: 'binary', size: null };
  }
  if (text.length > MAX_CAPTURED_BODY) {
    return { ...empty, text: null, omitted: 'too-large', size: text.length };
  }
  const masked = maskBody(text, mimeType, log);
  return {
    mimeType,
    text: masked.text,
    omitted: null,
    size: text.length,
    maskedFields: masked.maskedFields,
  };
}
