/**
 * Recognises the answers of servers that police browsers: an OAuth server whose client CORS policy
 * refuses the request's origin (oidc-provider: `origin … not allowed for client: …`), a Spring
 * service's `403 Invalid CORS request`, an Apigee CORS policy fault (`steps.cors.*`), an answer that
 * names a browser header, or a bare 403 to a request that went out with an `Origin` header. Such a
 * refusal is about where the request came from, not about the credentials, so it gets its own
 * advice and never the Basic-vs-body advice.
 */
import type { ServerMessage } from '../call/server-message';
import { extensionPagesFor } from './extension-pages';
import type { WireView } from './wire-headers';

/** What the wire view says about the Origin header: sent (with its value), not sent, or unknown. */
export type OriginOnWire = { sent: true; value: string } | { sent: false } | null;

export function originOnWire(wire: WireView | undefined): OriginOnWire {
  if (wire === undefined || !wire.observed) return null;
  const origin = wire.headers.find(({ name }) => name.toLowerCase() === 'origin');
  return origin === undefined ? { sent: false } : { sent: true, value: origin.value };
}

/** Words of a refusal aimed at browsers: an origin, CORS, or a header only browsers send. */
const BROWSER_WORDS =
  /\borigins?\b|\bcors\b|cross[- ]origin|\bsec-fetch-[a-z]+|\bsec-ch-ua\b|\buser-agent\b/i;

/** Apigee's CORS policy faults all carry this error code prefix, or a `CORS[policy]:` faultstring. */
function isApigeeCorsFault(server: ServerMessage): boolean {
  return (
    server.kind === 'apigee_fault' &&
    ((server.code ?? '').startsWith('steps.cors.') || /^CORS\[/.test(server.message))
  );
}

function words(server: ServerMessage): string {
  switch (server.kind) {
    case 'oauth':
    case 'apigee_error':
      return `${server.code} ${server.message ?? ''}`;
    case 'apigee_fault':
      return `${server.code ?? ''} ${server.message}`;
    case 'text':
      return server.excerpt;
    default:
      return '';
  }
}

export type OriginRefusal =
  /** The answer itself names an origin, CORS or a browser header. */
  | { evidence: 'answer' }
  /** The gateway's CORS policy, the part that handles calls from browsers, failed. */
  | { evidence: 'cors_policy_fault' }
  /** A 403 that says nothing readable, to a request that carried an Origin header. */
  | { evidence: 'forbidden_with_origin' };

/**
 * Null unless the answer points at the browser. Word matches count only on 4xx answers (a 5xx that
 * names an "origin" is usually about the gateway's upstream origin server), Apigee CORS faults on
 * any status.
 */
export function recogniseOriginRefusal(
  status: number | null,
  server: ServerMessage,
  origin: OriginOnWire,
): OriginRefusal | null {
  if (isApigeeCorsFault(server)) return { evidence: 'cors_policy_fault' };
  const clientError = status !== null && status >= 400 && status < 500;
  if (clientError && BROWSER_WORDS.test(words(server))) return { evidence: 'answer' };
  const unreadable = server.kind === 'none' || server.kind === 'html' || server.kind === 'text';
  if (status === 403 && unreadable && origin?.sent === true) {
    return { evidence: 'forbidden_with_origin' };
  }
  return null;
}

const CORS_POLICY_FAILED =
  'The gateway’s CORS policy failed: that is the part of the gateway that handles calls from browsers, so the fault is the provider’s to fix. Tell them, quoting the fault string.';

/** What to do, from the kind of refusal and what the wire view says went out. */
export function originAdvice(refusal: OriginRefusal, origin: OriginOnWire): string[] {
  const advice = wireAdvice(origin);
  return refusal.evidence === 'cors_policy_fault' ? [CORS_POLICY_FAILED, ...advice] : advice;
}

function wireAdvice(origin: OriginOnWire): string[] {
  const notCredentials =
    'Switching between the Basic header and the form body will not help: the server refuses where the request comes from, not how the credentials are sent.';
  if (origin?.sent === true) {
    return [
      `The request went out with Origin: ${origin.value} (see “As sent on the wire”), so the extension’s header rule was not in effect. Reload the extension on ${extensionPagesFor(origin.value).reload} and send again.`,
      notCredentials,
    ];
  }
  if (origin?.sent === false) {
    return [
      'No Origin header went out (see “As sent on the wire”): the server objects to something else the browser still sends, or to this client. Run the same call with curl (Copy as cURL) to compare, and ask the provider which clients this endpoint accepts.',
      notCredentials,
    ];
  }
  return [
    'This server refuses requests from a browser origin. The panel removes the Origin header and the browser’s other fingerprints; compare “As sent on the wire” with what the server expects, or run the same call with curl (Copy as cURL).',
    notCredentials,
  ];
}
