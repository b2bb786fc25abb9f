/**
 * Runs the client-credentials grant once and turns the answer into what the token inspector shows:
 * on success the decoded token with its diagnostics, on failure the exact request sent (the
 * headers we set and as they left the browser, secrets masked), the raw response and an
 * explanation. The access token itself is returned beside the view, for the worker; the view
 * carries it only masked.
 */

import { reindentJson } from '../../json-text/json-indent';
import { MASK, maskSecret } from '../../redaction/mask';
import type { NameValue } from '../../vocabulary/terms';
import { sendObserved } from '../wire/observed-send';
import { originOnWire } from '../wire/origin-refusal';
import type { WireObserver, WireView } from '../wire/wire-headers';
import type { CredentialTraits } from './credential-advice';
import { type DiagnosticContext, diagnoseToken, type TokenDiagnostic } from './token-diagnostics';
import { explainTokenFailure, type FailureExplanation } from './token-failure';
import { displayJson } from './token-fields';
import {
  basicCredentials,
  buildTokenRequest,
  redactTokenRequest,
  type TokenRequestInput,
  type TokenVariant,
} from './token-request';
import { type DecodedToken, decodeTokenResponse, SPEC_TOKEN_FIELDS } from './token-response';

export interface SentTokenRequest {
  variant: TokenVariant;
  formEncoded: boolean;
  method: 'POST';
  url: string;
  /** What the worker set (secrets masked). */
  headers: NameValue[];
  /** What left the browser (secrets masked), or why that is not known. */
  wire: WireView;
  body: string;
}

export interface TokenResponseMeta {
  status: number;
  statusText: string;
  headers: NameValue[];
  durationMs: number;
  /** The body as received, any access token in it masked; JSON re-indented. */
  bodyText: string;
}

export type TokenFields = Omit<DecodedToken, 'accessToken' | 'raw'> & {
  accessTokenMasked: string | null;
  /** Every field of spec section 5.3 in its order, as the JSON it arrived as (null: not sent). */
  specFields: { name: string; json: string | null }[];
};

export interface TokenSuccessView {
  outcome: 'token';
  request: SentTokenRequest;
  response: TokenResponseMeta;
  token: TokenFields;
  diagnostics: TokenDiagnostic[];
  receivedAtMs: number;
}

export interface TokenFailureView {
  outcome: 'failure';
  request: SentTokenRequest;
  response: TokenResponseMeta | null;
  explanation: FailureExplanation;
}

export type TokenView = TokenSuccessView | TokenFailureView;

export type GrantResult =
  | { view: TokenSuccessView; accessToken: string; expiresAtMs: number | null }
  | { view: TokenFailureView };

export interface GrantOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  /** Wall-clock time in ms since the epoch (expiry and skew are computed against it). */
  now: () => number;
  traits: CredentialTraits;
  /** Records the headers as sent on the wire. */
  wire?: WireObserver;
}

const MAX_TOKEN_RESPONSE_BYTES = 1024 * 1024;

/**
 * Masks a token wherever it appears in text shown to the panel: as the value of any token field
 * ("access_token", "refresh_token", "id_token", however the JSON escapes it, also when the answer
 * is malformed or cut so that no token could be read from it, and the value runs to the end), and
 * as its plain or JSON-escaped text anywhere else.
 */
function scrub(text: string, secret: string | null): string {
  const out = text.replace(
    /("(?:access|refresh|id)_token"\s*:\s*)"(?:[^"\\]|\\.)*(?:"|$)/g,
    (_match, lead: string) =>
      `${lead}${JSON.stringify(secret === null || secret === '' ? MASK : maskSecret(secret))}`,
  );
  return secret === null || secret === '' ? out : maskForms(out, secret, textForms(secret));
}

