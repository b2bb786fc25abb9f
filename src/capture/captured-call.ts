/**
 * The captured-call model: one request the inspected page made, built from the HAR entry DevTools
 * gives (`onRequestFinished`, `getHAR`, or a saved HAR file) with every credential masked at once.
 *
 * Invariant: a CapturedCall holds no credential of the page. Headers, cookies, query, URL and
 * bodies are masked here (credential-masking.ts); what the contract checks need to know about
 * the credentials is kept as facts (how many API-key headers, which Authorization scheme, whether
 * a client secret was in the form) and, for a Bearer token, its SHA-256 fingerprint, computed here
 * so that the worker can tell an expired token of its own (token-fingerprint.ts). The raw entry
 * is not kept. Nothing here stores anything: the list lives in panel memory.
 */
import { type HarInitiator, headerValues, readHarEntry } from '../formats/har/har-entry';
import {
  type MaskedRow,
  MaskLog,
  maskCookies,
  maskHeaders,
  maskUrl,
} from '../redaction/credential-masking';
import type { NameValue } from '../vocabulary/terms';
import { buildBody, type CapturedBody, type ResponseContent } from './captured-body';
import { fingerprintToken } from './token-fingerprint';

export interface AuthorizationFact {
  /** As written (`Bearer`, `Basic`, `Token`, …); empty when the header had no scheme. */
  scheme: string;
  /** True when a credential followed the scheme. */
  hasCredential: boolean;
  /** SHA-256 fingerprint of a Bearer token; null for other schemes. */
  fingerprint: string | null;
}

/** What the checks need to know about credentials, without the credentials. */
export interface CallFacts {
  /** Values of the x-apikey headers, masked. */
  apiKeys: string[];
  /** Other API-key headers sent (`x-api-key`, `apikey`, …), by name. */
  otherKeyHeaders: string[];
  authorization: AuthorizationFact[];
  companyIds: string[];
  contentTypes: string[];
  cookies: boolean;
  /** A form body's fields that matter to a token request (spec 4.1); null without a form body. */
  form: { grantType: string | null; clientId: boolean; clientSecret: boolean } | null;
}

export interface CapturedCall {
  /** Identifies the call in the list (start time, method, masked URL, status, duration). */
  key: string;
  startedDateTime: string;
  startedMs: number | null;
  durationMs: number | null;
  method: string;
  /** `http/2.0`, `HTTP/1.1`, … as DevTools recorded it. */
  httpVersion: string;
  /** Masked where it held credentials. */
  url: string;
  origin: string;
  /** The path as sent (percent-encoding kept), without the query. */
  pathname: string;
  query: MaskedRow[];
  requestHeaders: MaskedRow[];
  requestCookies: NameValue[];
  requestBody: CapturedBody | null;
  status: number;
  statusText: string;
  responseHeaders: MaskedRow[];
  responseCookies: NameValue[];
  responseBody: CapturedBody;
  resourceType: string | null;
  initiator: HarInitiator | null;
  fromCache: string | null;
  transferSize: number | null;
  serverIPAddress: string;
  error: string | null;
  facts: CallFacts;
  /** Every masked form (`••••3f9a`) in this call, so that an export can hide the tails too. */
  maskedForms: string[];
}

function readForm(text: string | null, mimeType: string): CallFacts['form'] {
  if (text === null || !/x-www-form-urlencoded/i.test(mimeType)) return null;
  const fields = new URLSearchParams(text);
  return {
    grantType: fields.get('grant_type'),
    clientId: (fields.get('client_id') ?? '') !== '',
    clientSecret: (fields.get('client_secret') ?? '') !== '',
  };
}

const SCHEME_WORDS = /^(bearer|basic|digest|token|apikey|negotiate)$/i;

async function authorizationFacts(headers: readonly NameValue[]): Promise<AuthorizationFact[]> {
  const facts: AuthorizationFact[] = [];
  for (const { name, value } of headers) {
    if (name.toLowerCase() !== 'authorization') continue;
    const words = value
      .trim()
      .split(/\s+/)
      .filter((word) => word !== '');
    const first = words[0] ?? '';
    // `Bearer abc` has a scheme; a lone `abc` is a credential without one; a lone `Bearer`, none.
    const hasScheme = words.length > 1 || SCHEME_WORDS.test(first);
    const scheme = hasScheme ? first : '';
    const credential = hasScheme ? words.slice(1).join(' ') : first;
    const bearer = scheme.toLowerCase() === 'bearer' && credential !== '';
    facts.push({
      scheme,
      hasCredential: credential !== '',
      fingerprint: bearer ? await fingerprintToken(credential) : null,
    });
  }
  return facts;
}

