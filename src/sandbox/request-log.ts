/**
 * The record of every request the sandbox received, so that tests (and people, through
 * `GET /__sandbox/requests`) can see exactly what a client sent. The in-process list keeps raw
 * values; the HTTP view is redacted.
 */
import type { IncomingMessage } from 'node:http';
import { redactFormBody, redactHeaders } from './mask';

export interface RecordedRequest {
  method: string;
  /** The request target as sent, path and query. */
  url: string;
  /** The path part of `url`, not normalised: `/v1/../x` stays as it was sent. */
  path: string;
  /** Lower-cased names, raw values (repeated headers joined with ", "). */
  headers: Record<string, string>;
  body: string;
  /** ms since the epoch */
  at: number;
}

/** Bounds memory for a sandbox left running; the oldest records are dropped first. */
export const MAX_RECORDED_REQUESTS = 1000;

/**
 * Splits a request target into path and query. An absolute-form target (`GET http://host/x`, sent
 * to proxies) is reduced to its path. No normalisation, so the log shows what arrived.
 */
export function splitTarget(target: string): { path: string; query: string } {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(target);
  const rest = origin === null ? target : target.slice(origin[0].length) || '/';
  const hash = rest.indexOf('#');
  const withoutHash = hash < 0 ? rest : rest.slice(0, hash);
  const question = withoutHash.indexOf('?');
  return question < 0
    ? { path: withoutHash, query: '' }
    : { path: withoutHash.slice(0, question), query: withoutHash.slice(question + 1) };
}

export function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const entries = Object.entries(req.headers).flatMap(([name, value]) =>
    value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value] as const],
  );
  return Object.fromEntries(entries);
}

export function appendRecord(log: RecordedRequest[], record: RecordedRequest): void {
  log.push(record);
  if (log.length > MAX_RECORDED_REQUESTS) log.splice(0, log.length - MAX_RECORDED_REQUESTS);
}

export function redactRecord(record: RecordedRequest): RecordedRequest {
  return { ...record, headers: redactHeaders(record.headers), body: redactFormBody(record.body) };
}
