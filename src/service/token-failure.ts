/**
 * Explains why a token request failed: what the server said (OAuth error JSON, an Apigee fault,
 * an HTML page, or nothing at all) and the likely causes, with advice drawn from traits of the
 * credentials. Traits are booleans computed where the secret is (the worker); no secret text ever
 * reaches an explanation.
 */
import type { AppError } from '../vocabulary/errors';
import { formEncode, type TokenVariant } from './token-request';

export interface CredentialTraits {
  secretHasLineBreak: boolean;
  secretHasOuterSpace: boolean;
  idHasOuterSpace: boolean;
  idHasColon: boolean;
  /** Form-encoding would change the Basic header (the id or secret has reserved characters). */
  encodingChangesBasic: boolean;
}

export function credentialTraits(clientId: string, clientSecret: string): CredentialTraits {
  return {
    secretHasLineBreak: /[\r\n]/.test(clientSecret),
    secretHasOuterSpace: clientSecret !== clientSecret.trim(),
    idHasOuterSpace: clientId !== clientId.trim(),
    idHasColon: clientId.includes(':'),
    encodingChangesBasic:
      formEncode(clientId) !== clientId || formEncode(clientSecret) !== clientSecret,
  };
}

export type ServerMessage =
  | { kind: 'oauth'; code: string; message: string | null }
  | { kind: 'apigee_fault'; code: string | null; message: string }
  | { kind: 'apigee_error'; code: string; message: string | null }
  | { kind: 'html'; title: string | null }
  | { kind: 'text'; excerpt: string }
  | { kind: 'none' };

export interface FailureExplanation {
  summary: string;
  server: ServerMessage;
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
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.slice(0, 500) : null;
}

/** Reads the error body in the shapes OAuth servers and Apigee use. */
export function readServerMessage(bodyText: string, contentType: string): ServerMessage {
  const trimmed = bodyText.trim();
  if (trimmed === '') return { kind: 'none' };
  if (/html/i.test(contentType) || /^<(!doctype|html)/i.test(trimmed)) {
    const title = /<title[^>]*>([^<]{0,200})<\/title>/i.exec(trimmed)?.[1]?.trim() ?? null;
    return { kind: 'html', title };
  }
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    return { kind: 'text', excerpt: trimmed.slice(0, 300) };
  }
  if (json !== null && typeof json === 'object' && !Array.isArray(json)) {
    const body = json as Record<string, unknown>;
    const oauth = text(body.error);
    if (oauth !== null)
      return { kind: 'oauth', code: oauth, message: text(body.error_description) };
    const fault = body.fault;
    if (fault !== null && typeof fault === 'object') {
      const f = fault as Record<string, unknown>;
      const detail =
        f.detail !== null && typeof f.detail === 'object'
          ? (f.detail as Record<string, unknown>)
          : {};
      return {
        kind: 'apigee_fault',
        code: text(detail.errorcode),
        message: text(f.faultstring) ?? 'fault without faultstring',
      };
    }
    const apigee = text(body.ErrorCode);
    if (apigee !== null) return { kind: 'apigee_error', code: apigee, message: text(body.Error) };
  }
  return { kind: 'text', excerpt: trimmed.slice(0, 300) };
}

function looksLikeClientRejection(status: number | null, server: ServerMessage): boolean {
  const code =
    server.kind === 'oauth' || server.kind === 'apigee_error' || server.kind === 'apigee_fault'
      ? (server.code ?? '')
      : '';
  const message = 'message' in server ? (server.message ?? '') : '';
  return (
    status === 401 || /invalid_client|client|credential|unauthori[sz]ed/i.test(`${code} ${message}`)
  );
}

export function explainTokenFailure(failure: TokenFailure): FailureExplanation {
  const advice: string[] = [];
  const { traits } = failure;
  if (failure.networkError !== null) {
    return {
      summary: failure.networkError.message,
      server: { kind: 'none' },
      advice: [failure.networkError.hint],
    };
  }
  const server = readServerMessage(failure.bodyText, failure.contentType);
  let summary = `The token endpoint answered ${failure.status ?? 'nothing'}`;
  if (server.kind === 'oauth')
    summary += `: ${server.code}${server.message ? ` (${server.message})` : ''}.`;
  else if (server.kind === 'apigee_fault')
    summary += `: ${server.message}${server.code ? ` [${server.code}]` : ''}.`;
  else if (server.kind === 'apigee_error')
    summary += `: ${server.code}${server.message ? ` (${server.message})` : ''}.`;
  else if (server.kind === 'html')
    summary += ` with an HTML page${server.title ? ` titled “${server.title}”` : ''}.`;
  else summary += '.';

  if (server.kind === 'html') {
    advice.push(
      'An HTML page means the request did not reach a token endpoint: check the Auth URL (host only; the path /o/oauth/accesstoken is added for you).',
    );
  }
  if (failure.status === 404 || failure.status === 405) {
    advice.push('The path was not found or does not take POST: check the Auth URL.');
  }
  if (failure.status !== null && failure.status >= 500) {
    advice.push('The server failed: try again later, and tell the provider if it persists.');
  }
  if (server.kind === 'oauth' && server.code === 'unsupported_grant_type') {
    advice.push(
      'The server does not accept client_credentials on this endpoint: check the Auth URL with the provider.',
    );
  }
  if (looksLikeClientRejection(failure.status, server)) {
    if (traits.secretHasLineBreak)
      advice.push(
        'The client secret contains a line break, probably pasted along with it: edit the profile and retype the secret.',
      );
    if (traits.secretHasOuterSpace)
      advice.push(
        'The client secret starts or ends with a space: check for a stray space from copy and paste.',
      );
    if (traits.idHasOuterSpace)
      advice.push(
        'The client ID starts or ends with a space: check for a stray space from copy and paste.',
      );
    if (failure.variant === 'basic' && traits.idHasColon && !failure.formEncoded) {
      advice.push(
        'The client ID contains a colon: in a Basic header the server splits at the first colon, so it reads a different ID. Use OAuth (form body), or turn on “Form-encode credentials (RFC 6749)”.',
      );
    }
    if (failure.variant === 'basic' && traits.encodingChangesBasic) {
      advice.push(
        failure.formEncoded
          ? 'The credentials were form-encoded (RFC 6749) and contain characters that encoding changes: if the server expects them raw (as Apigee does), turn “Form-encode credentials (RFC 6749)” off.'
          : 'The credentials contain characters that RFC 6749 form-encoding changes (such as % + : & or spaces): standards-strict servers decode the Basic header, so turn on “Form-encode credentials (RFC 6749)”.',
      );
    }
    advice.push(
      failure.variant === 'basic'
        ? 'Some servers accept only credentials in the form body: try the auth method OAuth (form body), or press Compare variants.'
        : 'Some servers accept only a Basic header: try the auth method OAuth (Basic header), or press Compare variants.',
    );
    advice.push(
      'If nothing else fits, the client ID or secret is wrong or revoked: ask the provider’s professional services team.',
    );
  }
  if (advice.length === 0)
    advice.push('Read the raw response below; the status and body say what the server refused.');
  return { summary, server, advice };
}
