/**
 * Sends a prepared request with a timeout and reads at most `maxBodyBytes` of the answer, so that
 * a huge or endless body cannot exhaust the worker. Network failures come back as typed errors
 * with a hint; redirects are not followed, so a credential header never travels to an address the
 * user did not choose.
 */
import { type AppError, fail, ok, type Result } from '../vocabulary/errors';
import type { HttpMethod, NameValue } from '../vocabulary/terms';
import { redactHeaders } from './headers';
import { isLoopbackHost } from './url-rules';
import type { PreparedRequest } from './v1-request';

/** One request/response pair as the panel shows it; auth header values are masked. */
export interface HttpExchange {
  request: { method: HttpMethod; url: string; headers: NameValue[] };
  status: number;
  statusText: string;
  headers: NameValue[];
  bodyText: string;
  /** Image bodies (up to 5 MB), base64-encoded, instead of bodyText. */
  bodyBase64?: string;
  /** True when the body was longer than the cap and `bodyText` holds only its start. */
  truncated: boolean;
  /** Bytes of body received (at most the cap). */
  bodyBytes: number;
  /** The full body size when known (Content-Length or fully read), else null. */
  totalBytes: number | null;
  durationMs: number;
  /** The call was refused for its token, and was sent once more with a new one. */
  tokenRenewed?: boolean;
}

export interface ExecuteOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  maxBodyBytes: number;
  /** Aborting it cancels the call (the user pressed Cancel or Escape). */
  signal?: AbortSignal;
  now?: () => number;
}

export interface CappedBody {
  data: Uint8Array;
  bytes: number;
  truncated: boolean;
}

/** Images up to this size come back as base64 so the panel can show them. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

function toBase64(data: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode with millions of arguments would overflow the stack.
  for (let i = 0; i < data.length; i += 0x8000) {
    binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export async function readCappedBody(response: Response, maxBytes: number): Promise<CappedBody> {
  if (response.body === null) return { data: new Uint8Array(0), bytes: 0, truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - bytes;
    if (value.byteLength > room) {
      chunks.push(value.subarray(0, room));
      bytes += room;
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    bytes += value.byteLength;
  }
  const all = new Uint8Array(bytes);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { data: all, bytes, truncated };
}

export function networkFailure(url: string, timedOut: boolean, timeoutMs: number): AppError {
  const { host, hostname } = new URL(url);
  if (timedOut) {
    return fail(
      'timeout',
      `${host} did not answer within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}.`,
      'The server may be overloaded or the address may point at the wrong place; try again or check the Base URL.',
    ).error;
  }
  if (isLoopbackHost(hostname)) {
    return fail(
      'server_unreachable',
      `Nothing answered at ${host}: the server is down or not listening on that port.`,
      'If this is the sandbox, start it with `npm run sandbox` (or `npm start`) and check the port in the profile’s URLs.',
    ).error;
  }
  return fail(
    'host_unreachable',
    `Could not connect to ${host}.`,
    'Check the host name in the profile (a typo fails DNS), that you are online or on the right VPN, and that the server is up.',
  ).error;
}

function bodyFields(
  contentType: string,
  body: CappedBody,
): Pick<HttpExchange, 'bodyText' | 'bodyBase64'> {
  if (/^image\//i.test(contentType) && !body.truncated && body.bytes <= MAX_IMAGE_BYTES) {
    return { bodyText: '', bodyBase64: toBase64(body.data) };
  }
  return { bodyText: new TextDecoder('utf-8').decode(body.data) };
}

function headerList(headers: Headers): NameValue[] {
  const list: NameValue[] = [];
  headers.forEach((value, name) => {
    list.push({ name, value });
  });
  return list;
}

export async function executeRequest(
  prepared: PreparedRequest,
  options: ExecuteOptions,
): Promise<Result<HttpExchange>> {
  const now = options.now ?? (() => performance.now());
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel);
  const failure = (): { ok: false; error: AppError } =>
    options.signal?.aborted && !timedOut
      ? fail('cancelled', 'The call was cancelled.', 'Send it again when you are ready.')
      : { ok: false, error: networkFailure(prepared.url, timedOut, options.timeoutMs) };
  const started = now();
  try {
    const init: RequestInit = {
      method: prepared.method,
      headers: prepared.headers.map(({ name, value }) => [name, value] as [string, string]),
      redirect: 'manual',
      credentials: 'omit',
      cache: 'no-store',
      signal: controller.signal,
    };
    if (prepared.body !== null) init.body = prepared.body;
    let response: Response;
    try {
      response = await options.fetch(prepared.url, init);
    } catch {
      return failure();
    }
    if (response.type === 'opaqueredirect') {
      return fail(
        'redirect_not_followed',
        'The server answered with a redirect, which was not followed.',
        'Following it could send your credentials to another address. Check the Base URL (http vs https, a missing path prefix).',
      );
    }
    let body: CappedBody;
    try {
      body = await readCappedBody(response, options.maxBodyBytes);
    } catch {
      return failure();
    }
    // Content-Length counts the bytes on the wire; with a Content-Encoding those are compressed and
    // say nothing about the decoded size.
    const declared = response.headers.has('content-encoding')
      ? Number.NaN
      : Number(response.headers.get('content-length'));
    const totalBytes = body.truncated ? (declared >= body.bytes ? declared : null) : body.bytes;
    return ok({
      request: {
        method: prepared.method,
        url: prepared.url,
        headers: redactHeaders(prepared.headers),
      },
      status: response.status,
      statusText: response.statusText,
      headers: headerList(response.headers),
      ...bodyFields(response.headers.get('content-type') ?? '', body),
      truncated: body.truncated,
      bodyBytes: body.bytes,
      totalBytes,
      durationMs: Math.round((now() - started) * 10) / 10,
    });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}
