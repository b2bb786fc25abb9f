/**
 * "Export captured": the captured calls as a HAR 1.2 file (http://www.softwareishard.com/blog/
 * har-12-spec/) that Chrome's Network panel, the HAR import and other tools can read, with Chrome's
 * `_resourceType` and `_initiator` kept.
 *
 * Invariant: the file holds no credential. The calls are masked since they were captured
 * (Authorization, API keys, cookies, client secrets and tokens in bodies); the export also hides
 * the last characters a masked view shows (`••••3f9a` becomes `••••`), since a file travels.
 */
import { MASK } from '../../redaction/mask';
import type { NameValue } from '../../vocabulary/terms';
import type { HarInitiator } from './har-entry';

/** A body as the export writes it: text already masked, or why there is none. */
export interface HarExportBody {
  mimeType: string;
  text: string | null;
  omitted: 'too-large' | 'binary' | 'not-read' | null;
  size: number | null;
}

/**
 * One call as the export reads it: the fields of a captured call (src/capture/captured-call.ts)
 * that HAR has a place for, every credential already masked. Declared here so that this format
 * stands below the capture that uses it.
 */
export interface HarExportCall {
  method: string;
  url: string;
  httpVersion: string;
  requestCookies: NameValue[];
  requestHeaders: NameValue[];
  query: NameValue[];
  requestBody: HarExportBody | null;
  resourceType: string | null;
  initiator: HarInitiator | null;
  startedDateTime: string;
  startedMs: number | null;
  durationMs: number | null;
  status: number;
  statusText: string;
  responseCookies: NameValue[];
  responseHeaders: NameValue[];
  responseBody: HarExportBody;
  transferSize: number | null;
  error: string | null;
  serverIPAddress: string;
  /** Every masked form (`••••3f9a`) in the call, so that the export hides the tails too. */
  maskedForms: string[];
}

export interface HarExportOptions {
  /** The extension's version, for `log.creator`. */
  version: string;
}

const rows = (list: readonly NameValue[]) => list.map(({ name, value }) => ({ name, value }));

function content(body: HarExportBody) {
  return {
    size: body.size ?? -1,
    mimeType: body.mimeType || 'x-unknown',
    ...(body.text === null ? {} : { text: body.text }),
    ...(body.omitted === null || body.omitted === 'not-read'
      ? {}
      : {
          comment:
            body.omitted === 'binary'
              ? 'Binary content, not captured.'
              : 'Too large, not captured.',
        }),
  };
}

function entry(call: HarExportCall) {
  const time = call.durationMs ?? 0;
  const request = {
    method: call.method,
    url: call.url,
    httpVersion: call.httpVersion,
    cookies: call.requestCookies,
    headers: rows(call.requestHeaders),
    queryString: rows(call.query),
    ...(call.requestBody === null
      ? {}
      : {
          postData: {
            mimeType: call.requestBody.mimeType,
            text: call.requestBody.text ?? '',
          },
        }),
    headersSize: -1,
    bodySize: call.requestBody?.size ?? 0,
  };
  return {
    ...(call.resourceType === null ? {} : { _resourceType: call.resourceType }),
    ...(call.initiator === null
      ? {}
      : {
          _initiator: {
            type: call.initiator.type,
            ...(call.initiator.url === null ? {} : { url: call.initiator.url }),
            // Chrome counts lines from 0; the model from 1, for people.
            ...(call.initiator.lineNumber === null
              ? {}
              : { lineNumber: call.initiator.lineNumber - 1 }),
          },
        }),
    startedDateTime: call.startedDateTime || new Date(call.startedMs ?? 0).toISOString(),
    time,
    request,
    response: {
      status: call.status,
      statusText: call.statusText,
      httpVersion: call.httpVersion,
      cookies: call.responseCookies,
      headers: rows(call.responseHeaders),
      content: content(call.responseBody),
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
      ...(call.transferSize === null ? {} : { _transferSize: call.transferSize }),
      ...(call.error === null ? {} : { _error: call.error }),
    },
    cache: {},
    timings: { send: 0, wait: time, receive: 0 },
    serverIPAddress: call.serverIPAddress,
  };
}

/**
 * Replaces the masked forms (`••••3f9a`) in a text with the bare mask, the longest first. A JSON
 * body holds a form as a JSON string (`••••3f\"a`), so each form is looked for escaped as well.
 */
function tailHider(calls: readonly HarExportCall[]): (text: string) => string {
  const forms = [
    ...new Set(
      calls.flatMap((call) =>
        call.maskedForms.flatMap((form) => [form, JSON.stringify(form).slice(1, -1)]),
      ),
    ),
  ].sort((a, b) => b.length - a.length);
  return (text) => {
    if (!text.includes(MASK)) return text;
    let result = text;
    for (const form of forms) result = result.split(form).join(MASK);
    return result;
  };
}

/** The calls as HAR 1.2 text (2-space indent), every credential redacted. */
export function exportCapturedHar(
  calls: readonly HarExportCall[],
  options: HarExportOptions,
): string {
  const har = {
    log: {
      version: '1.2',
      creator: { name: 'Partner API DevTools', version: options.version },
      comment: `Captured calls; credentials are redacted (${MASK}).`,
      pages: [],
      entries: calls.map(entry),
    },
  };
  // Strings are changed before they are escaped: a tail with a quote or a backslash still matches.
  const hide = tailHider(calls);
  const replacer = (_key: string, value: unknown) =>
    typeof value === 'string' ? hide(value) : value;
  return `${JSON.stringify(har, replacer, 2)}\n`;
}
