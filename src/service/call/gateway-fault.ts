/**
 * Reads what an Apigee gateway said about a refused call, from the three places it says it, at any
 * HTTP status: the body's policy fault (`fault.faultstring` + `fault.detail.errorcode`), the body's
 * `{ErrorCode, Error}` (a policy that generates its own response), and the `WWW-Authenticate`
 * header (`Bearer realm="null", error="invalid_token", error_description="<code>: <text>"`), which
 * some gateways send with an empty or unrelated body. A fault is classified by its code, never by
 * its status: the same code arrives as 400, 401, 403, 429 or 500 depending on the proxy.
 */
import type { NameValue } from '../../vocabulary/terms';
import { readServerMessage } from './server-message';

export interface GatewayFault {
  /** The code as sent (e.g. `policies.ratelimit.SpikeArrestViolation`); null when none was given. */
  code: string | null;
  /** The fault string, `Error` or error description's text. */
  text: string | null;
  /** Where it was read. */
  place: 'fault' | 'ErrorCode' | 'WWW-Authenticate' | 'oauth';
}

export interface GatewayAnswer {
  status: number;
  headers: readonly NameValue[];
  bodyText: string;
  contentType: string;
}

/** The value of a header (first of its name, any case), or null. */
export function headerValue(headers: readonly NameValue[], name: string): string | null {
  const lower = name.toLowerCase();
  return headers.find((header) => header.name.toLowerCase() === lower)?.value ?? null;
}

/** The parameters of a `WWW-Authenticate` challenge: `key="value"` or `key=token` pairs. */
export function challengeParams(header: string): Record<string, string> {
  const params: Record<string, string> = {};
  const pair = /([A-Za-z_][\w-]*)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g;
  for (let match = pair.exec(header); match !== null; match = pair.exec(header)) {
    const [, key, quoted, bare] = match;
    if (key !== undefined && !Object.hasOwn(params, key.toLowerCase())) {
      params[key.toLowerCase()] = (quoted ?? bare ?? '').replace(/\\(.)/g, '$1').slice(0, 500);
    }
  }
  return params;
}

/** `keymanagement.service.access_token_expired: Access Token expired` → code and text. */
function splitDescription(description: string): { code: string | null; text: string } {
  const match = /^([A-Za-z][\w-]*(?:\.[\w-]+)+)\s*:\s*(.*)$/s.exec(description.trim());
  if (match?.[1] !== undefined) return { code: match[1], text: match[2] ?? '' };
  return { code: null, text: description };
}

function fromChallenge(headers: readonly NameValue[]): GatewayFault | null {
  const header = headerValue(headers, 'www-authenticate');
  if (header === null) return null;
  const params = challengeParams(header);
  const description = params.error_description;
  if (description !== undefined && description !== '') {
    const { code, text } = splitDescription(description);
    if (code !== null) return { code, text, place: 'WWW-Authenticate' };
    return { code: params.error ?? null, text, place: 'WWW-Authenticate' };
  }
  const error = params.error;
  return error === undefined ? null : { code: error, text: null, place: 'WWW-Authenticate' };
}

/**
 * The gateway's fault, or null when the answer carries none. A body fault with a code wins; then
 * `{ErrorCode, Error}`; then `WWW-Authenticate`; then an OAuth `{error}` body; then a fault
 * without a code.
 */
export function readGatewayFault(answer: GatewayAnswer): GatewayFault | null {
  if (answer.status < 400) return null;
  const body = readServerMessage(answer.bodyText, answer.contentType);
  if (body.kind === 'apigee_fault' && body.code !== null) {
    return { code: body.code, text: body.message, place: 'fault' };
  }
  if (body.kind === 'apigee_error')
    return { code: body.code, text: body.message, place: 'ErrorCode' };
  const challenge = fromChallenge(answer.headers);
  if (challenge?.code?.includes('.')) return challenge;
  if (body.kind === 'oauth') {
    const split = body.message === null ? null : splitDescription(body.message);
    if (split?.code != null) return { code: split.code, text: split.text, place: 'oauth' };
    return { code: body.code, text: body.message, place: 'oauth' };
  }
  if (challenge !== null) return challenge;
  if (body.kind === 'apigee_fault') return { code: null, text: body.message, place: 'fault' };
  return null;
}
