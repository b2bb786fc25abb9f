import { describe, expect, it } from 'vitest';
import { captured, PROFILES } from '../testing/fixtures/capture/capture-samples';
import {
  API,
  apiKeyCallWithoutCompany,
  bearerOrderCall,
  CANARIES,
  COMPANY_ID,
  chromeEntry,
  type EntryOptions,
  pageTokenRequest,
  type Row,
} from '../testing/fixtures/har/har-samples';
import { matchCall } from './call-matching';
import { checkContract } from './contract-check';
import type { KnownToken } from './token-fingerprint';
import { fingerprintToken } from './token-fingerprint';

const NOW = Date.parse('2025-10-14T10:00:00Z');
const GOOD: Row[] = [
  { name: 'companyid', value: COMPANY_ID },
  { name: 'content-type', value: 'application/json' },
  { name: 'authorization', value: `Bearer ${CANARIES.accessToken}` },
];

async function findingsOf(entry: Record<string, unknown>, known: KnownToken[] = []) {
  const call = await captured(entry);
  return checkContract(call, matchCall(call, PROFILES), known, NOW);
}

async function codesOf(options: Partial<EntryOptions>) {
  const findings = await findingsOf(
    chromeEntry({ url: `${API}/v1/orders`, headers: GOOD, ...options }),
  );
  return findings.map((finding) => finding.code);
}

function withHeader(name: string, value: string | null): Row[] {
  const rest = GOOD.filter((header) => header.name !== name);
  return value === null ? rest : [...rest, { name, value }];
}

