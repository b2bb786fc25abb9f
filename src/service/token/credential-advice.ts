/**
 * Advice for a token request the server refused for its client credentials, ranked by how likely
 * each cause is given the evidence: a trait of the pasted secret (a line break, a stray space) or
 * an answer that names the encoding comes first; a plain 401 `invalid_client` means a wrong or
 * revoked ID or secret before anything more exotic; trying the other variant comes last. Traits
 * are booleans computed where the secret is; no secret text ever reaches the advice.
 */
import type { ServerMessage } from '../call/server-message';
import { formEncode, type TokenVariant } from './token-request';

export interface CredentialTraits {
  secretHasLineBreak: boolean;
  secretHasOuterSpace: boolean;
  idHasOuterSpace: boolean;
  idHasColon: boolean;
  /**
   * Form-encoding would change the Basic header (the id or secret has reserved characters), not
   * counting outer spaces and line breaks: encoding them cannot make a stray one right.
   */
  encodingChangesBasic: boolean;
}

/** The value without what copy and paste adds: outer whitespace and line breaks. */
function withoutStrays(value: string): string {
  return value.trim().replace(/[\r\n]/g, '');
}

export function credentialTraits(clientId: string, clientSecret: string): CredentialTraits {
  const id = withoutStrays(clientId);
  const secret = withoutStrays(clientSecret);
  return {
    secretHasLineBreak: /[\r\n]/.test(clientSecret),
    secretHasOuterSpace: clientSecret !== clientSecret.trim(),
    idHasOuterSpace: clientId !== clientId.trim(),
    idHasColon: clientId.includes(':'),
    encodingChangesBasic: formEncode(id) !== id || formEncode(secret) !== secret,
  };
}

function serverWords(server: ServerMessage): { code: string; message: string } {
  const code =
    server.kind === 'oauth' || server.kind === 'apigee_error' || server.kind === 'apigee_fault'
      ? (server.code ?? '')
      : '';
  const message = 'message' in server ? (server.message ?? '') : '';
  return { code, message };
}

export function looksLikeClientRejection(status: number | null, server: ServerMessage): boolean {
  const { code, message } = serverWords(server);
  return (
    status === 401 || /invalid_client|client|credential|unauthori[sz]ed/i.test(`${code} ${message}`)
  );
}

export interface CredentialFailure {
  status: number | null;
  variant: TokenVariant;
  formEncoded: boolean;
  traits: CredentialTraits;
}

export const WRONG_CREDENTIALS =
  'The server does not accept this client ID and secret: most often the secret (or the ID) is wrong or revoked. Check both against what the provider issued, or ask its professional services team.';

/** When a stray character explains the refusal, a wrong secret is only what remains after it. */
const WRONG_AFTER_RETYPING =
  'If the server still refuses once the stray characters are gone, the secret (or the ID) is wrong or revoked: check both against what the provider issued.';

/** How likely each piece of advice is, highest first; equal weights keep the order written. */
const LIKELY = { pastedBadly: 100, namedByServer: 95, colon: 85, wrong: 80, maybe: 50, other: 30 };

/**
 * `pasted`: the refusal is explained by a stray space or line break in the secret or the ID, so
 * the advice (and Compare's conclusion) leads with it and says nothing that cannot fix it.
 */
export function credentialAdvice(
  failure: CredentialFailure,
  server: ServerMessage,
): { cause: 'credentials' | 'encoding' | 'pasted'; advice: string[] } {
  const { traits, variant, formEncoded } = failure;
  const { code, message } = serverWords(server);
  const ranked: { weight: number; text: string }[] = [];
  const add = (weight: number, text: string) => ranked.push({ weight, text });

  if (traits.secretHasLineBreak)
    add(
      LIKELY.pastedBadly,
      'The client secret contains a line break, probably pasted along with it: edit the profile and retype the secret.',
    );
  if (traits.secretHasOuterSpace)
    add(
      LIKELY.pastedBadly,
      'The client secret starts or ends with a space: check for a stray space from copy and paste.',
    );
  if (traits.idHasOuterSpace)
    add(
      LIKELY.pastedBadly,
      'The client ID starts or ends with a space: check for a stray space from copy and paste.',
    );
  if (variant === 'basic' && traits.idHasColon && !formEncoded) {
    add(
      LIKELY.colon,
      'The client ID contains a colon: in a Basic header the server splits at the first colon, so it reads a different ID. Use OAuth (form body), or turn on “Form-encode credentials (RFC 6749)”.',
    );
  }
  // oidc-provider: "client_id and client_secret in the authorization header are not properly encoded".
  const encodingNamed = /encod/i.test(message);
  const encodingMatters = variant === 'basic' && traits.encodingChangesBasic;
  if (encodingMatters) {
    add(
      encodingNamed ? LIKELY.namedByServer : LIKELY.maybe,
      formEncoded
        ? 'The credentials were form-encoded (RFC 6749) and contain characters that encoding changes: if the server expects them raw (as Apigee does), turn “Form-encode credentials (RFC 6749)” off.'
        : 'The credentials contain characters that RFC 6749 form-encoding changes (such as % + : & or spaces): standards-strict servers decode the Basic header, so turn on “Form-encode credentials (RFC 6749)”.',
    );
  }
  const pasted = traits.secretHasLineBreak || traits.secretHasOuterSpace || traits.idHasOuterSpace;
  const refused = failure.status === 401 || /invalid_client/i.test(code);
  add(refused ? LIKELY.wrong : LIKELY.other - 1, pasted ? WRONG_AFTER_RETYPING : WRONG_CREDENTIALS);
  add(
    LIKELY.other,
    variant === 'basic'
      ? 'Some servers accept only credentials in the form body: try the auth method OAuth (form body), or press Compare variants.'
      : 'Some servers accept only a Basic header: try the auth method OAuth (Basic header), or press Compare variants.',
  );
  const advice = ranked
    .map((item, index) => ({ ...item, index }))
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ text }) => text);
  if (pasted) return { cause: 'pasted', advice };
  return { cause: encodingMatters && encodingNamed ? 'encoding' : 'credentials', advice };
}
