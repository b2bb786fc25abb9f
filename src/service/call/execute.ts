/**
 * Sends a prepared request with a timeout and reads at most `maxBodyBytes` of the answer, so that
 * a huge or endless body cannot exhaust the worker. Network failures come back as typed errors
 * with a hint; redirects are not followed, so a credential header never travels to an address the
 * user did not choose. The call is sent, and watched on the wire, by ../wire/observed-send.ts.
 */
import { type AppError, fail, ok, type Result } from '../../vocabulary/errors';
import type { HttpMethod, NameValue } from '../../vocabulary/terms';
import { redactHeaders } from '../wire/headers';
import { isLoopbackHost } from '../wire/url-rules';
import { NOT_WATCHED, type WireObserver, type WireView } from '../wire/wire-headers';
import type { TokenEvidence } from './fault-evidence';
import { bodyFields, type CappedBody, readCappedBody } from './response-body';
import type { PreparedRequest } from './v1-request';

/** One request/response pair as the panel shows it; auth header values are masked. */
export interface HttpExchange {
  request: {
    method: HttpMethod;
    url: string;
    /** What the worker set (masked). */
    headers: NameValue[];
    /** What left the browser after its own additions and our header rules (masked), or why unknown. */
    wire: WireView;
  };
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
  /** The metadata of the token the call carried (products, issued_at; never the token). */
  token?: TokenEvidence;
  /** The new token was refused too: another call would only fetch and be refused another one. */
  tokenRefusedAgain?: boolean;
}

export interface ExecuteOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  maxBodyBytes: number;
  /** Aborting it cancels the call (the user pressed Cancel or Escape). */
  signal?: AbortSignal;
  now?: () => number;
  /** Records the headers as sent on the wire; without it the exchange says they were not watched. */
  wire?: WireObserver;
}

/**
 * Request headers above this are refused by most servers (Node 16 KB, nginx and Apache 8 KB per
 * line): a call failing with more was likely never read, whatever answers at the address.
 */
export const LARGE_HEADERS_BYTES = 16 * 1024;

const kilobytes = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

/**
 * Why a call failed with no answer. `headers`: what the call carried; when they are larger than
 * servers accept, the failure says so instead of blaming a server that may well be up.
 */
export function networkFailure(
  url: string,
  timedOut: boolean,
  timeoutMs: number,
  headers: readonly NameValue[] = [],
): AppError {
  const { host, hostname } = new URL(url);
  const sizes = headers.map(({ name, value }) => ({ name, bytes: name.length + value.length + 4 }));
  const total = sizes.reduce((sum, item) => sum + item.bytes, 0);
  if (!timedOut && total > LARGE_HEADERS_BYTES) {
    const largest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    return fail(
      'request_not_delivered',
      `The call was not delivered to ${host}: its headers are ${kilobytes(total)}, more than servers accept (most stop at 8 to 16 KB), so the server most likely never read it.`,
      `The largest is ${largest.name} (${kilobytes(largest.bytes)}). If it holds a token, ask its issuer why it is that long; otherwise shorten or remove it.`,
    ).error;
  }
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

function headerList(headers: Headers): NameValue[] {
  const list: NameValue[] = [];
  headers.forEach((value, name) => {
    list.push({ name, value });
  });
  return list;
}

/**
 * The fetch itself: a failure is a typed error, the answer a masked exchange whose wire view says
 * it was not watched (../wire/observed-send.ts watches it).
 */
export async function exchange(
  prepared: PreparedRequest,
  target: string,
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
      : {
          ok: false,
          error: networkFailure(prepared.url, timedOut, options.timeoutMs, prepared.headers),
        };
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
      response = await options.fetch(target, init);
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
        wire: NOT_WATCHED,
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
