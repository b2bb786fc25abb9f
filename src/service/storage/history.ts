/**
 * The request history: the last 200 calls per profile, as composed (`{{variables}}` kept), with
 * how each ended. PII-light and secret-free by construction: auth headers are never part of a
 * composed call, and any secret the worker holds (of any profile) that a user pasted into a path,
 * header or body is masked by the worker's redaction (src/redaction/known-secret-redaction.ts).
 */

import type { ComposedCall, HttpMethod, NameValue } from '../../vocabulary/terms';

export const HISTORY_PER_PROFILE = 200;
export const MAX_HISTORY_BODY = 64 * 1024;

/** One sent call as history keeps it: what was asked and how it ended, never a credential. */
export interface HistoryEntry {
  id: string;
  at: number;
  method: HttpMethod;
  /** As composed, `{{variables}}` kept. */
  path: string;
  query: NameValue[];
  headers: NameValue[];
  body: string;
  /** The body was over the 64 KB history keeps, so it was not kept. */
  bodyDropped: boolean;
  status: number | null;
  durationMs: number | null;
  errorCode: string | null;
}

export interface HistoryRecord {
  profileId: string;
  entry: HistoryEntry;
}

/** Masks every secret the worker holds in a piece of text (`Redactor.text`). */
export type Redact = (text: string) => string;

/** `call` with every secret masked wherever it appears (a secret pasted by the user). */
export function scrubCall(call: ComposedCall, clean: Redact): ComposedCall {
  const pairs = (rows: readonly NameValue[]) =>
    rows.map(({ name, value }) => ({ name: clean(name), value: clean(value) }));
  return {
    method: call.method,
    path: clean(call.path),
    query: pairs(call.query),
    headers: pairs(call.headers),
    body: clean(call.body),
  };
}

export function makeHistoryEntry(
  call: ComposedCall,
  outcome: { status: number | null; durationMs: number | null; errorCode: string | null },
  context: { id: string; at: number; redact: Redact },
): HistoryEntry {
  const bodyDropped = call.body.length > MAX_HISTORY_BODY;
  const clean = scrubCall(bodyDropped ? { ...call, body: '' } : call, context.redact);
  return { id: context.id, at: context.at, ...clean, bodyDropped, ...outcome };
}

/** Newest first; at most HISTORY_PER_PROFILE entries for the profile, others untouched. */
export function appendToHistory(
  records: readonly HistoryRecord[],
  record: HistoryRecord,
): HistoryRecord[] {
  let kept = 0;
  const others = records.filter((item) => {
    if (item.profileId !== record.profileId) return true;
    kept += 1;
    return kept < HISTORY_PER_PROFILE;
  });
  return [record, ...others];
}
