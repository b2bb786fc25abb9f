/**
 * Decodes a token response (spec section 5.3) the way real Apigee gateways send it: numbers may be
 * strings, `issued_at` is milliseconds since the epoch, `expires_in` is taken as seconds (the spec
 * leaves the unit open, so the decoder says how it derived the expiry), `token_type` may be
 * `BearerToken`, and fields it does not know are kept, not dropped. Any input gives a value or a
 * typed error; nothing here throws.
 */

import { type DecodedJwt, decodeJwt } from '../../redaction/jwt';
import { fail, ok, type Result } from '../../vocabulary/errors';
import {
  displayJson,
  readInteger,
  readProductArray,
  readString,
  splitProductList,
} from './token-fields';

/** The fields of spec section 5.3, in its order. */
export const SPEC_TOKEN_FIELDS = [
  'access_token',
  'token_type',
  'expires_in',
  'issued_at',
  'client_id',
  'status',
  'refresh_token_expires_in',
  'refresh_count',
  'scope',
  'api_product_list',
  'api_product_list_json',
  'organization_name',
  'application_name',
  'developer.email',
] as const;

/** Present in the spec's short form too, so their absence is worth a remark. */
export const SHORT_FORM_FIELDS = [
  'access_token',
  'token_type',
  'expires_in',
  'issued_at',
  'client_id',
  'status',
  'refresh_token_expires_in',
  'api_product_list',
  'organization_name',
  'developer.email',
] as const;

export interface TokenNote {
  field: string;
  message: string;
}

export interface DecodedToken {
  accessToken: string | null;
  tokenType: string | null;
  expiresInSeconds: number | null;
  issuedAtMs: number | null;
  expiresAtMs: number | null;
  expiryExplanation: string;
  /** expires_in is so large that it only makes sense as milliseconds. */
  expiresInLooksLikeMs: boolean;
  clientId: string | null;
  status: string | null;
  products: string[];
  productsFrom: 'api_product_list_json' | 'api_product_list' | null;
  /** Both product fields were sent and list different products. */
  productListsDisagree: boolean;
  developerEmail: string | null;
  missing: string[];
  /** Fields the spec does not list, as they came. */
  extraFields: { name: string; json: string }[];
  notes: TokenNote[];
  jwt: DecodedJwt | null;
  /** Every field as received, in order (the raw view). */
  raw: Record<string, unknown>;
}

const MAX_TOKEN_RESPONSE = 1024 * 1024;
const DAY_MS = 86_400_000;
/** The longest lifetime, in seconds, that still reads naturally as seconds (30 days). */
const PLAUSIBLE_SECONDS = 30 * 86_400;

