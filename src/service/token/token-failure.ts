/**
 * Explains why a token request failed: what the server said (OAuth error JSON, an Apigee fault,
 * an HTML page, or nothing at all), the likely cause, and advice in order of likelihood given the
 * evidence (credential-advice.ts). Traits are booleans computed where the secret is (the worker); no
 * secret text ever reaches an explanation.
 */
import type { AppError } from '../../vocabulary/errors';
import { faultFacts } from '../call/apigee-faults';
import { readServerMessage, type ServerMessage } from '../call/server-message';
import { type OriginOnWire, originAdvice, recogniseOriginRefusal } from '../wire/origin-refusal';
import {
  type CredentialTraits,
  credentialAdvice,
  looksLikeClientRejection,
} from './credential-advice';
import type { TokenVariant } from './token-request';

/**
 * What most likely went wrong, for the words of Compare variants: the credentials, a stray space
 * or line break pasted with them, their encoding, a server that refuses browsers, the address,
 * the server itself, the network, or unknown.
 */
export type FailureCause =
  | 'credentials'
  | 'pasted'
  | 'encoding'
  | 'origin'
  | 'endpoint'
  | 'server'
  | 'network'
  | 'unknown';

export interface FailureExplanation {
  summary: string;
  server: ServerMessage;
  cause: FailureCause;
  /** Most likely first. */
  advice: string[];
}

export interface TokenFailure {
  status: number | null;
  contentType: string;
  bodyText: string;
  networkError: AppError | null;
  variant: TokenVariant;
  formEncoded: boolean;
  traits: CredentialTraits;
  /** What the wire view says about the Origin header (null: not known). */
  origin: OriginOnWire;
}

function summarise(status: number | null, server: ServerMessage): string {
  const start = `The token endpoint answered ${status ?? 'nothing'}`;
  switch (server.kind) {
    case 'oauth':
    case 'apigee_error':
      return `${start}: ${server.code}${server.message ? ` (${server.message})` : ''}.`;
    case 'apigee_fault':
      return `${start}: ${server.message}${server.code ? ` [${server.code}]` : ''}.`;
    case 'html':
      return `${start} with an HTML page${server.title ? ` titled “${server.title}”` : ''}.`;
    default:
      return `${start}.`;
  }
}

const READ_THE_RESPONSE =
  'Read the raw response below; the status and body say what the server refused.';

/** Answers that say the request never reached a token endpoint, or that the server failed. */
function addressOrServerAdvice(
  status: number | null,
  server: ServerMessage,
): { cause: FailureCause; advice: string[] } | null {
  const advice: string[] = [];
  let cause: FailureCause | null = null;
  if (server.kind === 'html') {
    cause = 'endpoint';
    advice.push(
      'An HTML page means the request did not reach a token endpoint: check the Auth URL (host only; the path /o/oauth/accesstoken is added for you).',
    );
  }
  if (status === 404 || status === 405) {
    cause = 'endpoint';
    advice.push('The path was not found or does not take POST: check the Auth URL.');
  }
  if (server.kind === 'oauth' && server.code === 'unsupported_grant_type') {
    cause = 'endpoint';
    advice.push(
      'The server does not accept client_credentials on this endpoint: check the Auth URL with the provider.',
    );
  }
  if (status !== null && status >= 500) {
    cause ??= 'server';
    advice.push('The server failed: try again later, and tell the provider if it persists.');
  }
  return cause === null ? null : { cause, advice };
}

/** The answer carries a code the catalogue of Apigee faults files under refused client credentials. */
function refusesCredentials(server: ServerMessage): boolean {
  const code =
    server.kind === 'apigee_fault' || server.kind === 'apigee_error' ? server.code : null;
  const facts = faultFacts(code);
  return facts?.code === 'InvalidClientIdentifier' || facts?.code === 'invalid_client';
}

export function explainTokenFailure(failure: TokenFailure): FailureExplanation {
  if (failure.networkError !== null) {
    return {
      summary: failure.networkError.message,
      server: { kind: 'none' },
      cause: 'network',
      advice: [failure.networkError.hint],
    };
  }
  const server = readServerMessage(failure.bodyText, failure.contentType);
  const summary = summarise(failure.status, server);
  const refusal = recogniseOriginRefusal(failure.status, server, failure.origin);
  if (refusal !== null) {
    return { summary, server, cause: 'origin', advice: originAdvice(refusal, failure.origin) };
  }
  // Apigee's token endpoint refuses credentials with HTTP 500 (InvalidClientIdentifier): the code,
  // not the status, says what failed.
  if (refusesCredentials(server)) {
    const explained = credentialAdvice(failure, server);
    const note =
      failure.status !== null && failure.status >= 500
        ? [
            `HTTP ${failure.status} here is how Apigee’s token endpoint refuses credentials, not a server failure.`,
          ]
        : [];
    return { summary, server, ...explained, advice: [...explained.advice, ...note] };
  }
  const elsewhere = addressOrServerAdvice(failure.status, server);
  if (elsewhere !== null) return { summary, server, ...elsewhere };
  if (looksLikeClientRejection(failure.status, server)) {
    return { summary, server, ...credentialAdvice(failure, server) };
  }
  return { summary, server, cause: 'unknown', advice: [READ_THE_RESPONSE] };
}
