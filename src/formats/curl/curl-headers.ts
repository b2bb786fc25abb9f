/**
 * Which `-H` headers of the command a saved request keeps. Credential headers (Authorization,
 * API keys, tokens) and cookies are dropped and named, never quoted, since the active profile
 * authenticates every call; headers only the browser itself may set are dropped; what a browser
 * adds to every request (Accept-Language, Cache-Control, …) is dropped as noise from a browser's
 * copy (it has sec-ch-ua or sec-fetch-* headers, or a browser's User-Agent), and kept when a person
 * wrote it; the rest passes the same check as a header typed in the panel.
 */

import {
  credentialHeaderLabel,
  isBrowserAddedHeader,
  isBrowserCopy,
  isBrowserOnlyHeader,
  isJsonContentType,
} from '../../redaction/header-kinds';
import { checkUserHeader } from '../../service/wire/headers';
import type { NameValue } from '../../vocabulary/terms';
import { DROPPED_FOR_PROFILE, type Draft } from './curl-options';
import { addExpansions, MAX_ROWS, shorten } from './curl-words';

/** Trims spaces and tabs (HTTP's optional whitespace), without a regex that could backtrack. */
function trimBlanks(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && (text.charAt(start) === ' ' || text.charAt(start) === '\t')) start++;
  while (end > start && (text.charAt(end - 1) === ' ' || text.charAt(end - 1) === '\t')) end--;
  return text.slice(start, end);
}

/** `-H` lines as curl reads them: `Name: value`, `Name;` (empty value); `Name:` removes a header. */
function splitHeader(line: string): NameValue | 'removal' | null {
  const colon = line.indexOf(':');
  if (colon > 0) {
    const value = trimBlanks(line.slice(colon + 1));
    return value === '' ? 'removal' : { name: line.slice(0, colon).trim(), value };
  }
  const trimmed = trimBlanks(line);
  if (colon < 0 && trimmed.length > 1 && trimmed.endsWith(';')) {
    return { name: trimmed.slice(0, -1).trim(), value: '' };
  }
  return null;
}

/** The Content-Type the command gives (the last -H wins, as in curl), or null. */
export function declaredContentType(draft: Draft): string | null {
  let found: string | null = null;
  for (const word of draft.headers) {
    const header = splitHeader(word.text);
    if (header !== null && header !== 'removal' && header.name.toLowerCase() === 'content-type') {
      found = header.value;
    }
  }
  return found;
}

export function keptHeaders(draft: Draft): NameValue[] {
  const kept: NameValue[] = [];
  const split = draft.headers.map((word) => splitHeader(word.text));
  const fromBrowser = isBrowserCopy(
    split.filter((header) => header !== null && header !== 'removal'),
  );
  for (const [index, word] of draft.headers.entries()) {
    if (word.text.startsWith('@')) {
      draft.notes.push(
        'Headers read from a file (-H @file) were not imported: the import cannot read files.',
      );
      continue;
    }
    const header = split[index] ?? null;
    if (header === 'removal') continue; // `-H 'Accept:'` stops curl sending its own: nothing to keep
    if (header === null) {
      draft.notes.push('A -H value that is not "Name: value" was ignored.');
      continue;
    }
    const lower = header.name.toLowerCase();
    const credential = credentialHeaderLabel(lower);
    if (credential !== undefined) {
      draft.notes.push(`${credential} header ${DROPPED_FOR_PROFILE}`);
    } else if (lower === 'cookie') {
      draft.notes.push('Cookies dropped: calls from the panel carry no cookies.');
    } else if (lower === 'companyid') {
      draft.notes.push('companyId header dropped: the active profile sends its own Company ID.');
    } else if (lower === 'content-type') {
      if (!isJsonContentType(header.value)) {
        draft.notes.push(
          `Content-Type ${shorten(header.value, 60)} dropped: calls always send Content-Type: application/json.`,
        );
      }
    } else if (isBrowserOnlyHeader(lower) || (fromBrowser && isBrowserAddedHeader(lower))) {
      draft.browserHeaders.push(lower);
    } else {
      const checked = checkUserHeader(header);
      if (!checked.ok) {
        draft.notes.push(`${checked.error.message} That header was not imported.`);
      } else if (kept.length <= MAX_ROWS) {
        addExpansions(draft.expansions, word.expansions);
        kept.push(checked.value);
      }
    }
  }
  if (draft.json && !kept.some(({ name }) => name.toLowerCase() === 'accept')) {
    kept.push({ name: 'Accept', value: 'application/json' }); // what --json adds
  }
  return kept;
}
