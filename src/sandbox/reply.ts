/**
 * A reply is data until the last moment: handlers return one, and only writeReply touches the
 * socket. That keeps the handlers pure and lets the server apply switches (latency, faults) to any
 * answer in one place.
 */
import type { ServerResponse } from 'node:http';

export interface Reply {
  status: number;
  contentType: string;
  body: string | Buffer;
  headers: Record<string, string>;
}

/** JSON is UTF-8 by definition (RFC 8259), so no charset parameter: Apigee sends none either. */
export const JSON_TYPE = 'application/json';
export const HTML_TYPE = 'text/html; charset=utf-8';

export function jsonReply(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Reply {
  return { status, contentType: JSON_TYPE, body: JSON.stringify(body), headers };
}

export function htmlReply(
  status: number,
  html: string,
  headers: Record<string, string> = {},
): Reply {
  return { status, contentType: HTML_TYPE, body: html, headers };
}

/** Writes a reply. A HEAD answer carries the headers of the GET answer (length included) but no body. */
export function writeReply(res: ServerResponse, method: string, reply: Reply): void {
  // The client may have gone, or close() may have cut the connection while a latency delay ran.
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(reply.status, {
    ...reply.headers,
    'content-type': reply.contentType,
    'content-length': String(Buffer.byteLength(reply.body)),
  });
  if (method === 'HEAD') res.end();
  else res.end(reply.body);
}