function splitUrl(url: string): { origin: string; pathname: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { origin: '', pathname: '' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return { origin: parsed.origin, pathname: parsed.pathname };
  }
  // The path as the page wrote it: URL would re-encode it, so take it from the text.
  const afterScheme = url.slice(url.indexOf('//') + 2);
  const slash = afterScheme.search(/[/?#]/);
  const rest = slash < 0 || afterScheme.charAt(slash) !== '/' ? '/' : afterScheme.slice(slash);
  return { origin: parsed.origin, pathname: rest.split(/[?#]/)[0] || '/' };
}

/**
 * The call an entry describes, masked, or null when the entry has no method and URL.
 * `response` is the body from DevTools' `getContent` when the entry carries none (live entries
 * never do; a saved HAR file does).
 */
export async function captureCall(
  entry: unknown,
  response?: ResponseContent,
): Promise<CapturedCall | null> {
  const view = readHarEntry(entry);
  if (view === null) return null;
  const log = new MaskLog();
  const requestHeaders = maskHeaders(view.requestHeaders, log);
  const masked = maskUrl(view.url, log);
  const postData = view.postData;
  const requestBody =
    postData === null || (postData.text ?? '') === ''
      ? null
      : buildBody(postData.mimeType, { content: postData.text, encoding: null }, log);
  const responseContent = response ?? {
    content: view.content.text,
    encoding: view.content.encoding,
  };
  const responseBody = buildBody(view.content.mimeType, responseContent, log);
  // From the masked headers: a page could put anything, even a secret, in companyId.
  const facts: CallFacts = {
    apiKeys: headerValues(requestHeaders, 'x-apikey'),
    otherKeyHeaders: view.requestHeaders
      .map(({ name }) => name.toLowerCase())
      .filter((name) => name !== 'x-apikey' && /^(x-)?api-?key$/.test(name)),
    authorization: await authorizationFacts(view.requestHeaders),
    companyIds: headerValues(requestHeaders, 'companyid'),
    contentTypes: headerValues(requestHeaders, 'content-type'),
    cookies: view.requestCookies.length > 0 || headerValues(requestHeaders, 'cookie').length > 0,
    form: readForm(postData?.text ?? null, postData?.mimeType ?? ''),
  };
  const { origin, pathname } = splitUrl(view.url);
  return {
    key: [view.startedDateTime, view.method, masked.url, view.status, view.time ?? ''].join(' '),
    startedDateTime: view.startedDateTime,
    startedMs: view.startedMs,
    durationMs: view.time,
    method: view.method,
    httpVersion: view.httpVersion,
    url: masked.url,
    origin,
    pathname,
    query: masked.query,
    requestHeaders,
    requestCookies: maskCookies(view.requestCookies),
    requestBody,
    status: view.status,
    statusText: view.statusText,
    responseHeaders: maskHeaders(view.responseHeaders, log),
    responseCookies: maskCookies(view.responseCookies),
    responseBody,
    resourceType: view.resourceType,
    // The script's URL may carry a key in its query, as `…/maps.js?key=…` does.
    initiator:
      view.initiator === null || view.initiator.url === null
        ? view.initiator
        : { ...view.initiator, url: maskUrl(view.initiator.url, log).url },
    fromCache: view.fromCache,
    transferSize: view.transferSize,
    serverIPAddress: view.serverIPAddress,
    error: view.error,
    facts,
    maskedForms: [...log.forms],
  };
}

/** The call with its response body, read later from DevTools' `getContent`, masked. */
export function withResponseBody(call: CapturedCall, response: ResponseContent): CapturedCall {
  const log = new MaskLog();
  const responseBody = buildBody(call.responseBody.mimeType, response, log);
  return { ...call, responseBody, maskedForms: [...new Set([...call.maskedForms, ...log.forms])] };
}