function parseObject(bodyText: string): Result<Record<string, unknown>> {
  if (bodyText.length > MAX_TOKEN_RESPONSE) {
    return fail(
      'token_malformed',
      'The token response is larger than 1 MB.',
      'Check the Auth URL: a token endpoint answers with a small JSON object.',
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(bodyText);
  } catch {
    return fail(
      'token_malformed',
      'The token response is not JSON.',
      'Check the Auth URL: it should end at the host, and the token path /o/oauth/accesstoken is added for you.',
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return fail(
      'token_malformed',
      'The token response is JSON but not an object.',
      'A token endpoint answers with a JSON object such as {"access_token": …}.',
    );
  }
  return ok(value as Record<string, unknown>);
}

function deriveExpiry(
  expiresIn: number | null,
  issuedAt: number | null,
  receivedAtMs: number,
): Pick<DecodedToken, 'expiresAtMs' | 'expiryExplanation' | 'expiresInLooksLikeMs'> {
  if (expiresIn === null) {
    return {
      expiresAtMs: null,
      expiresInLooksLikeMs: false,
      expiryExplanation: 'No usable expires_in: the expiry is unknown.',
    };
  }
  const looksLikeMs = expiresIn > PLAUSIBLE_SECONDS && expiresIn / 1000 <= PLAUSIBLE_SECONDS;
  const issuedUsable = issuedAt !== null && Math.abs(issuedAt - receivedAtMs) < DAY_MS;
  const base = issuedUsable ? issuedAt : receivedAtMs;
  const expiresAtMs = base + expiresIn * 1000;
  if (Number.isNaN(new Date(expiresAtMs).getTime()) || Number.isNaN(new Date(base).getTime())) {
    return {
      expiresAtMs: null,
      expiresInLooksLikeMs: false,
      expiryExplanation: `expires_in ${expiresIn} is beyond any date, in seconds or milliseconds: the expiry is unknown.`,
    };
  }
  const from = issuedUsable
    ? `issued_at (${new Date(base).toISOString()})`
    : `the time the response arrived (${new Date(base).toISOString()})${issuedAt === null ? '' : ', because issued_at is more than a day away from it'}`;
  const unit = `expires_in ${expiresIn} read as seconds (the OAuth 2.0 unit; the spec leaves it open)`;
  const warning = looksLikeMs
    ? ` As seconds that is ${Math.round(expiresIn / 86_400)} days, which only makes sense as milliseconds (${Math.round(expiresIn / 60_000)} minutes).`
    : '';
  return {
    expiresAtMs,
    expiresInLooksLikeMs: looksLikeMs,
    expiryExplanation: `${unit}, counted from ${from}: expires ${new Date(expiresAtMs).toISOString()}.${warning}`,
  };
}

export function decodeTokenResponse(bodyText: string, receivedAtMs: number): Result<DecodedToken> {
  const parsed = parseObject(bodyText);
  if (!parsed.ok) return parsed;
  const raw = parsed.value;
  const notes: TokenNote[] = [];
  const note = (field: string, message: string | null) => {
    if (message !== null) notes.push({ field, message });
  };
  const field = (name: string) => (Object.hasOwn(raw, name) ? raw[name] : undefined);

  const accessToken = readString(field('access_token'), 'access_token');
  note('access_token', accessToken.note);
  const tokenType = readString(field('token_type'), 'token_type');
  note('token_type', tokenType.note);
  const expiresIn = readInteger(field('expires_in'), 'expires_in');
  note('expires_in', expiresIn.note);
  const issuedAt = readInteger(field('issued_at'), 'issued_at');
  if (typeof field('issued_at') === 'number') {
    note('issued_at', 'issued_at arrived as a number; the spec sends it as a string of digits.');
  } else if (issuedAt.note !== null && !issuedAt.note.includes('arrived as a string')) {
    note('issued_at', issuedAt.note);
  }
  let issuedAtMs = issuedAt.value;
  if (issuedAtMs !== null && issuedAtMs > 0 && issuedAtMs < 1e11) {
    note(
      'issued_at',
      `issued_at ${issuedAtMs} is too small for milliseconds; read as seconds since the epoch.`,
    );
    issuedAtMs *= 1000;
  }
  for (const name of ['refresh_token_expires_in', 'refresh_count'] as const) {
    const value = readInteger(field(name), name);
    if (value.note !== null && !(name === 'refresh_count' && typeof field(name) === 'string'))
      note(name, value.note);
  }
  const clientId = readString(field('client_id'), 'client_id');
  note('client_id', clientId.note);
  const status = readString(field('status'), 'status');
  note('status', status.note);
  const email = readString(field('developer.email'), 'developer.email');
  note('developer.email', email.note);

  const fromJson = readProductArray(field('api_product_list_json'));
  note('api_product_list_json', fromJson.note);
  const listText = readString(field('api_product_list'), 'api_product_list');
  note('api_product_list', listText.note);
  const fromText = listText.value === null ? null : splitProductList(listText.value);
  const products = fromJson.value ?? fromText ?? [];
  const productListsDisagree =
    fromJson.value !== null &&
    fromText !== null &&
    [...fromJson.value].sort().join('\n') !== [...fromText].sort().join('\n');

  const known = new Set<string>(SPEC_TOKEN_FIELDS);
  const extraFields = Object.keys(raw)
    .filter((name) => !known.has(name))
    .map((name) => ({ name, json: displayJson(raw[name]) }));

  return ok({
    accessToken: accessToken.value,
    tokenType: tokenType.value,
    expiresInSeconds: expiresIn.value,
    issuedAtMs,
    ...deriveExpiry(expiresIn.value, issuedAtMs, receivedAtMs),
    clientId: clientId.value,
    status: status.value,
    products,
    productsFrom:
      fromJson.value !== null
        ? 'api_product_list_json'
        : fromText !== null
          ? 'api_product_list'
          : null,
    productListsDisagree,
    developerEmail: email.value,
    missing: SHORT_FORM_FIELDS.filter((name) => field(name) === undefined),
    extraFields,
    notes,
    jwt: accessToken.value === null ? null : decodeJwt(accessToken.value),
    raw,
  });
}

/** `Bearer` is the spec's value; Apigee sends `BearerToken`. Either way the header says `Bearer`. */
export function isBearerLike(tokenType: string | null): boolean {
  return tokenType !== null && /^bearer(token)?$/i.test(tokenType.trim());
}
