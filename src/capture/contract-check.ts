/**
 * The contract check of a captured call, from the spec: a `/v1` call (section 4.2) sends a
 * UUID-shaped `companyId`, exactly one of `x-apikey` and `Authorization: Bearer`, `Content-Type:
 * application/json`, and goes to `{base_url}/v1/<path>`; a Bearer token this extension knows to be
 * expired (by fingerprint, answered by the worker) is named. Token requests are checked against
 * section 4.1 by token-request-check.ts.
 */
import { isJsonContentType } from '../redaction/header-kinds';
import { isUuidShaped } from '../service/profile/profile';
import type { CallMatch } from './call-matching';
import type { CapturedCall } from './captured-call';
import { contractFinding as contract, type Finding, quoteValue } from './finding';
import type { KnownToken } from './token-fingerprint';
import { checkTokenRequest } from './token-request-check';

type ApiMatch = Extract<CallMatch, { kind: 'api' }>;

function checkPath(call: CapturedCall, match: ApiMatch): Finding[] {
  if (match.path === null) {
    return [
      contract(
        'path-outside-v1',
        'error',
        `The call goes to ${quoteValue(call.pathname)}, which is not under ${match.base}/v1/.`,
        `The API carries its version in the path: call ${match.base}/v1/<path>, with /v1 directly after the Base URL.`,
      ),
    ];
  }
  const findings: Finding[] = [];
  if (match.version !== 'v1') {
    findings.push(
      contract(
        'path-version-case',
        'error',
        `The version segment is written /${match.version}/; paths are case-sensitive, and the API's is /v1/.`,
        'Write /v1/ in lower case.',
      ),
    );
  }
  if (match.path === '') {
    findings.push(
      contract(
        'path-empty',
        'warning',
        'The call goes to /v1/ itself and names no resource.',
        'Add the path of the resource after /v1/, e.g. /v1/products.',
      ),
    );
  } else if (match.path.startsWith('/') || match.path.includes('//')) {
    findings.push(
      contract(
        'path-empty-segment',
        'warning',
        'The path has an empty segment (//) after /v1/.',
        'Remove the doubled slash (often a base path ending in / joined with a path starting with /): gateways may route it elsewhere.',
      ),
    );
  }
  return findings;
}

function checkCompanyId(call: CapturedCall, match: ApiMatch): Finding[] {
  const ids = call.facts.companyIds;
  const [first] = ids;
  if (first === undefined || first.trim() === '') {
    return [
      contract(
        'company-id-missing',
        'error',
        'The call has no companyId header: the service needs the calling company’s identifier on every call.',
        'Send companyId: <your company’s UUID> with every /v1 call (spec section 4.2).',
      ),
    ];
  }
  if (ids.length > 1) {
    return [
      contract(
        'company-id-repeated',
        'error',
        `The call sends ${ids.length} companyId headers; a call is made for one company.`,
        'Send companyId once.',
      ),
    ];
  }
  if (!isUuidShaped(first.trim())) {
    return [
      contract(
        'company-id-shape',
        'error',
        `companyId ${quoteValue(first)} is not UUID-shaped (8-4-4-4-12 hexadecimal digits).`,
        'Send the company identifier you were given, such as c0a80101-7e57-4d2a-9b1e-5a4db0c0ffee, not a name or a number.',
      ),
    ];
  }
  if (
    isUuidShaped(match.profile.companyId) &&
    first.trim().toLowerCase() !== match.profile.companyId.toLowerCase()
  ) {
    return [
      contract(
        'company-id-not-profile',
        'info',
        `The page sends companyId ${quoteValue(first)}; the profile “${match.profile.name}” uses ${quoteValue(match.profile.companyId)}.`,
        'Calls opened in the composer or replayed use the profile’s Company ID.',
      ),
    ];
  }
  return [];
}