/** A secret as text may carry it: as typed, JSON-escaped (with or without escaped slashes). */
function textForms(secret: string): string[] {
  const escaped = JSON.stringify(secret).slice(1, -1);
  return [secret, escaped, escaped.replace(/\//g, '\\/')];
}

function maskForms(text: string, secret: string, forms: readonly string[]): string {
  const mask = maskSecret(secret);
  let out = text;
  for (const form of new Set(forms)) if (form !== '') out = out.split(form).join(mask);
  return out;
}

/**
 * Masks the client secret in an answer that echoes the request (some servers and proxies quote
 * what they received): as text, URL- or form-encoded as in the body, and inside the Basic header.
 * The worker's redaction of every secret it holds (src/redaction/known-secret-redaction.ts) runs
 * on the view again before it is kept or shown; this keeps the view safe on its own.
 */
function scrubClientSecret(text: string, input: TokenRequestInput): string {
  const { clientId, clientSecret } = input;
  if (clientSecret === '') return text;
  const forms = [
    ...textForms(clientSecret),
    encodeURIComponent(clientSecret),
    new URLSearchParams([['', clientSecret]]).toString().slice(1),
  ];
  const out = maskForms(text, clientSecret, forms);
  const basic = [false, true].map((encoded) => basicCredentials(clientId, clientSecret, encoded));
  return maskForms(out, clientSecret, basic);
}

function header(headers: NameValue[], name: string): string | null {
  return headers.find((item) => item.name.toLowerCase() === name)?.value ?? null;
}

export async function runTokenGrant(
  input: TokenRequestInput,
  options: GrantOptions,
): Promise<GrantResult> {
  const prepared = buildTokenRequest(input);
  const shown = redactTokenRequest(prepared);
  const sent = await sendObserved(prepared, {
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    maxBodyBytes: MAX_TOKEN_RESPONSE_BYTES,
    ...(options.wire === undefined ? {} : { wire: options.wire }),
  });
  const request: SentTokenRequest = {
    variant: input.variant,
    formEncoded: input.variant === 'basic' && input.formEncodeCredentials,
    method: 'POST',
    url: shown.url,
    headers: shown.headers,
    wire: sent.wire,
    body: shown.body,
  };
  const failure = (
    response: TokenResponseMeta | null,
    explanation: FailureExplanation,
  ): GrantResult => ({
    view: { outcome: 'failure', request, response, explanation },
  });
  const { outcome } = sent;
  const explain = (status: number | null, contentType: string, bodyText: string) =>
    explainTokenFailure({
      status,
      contentType,
      bodyText,
      networkError: outcome.ok ? null : outcome.error,
      variant: input.variant,
      formEncoded: request.formEncoded,
      traits: options.traits,
      origin: originOnWire(sent.wire),
    });
  if (!outcome.ok) return failure(null, explain(null, '', ''));

  const exchange = outcome.value;
  const receivedAtMs = options.now();
  const contentType = header(exchange.headers, 'content-type') ?? '';
  const meta = (secret: string | null): TokenResponseMeta => ({
    status: exchange.status,
    statusText: exchange.statusText,
    // A failing server may echo the request's Basic value or the secret in a header.
    headers: exchange.headers.map(({ name, value }) => ({
      name,
      value: scrubClientSecret(value, input),
    })),
    durationMs: exchange.durationMs,
    bodyText: scrubClientSecret(
      scrub(reindentJson(exchange.bodyText) ?? exchange.bodyText, secret),
      input,
    ),
  });
  if (exchange.status < 200 || exchange.status > 299) {
    // The explanation may quote the server's message: it reads the answer with the secret masked.
    const echoSafe = scrubClientSecret(exchange.bodyText, input);
    return failure(meta(null), explain(exchange.status, contentType, echoSafe));
  }
  const decoded = decodeTokenResponse(exchange.bodyText, receivedAtMs);
  if (!decoded.ok || decoded.value.accessToken === null || decoded.value.accessToken === '') {
    const problem = decoded.ok
      ? {
          message: 'The token endpoint answered 200 without an access_token.',
          hint: 'Check the Auth URL: read the raw response below to see what answered.',
        }
      : decoded.error;
    const token = decoded.ok ? decoded.value.accessToken : null;
    return failure(meta(token), {
      summary: problem.message,
      server: { kind: 'none' },
      cause: 'endpoint',
      advice: [problem.hint],
    });
  }
  const { accessToken, raw: _raw, ...fields } = decoded.value;
  const context: DiagnosticContext = {
    configuredClientId: input.clientId,
    dateHeader: header(exchange.headers, 'date'),
    receivedAtMs,
    nowMs: options.now(),
  };
  const view: TokenSuccessView = {
    outcome: 'token',
    request,
    response: meta(accessToken),
    token: {
      ...fields,
      extraFields: fields.extraFields.map((extra) => ({
        ...extra,
        json: scrub(extra.json, accessToken),
      })),
      accessTokenMasked: maskSecret(accessToken),
      specFields: SPEC_TOKEN_FIELDS.map((name) => ({
        name,
        json: Object.hasOwn(decoded.value.raw, name)
          ? scrub(displayJson(decoded.value.raw[name]), accessToken)
          : null,
      })),
    },
    diagnostics: diagnoseToken(decoded.value, context),
    receivedAtMs,
  };
  return { view, accessToken, expiresAtMs: decoded.value.expiresAtMs };
}
