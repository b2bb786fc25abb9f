/**
 * The echo every successful `/v1` answer carries: what the sandbox understood of the call (method,
 * path, query, headers, body, who authenticated, for which company). It lets a developer check
 * their request from the answer alone, and never shows a secret whole.
 */
import { redactHeaders } from './mask';
import type { CallerAuth } from './v1-auth';

export interface V1Request {
  method: string;
  path: string;
  query: string;
  headers: Readonly<Record<string, string>>;
  body: string;
}

export interface Echo {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  /** Parsed when the body is declared JSON and parses; the raw text otherwise; null when empty. */
  body: unknown;
  auth: CallerAuth;
  companyId: string;
}

/** Repeated parameters (`?tag=a&tag=b`) become arrays, so the echo shows every value sent. */
export function queryObject(query: string): Record<string, string | string[]> {
  const grouped = new Map<string, string[]>();
  for (const [name, value] of new URLSearchParams(query))
    grouped.set(name, [...(grouped.get(name) ?? []), value]);
  return Object.fromEntries(
    [...grouped].map(([name, values]) => [
      name,
      values.length === 1 && values[0] !== undefined ? values[0] : values,
    ]),
  );
}

function isJsonType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json');
}

export function parseBody(body: string, contentType: string | undefined): unknown {
  if (body === '') return null;
  if (!isJsonType(contentType)) return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body; // the echo shows invalid JSON as the text that was sent
  }
}

export function buildEcho(request: V1Request, auth: CallerAuth, companyId: string): Echo {
  return {
    method: request.method,
    path: request.path,
    query: queryObject(request.query),
    headers: redactHeaders(request.headers),
    body: parseBody(request.body, request.headers['content-type']),
    auth,
    companyId,
  };
}