function checkAuth(call: CapturedCall): Finding[] {
  const { apiKeys, authorization, otherKeyHeaders } = call.facts;
  const findings: Finding[] = otherKeyHeaders.map((name) =>
    contract(
      'api-key-header-name',
      'error',
      `The call sends a key in the ${name} header; the service reads the API key from x-apikey.`,
      'Rename the header to x-apikey.',
    ),
  );
  if (apiKeys.length > 0 && authorization.length > 0) {
    findings.push(
      contract(
        'auth-both',
        'error',
        'The call sends both x-apikey and Authorization; the contract takes exactly one of them.',
        'Send only the header of your authentication method: x-apikey for an API key, Authorization: Bearer for OAuth.',
      ),
    );
  } else if (apiKeys.length + authorization.length > 1) {
    findings.push(
      contract(
        'auth-repeated',
        'error',
        `The call sends its ${apiKeys.length > 1 ? 'x-apikey' : 'Authorization'} header ${apiKeys.length + authorization.length} times.`,
        'Send the credential once.',
      ),
    );
  } else if (apiKeys.length === 0 && authorization.length === 0 && otherKeyHeaders.length === 0) {
    findings.push(
      contract(
        'auth-missing',
        'error',
        'The call carries no credentials: neither x-apikey nor Authorization: Bearer.',
        'Send exactly one: x-apikey: <API key> (API key method) or Authorization: Bearer <access token> (OAuth).',
      ),
    );
  }
  for (const fact of authorization) {
    if (fact.scheme.toLowerCase() === 'bearer' && !fact.hasCredential) {
      findings.push(
        contract(
          'auth-empty',
          'error',
          'Authorization: Bearer carries no token.',
          'The page sent the call before it had a token: get the token first, then call.',
        ),
      );
    } else if (fact.scheme.toLowerCase() !== 'bearer') {
      findings.push(
        contract(
          'auth-scheme',
          'error',
          fact.scheme === ''
            ? 'Authorization holds a value without a scheme; /v1 calls send Authorization: Bearer <access token>.'
            : `Authorization uses the ${fact.scheme.slice(0, 20)} scheme; /v1 calls send Authorization: Bearer <access token>.`,
          'Get an access token at the token endpoint and send it as Bearer; Basic credentials belong to the token request only.',
        ),
      );
    }
  }
  return findings;
}

function checkContentType(call: CapturedCall): Finding[] {
  const hasBody = call.requestBody !== null;
  const [type] = call.facts.contentTypes;
  if (type === undefined) {
    return [
      contract(
        'content-type-missing',
        hasBody ? 'error' : 'warning',
        'The call has no Content-Type header; the contract asks for Content-Type: application/json.',
        'Add Content-Type: application/json to the call.',
      ),
    ];
  }
  if (isJsonContentType(type)) return [];
  const stringBody = /^text\/plain/i.test(type);
  return [
    contract(
      'content-type-other',
      hasBody ? 'error' : 'warning',
      `The call sends Content-Type ${quoteValue(type)}, not application/json.`,
      stringBody
        ? 'fetch sends text/plain when the body is a string and no Content-Type is given: add the header Content-Type: application/json.'
        : 'Send the body as JSON, with Content-Type: application/json.',
    ),
  ];
}

function minutes(ms: number): string {
  const total = Math.round(ms / 60_000);
  if (total < 1) return 'less than a minute';
  if (total < 120) return `${total} minute${total === 1 ? '' : 's'}`;
  return `${Math.round(total / 60)} hours`;
}

function checkExpiredToken(call: CapturedCall, known: readonly KnownToken[], nowMs: number) {
  const findings: Finding[] = [];
  const sentAt = call.startedMs ?? nowMs;
  for (const fact of call.facts.authorization) {
    const token = known.find((item) => item.fingerprint === fact.fingerprint);
    if (token === undefined || token.expiresAtMs === null || token.expiresAtMs > sentAt) continue;
    findings.push(
      contract(
        'token-expired',
        'error',
        `The Bearer token had expired when the page sent this call: it is a token this extension got for “${token.profileName}”, which expired at ${new Date(token.expiresAtMs).toISOString()}, ${minutes(sentAt - token.expiresAtMs)} before the call.`,
        'Get a new token before the old one expires (the token response’s expires_in), and again when a call is answered 401.',
      ),
    );
  }
  return findings;
}

/**
 * The contract findings of a call: none for calls that are not the partner API's. `known` are the
 * tokens the worker recognised among the call fingerprints; `nowMs` dates a call without a start.
 */
export function checkContract(
  call: CapturedCall,
  match: CallMatch,
  known: readonly KnownToken[],
  nowMs: number,
): Finding[] {
  if (match.kind === 'token') return checkTokenRequest(call);
  if (match.kind !== 'api') return [];
  return [
    ...checkPath(call, match),
    ...checkCompanyId(call, match),
    ...checkAuth(call),
    ...checkContentType(call),
    ...checkExpiredToken(call, known, nowMs),
  ];
}