describe('checkContract: a /v1 call (spec 4.2)', () => {
  it('finds nothing wrong with a call made as the contract says', async () => {
    expect(await findingsOf(bearerOrderCall())).toEqual([]);
  });

  it('says a missing companyId is missing, in plain words with what to do', async () => {
    const findings = await findingsOf(apiKeyCallWithoutCompany());
    expect(findings).toEqual([
      {
        code: 'company-id-missing',
        kind: 'contract',
        severity: 'error',
        message:
          'The call has no companyId header: the service needs the calling company’s identifier on every call.',
        hint: 'Send companyId: <your company’s UUID> with every /v1 call (spec section 4.2).',
      },
    ]);
  });

  it('says a companyId that is not UUID-shaped is not, quoting it', async () => {
    const findings = await findingsOf(
      chromeEntry({ url: `${API}/v1/orders`, headers: withHeader('companyid', 'acme-gmbh') }),
    );
    expect(findings.map((finding) => finding.message)).toEqual([
      'companyId “acme-gmbh” is not UUID-shaped (8-4-4-4-12 hexadecimal digits).',
    ]);
  });

  it('notes, as information, a companyId other than the profile’s', async () => {
    const other = 'a1b2c3d4-0000-4000-8000-000000000001';
    const findings = await findingsOf(
      chromeEntry({ url: `${API}/v1/orders`, headers: withHeader('companyid', other) }),
    );
    expect(findings).toMatchObject([
      {
        code: 'company-id-not-profile',
        severity: 'info',
        message: `The page sends companyId “${other}”; the profile “Shop production” uses “${COMPANY_ID}”.`,
      },
    ]);
  });

  it('wants exactly one of x-apikey and Authorization: Bearer', async () => {
    expect(await codesOf({ headers: withHeader('authorization', null) })).toEqual(['auth-missing']);
    expect(
      await codesOf({ headers: [...GOOD, { name: 'x-apikey', value: CANARIES.apiKey }] }),
    ).toEqual(['auth-both']);
    expect(
      await codesOf({ headers: withHeader('authorization', 'Basic c2hvcDpzZWNyZXQ=') }),
    ).toEqual(['auth-scheme']);
    expect(await codesOf({ headers: withHeader('authorization', 'Bearer') })).toEqual([
      'auth-empty',
    ]);
    expect(
      await codesOf({
        headers: [
          ...withHeader('authorization', null),
          { name: 'x-api-key', value: CANARIES.apiKey },
        ],
      }),
    ).toEqual(['api-key-header-name']);
  });

  it('wants Content-Type: application/json, and explains fetch’s text/plain', async () => {
    const findings = await findingsOf(
      chromeEntry({
        method: 'POST',
        url: `${API}/v1/orders`,
        headers: withHeader('content-type', 'text/plain;charset=UTF-8'),
        body: { mimeType: 'text/plain;charset=UTF-8', text: '{"quantity":2}' },
      }),
    );
    expect(findings).toEqual([
      {
        code: 'content-type-other',
        kind: 'contract',
        severity: 'error',
        message: 'The call sends Content-Type “text/plain;charset=UTF-8”, not application/json.',
        hint: 'fetch sends text/plain when the body is a string and no Content-Type is given: add the header Content-Type: application/json.',
      },
    ]);
    expect(await codesOf({ headers: withHeader('content-type', null) })).toEqual([
      'content-type-missing',
    ]);
  });

  it('checks the /v1 path shape', async () => {
    expect(await codesOf({ url: `${API}/v2/orders` })).toEqual(['path-outside-v1']);
    expect(await codesOf({ url: `${API}/V1/orders` })).toEqual(['path-version-case']);
    expect(await codesOf({ url: `${API}/v1/` })).toEqual(['path-empty']);
    expect(await codesOf({ url: `${API}/v1//orders` })).toEqual(['path-empty-segment']);
    const [outside] = await findingsOf(chromeEntry({ url: `${API}/api/orders`, headers: GOOD }));
    expect(outside?.message).toBe(
      'The call goes to “/api/orders”, which is not under https://api.example.test/v1/.',
    );
  });

  it('names a Bearer token this extension knows to have expired before the call', async () => {
    const fingerprint = await fingerprintToken(CANARIES.accessToken);
    const expiredAt = Date.parse('2025-10-14T09:00:00.000Z');
    const known = [
      { fingerprint, profileId: 'p-shop', profileName: 'Shop production', expiresAtMs: expiredAt },
    ];
    const findings = await findingsOf(bearerOrderCall(), known);
    expect(findings).toEqual([
      {
        code: 'token-expired',
        kind: 'contract',
        severity: 'error',
        message:
          'The Bearer token had expired when the page sent this call: it is a token this extension got for “Shop production”, which expired at 2025-10-14T09:00:00.000Z, 12 minutes before the call.',
        hint: 'Get a new token before the old one expires (the token response’s expires_in), and again when a call is answered 401.',
      },
    ]);
    const valid = [{ ...known[0], expiresAtMs: Date.parse('2025-10-14T10:00:00Z') } as KnownToken];
    expect(await findingsOf(bearerOrderCall(), valid)).toEqual([]);
  });

  it('has nothing to say about calls that are not the partner API’s', async () => {
    expect(await findingsOf(chromeEntry({ url: 'https://cdn.example.test/lib.js' }))).toEqual([]);
  });
});

describe('checkContract: a token request (spec 4.1)', () => {
  it('finds nothing wrong with a form POST of client_credentials', async () => {
    expect(await findingsOf(pageTokenRequest())).toEqual([]);
  });

  it('wants POST, a form body, grant_type=client_credentials and credentials sent one way', async () => {
    const entry = chromeEntry({
      method: 'GET',
      url: 'https://auth.example.test/o/oauth/accesstoken?grant_type=password',
      headers: [{ name: 'content-type', value: 'application/json' }],
    });
    expect((await findingsOf(entry)).map((finding) => finding.code)).toEqual([
      'token-method',
      'token-content-type',
      'token-grant-type',
      'token-credentials-missing',
    ]);
    const twice = pageTokenRequest();
    const request = twice.request as { headers: { name: string; value: string }[] };
    request.headers.push({ name: 'authorization', value: 'Basic c2hvcC13ZWI6c2VjcmV0' });
    expect((await findingsOf(twice)).map((finding) => finding.code)).toEqual([
      'token-credentials-twice',
    ]);
  });
});
