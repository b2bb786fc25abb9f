/**
 * HAR entries and files in the shape Chrome writes them (DevTools' HAR writer: `_initiator` with a
 * call stack, `_priority`, `_resourceType`, `_connectionId`, `response._transferSize`,
 * `response._error`, HTTP/2 pseudo-headers, `timings` with `_blocked_queueing`), for the tests of
 * the HAR import and of the capture. Every credential is a canary: a test that finds one of
 * CANARIES in an output has found a leak. Used by tests only.
 */

export const CANARIES = {
  apiKey: 'CANARYkey7Qx2Lm9Vb4Np8Rt3Hs6Zw1Jc5',
  accessToken: 'CANARYtokenAq8Zr3Kp6Wd1Ys4Nm7Bv2Lx9',
  clientSecret: 'CANARYsecretTf5Hg8Jk2Pq6Wr9Zx3Cv7',
  session: 'CANARYsessionUu3Ii7Oo1Pp5Aa9Ss2Dd6',
} as const;

export const COMPANY_ID = 'c0a80101-7e57-4d2a-9b1e-5a4db0c0ffee';
const PAGE = 'https://shop.example.test';
export const API = 'https://api.example.test';
export const AUTH = 'https://auth.example.test';
export const SCRIPT = `${PAGE}/static/js/main.3f9a1c.js`;

export type Row = { name: string; value: string };
type Json = Record<string, unknown>;

/** The request headers Chrome lists for a fetch over HTTP/2, pseudo-headers first. */
function h2Headers(method: string, url: string, extra: readonly Row[]): Row[] {
  const parsed = new URL(url);
  return [
    { name: ':authority', value: parsed.host },
    { name: ':method', value: method },
    { name: ':path', value: `${parsed.pathname}${parsed.search}` },
    { name: ':scheme', value: parsed.protocol.replace(':', '') },
    { name: 'accept', value: '*/*' },
    { name: 'accept-encoding', value: 'gzip, deflate, br, zstd' },
    { name: 'accept-language', value: 'en-GB,en;q=0.9' },
    ...extra,
    { name: 'origin', value: PAGE },
    { name: 'priority', value: 'u=1, i' },
    { name: 'referer', value: `${PAGE}/` },
    { name: 'sec-ch-ua', value: '"Chromium";v="140", "Not=A?Brand";v="24"' },
    { name: 'sec-ch-ua-mobile', value: '?0' },
    { name: 'sec-ch-ua-platform', value: '"Linux"' },
    { name: 'sec-fetch-dest', value: 'empty' },
    { name: 'sec-fetch-mode', value: 'cors' },
    { name: 'sec-fetch-site', value: 'same-site' },
    {
      name: 'user-agent',
      value:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
    },
  ];
}

function queryOf(url: string): Row[] {
  return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
}

export interface EntryOptions {
  method?: string;
  url: string;
  headers?: Row[];
  /** Replaces the whole request header list (no browser headers added). */
  rawHeaders?: Row[];
  body?: { mimeType: string; text: string; params?: Row[] };
  status?: number;
  statusText?: string;
  responseHeaders?: Row[];
  responseMime?: string;
  responseText?: string;
  resourceType?: string;
  startedDateTime?: string;
  time?: number;
  initiatorLine?: number;
  cookies?: Row[];
}

/** One entry as Chrome's HAR writer makes it for a call the page's script made with fetch. */
export function chromeEntry(options: EntryOptions): Json {
  const method = options.method ?? 'GET';
  const headers = options.rawHeaders ?? h2Headers(method, options.url, options.headers ?? []);
  const responseText = options.responseText;
  const request: Json = {
    method,
    url: options.url,
    httpVersion: 'http/2.0',
    headers,
    queryString: queryOf(options.url),
    cookies: (options.cookies ?? []).map((cookie) => ({
      ...cookie,
      path: '/',
      domain: '.example.test',
      expires: '2030-01-01T00:00:00.000Z',
      httpOnly: true,
      secure: true,
    })),
    headersSize: -1,
    bodySize: options.body ? options.body.text.length : 0,
  };
  if (options.body) {
    request.postData = {
      mimeType: options.body.mimeType,
      text: options.body.text,
      ...(options.body.params ? { params: options.body.params } : {}),
    };
  }
  const content: Json = {
    size: responseText?.length ?? 0,
    mimeType: options.responseMime ?? 'application/json',
  };
  if (responseText !== undefined) content.text = responseText;
  return {
    _connectionId: '412873',
    _initiator: {
      type: 'script',
      stack: {
        callFrames: [
          {
            functionName: 'request',
            scriptId: '17',
            url: SCRIPT,
            lineNumber: options.initiatorLine ?? 41,
            columnNumber: 18,
          },
        ],
        parent: {
          description: 'Promise.then',
          callFrames: [
            {
              functionName: 'loadCatalogue',
              scriptId: '17',
              url: SCRIPT,
              lineNumber: 88,
              columnNumber: 4,
            },
          ],
        },
      },
    },
    _priority: 'High',
    _resourceType: options.resourceType ?? 'fetch',
    cache: {},
    connection: '443',
    pageref: 'page_1',
    request,
    response: {
      status: options.status ?? 200,
      statusText: options.statusText ?? '',
      httpVersion: 'http/2.0',
      headers: options.responseHeaders ?? [
        { name: 'content-type', value: options.responseMime ?? 'application/json' },
        { name: 'date', value: 'Tue, 14 Oct 2025 09:12:03 GMT' },
      ],
      cookies: [],
      content,
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
      _transferSize: 812,
      _error: null,
      _fetchedViaServiceWorker: false,
    },
    serverIPAddress: '203.0.113.10',
    startedDateTime: options.startedDateTime ?? '2025-10-14T09:12:03.118Z',
    time: options.time ?? 84.37,
    timings: {
      blocked: 1.92,
      dns: -1,
      ssl: -1,
      connect: -1,
      send: 0.21,
      wait: 80.11,
      receive: 2.13,
      _blocked_queueing: 1.22,
    },
  };
}

/** GET /v1/products with the API key in the page (and no companyId): two findings, one advisory. */
export function apiKeyCallWithoutCompany(): Json {
  return chromeEntry({
    url: `${API}/v1/products?category=garden&limit=20`,
    headers: [
      { name: 'content-type', value: 'application/json' },
      { name: 'x-apikey', value: CANARIES.apiKey },
    ],
    status: 400,
    responseText: JSON.stringify({
      fault: {
        faultstring: 'Missing header companyId',
        detail: { errorcode: 'companyId.missing' },
      },
    }),
  });
}

/** POST /v1/orders with a Bearer token, as the contract wants it. */
export function bearerOrderCall(): Json {
  return chromeEntry({
    method: 'POST',
    url: `${API}/v1/orders`,
    headers: [
      { name: 'authorization', value: `Bearer ${CANARIES.accessToken}` },
      { name: 'companyid', value: COMPANY_ID },
      { name: 'content-type', value: 'application/json' },
      { name: 'x-request-id', value: 'req-7f3e' },
    ],
    body: { mimeType: 'application/json', text: '{"productId":"prd_1001","quantity":2}' },
    status: 201,
    statusText: '',
    startedDateTime: '2025-10-14T09:12:04.402Z',
    responseText: '{"orderId":"ord_5521","status":"created"}',
  });
}

/** The page runs the client-credentials grant itself (variant B): a client secret in the browser. */
export function pageTokenRequest(): Json {
  const form = `grant_type=client_credentials&client_id=shop-web&client_secret=${CANARIES.clientSecret}`;
  return chromeEntry({
    method: 'POST',
    url: `${AUTH}/o/oauth/accesstoken`,
    headers: [{ name: 'content-type', value: 'application/x-www-form-urlencoded' }],
    body: {
      mimeType: 'application/x-www-form-urlencoded',
      text: form,
      params: [
        { name: 'grant_type', value: 'client_credentials' },
        { name: 'client_id', value: 'shop-web' },
        { name: 'client_secret', value: CANARIES.clientSecret },
      ],
    },
    startedDateTime: '2025-10-14T09:12:02.950Z',
    responseText: JSON.stringify({
      access_token: CANARIES.accessToken,
      token_type: 'BearerToken',
      expires_in: '3599',
      issued_at: '1760433122950',
      client_id: 'shop-web',
      status: 'approved',
      'developer.email': 'dev@shop.example.test',
    }),
  });
}

/** A call with the session cookie sent and a new one set. */
export function cookieCall(): Json {
  return chromeEntry({
    url: `${API}/v1/company`,
    headers: [
      { name: 'companyid', value: COMPANY_ID },
      { name: 'content-type', value: 'application/json' },
      { name: 'x-apikey', value: CANARIES.apiKey },
      { name: 'cookie', value: `session=${CANARIES.session}; theme=dark` },
    ],
    cookies: [
      { name: 'session', value: CANARIES.session },
      { name: 'theme', value: 'dark' },
    ],
    responseHeaders: [
      { name: 'content-type', value: 'application/json' },
      { name: 'set-cookie', value: `session=${CANARIES.session}; Path=/; Secure; HttpOnly` },
    ],
    startedDateTime: '2025-10-14T09:12:05.010Z',
    responseText: '{"name":"Shop"}',
  });
}

/** What else a page loads: the document, a script, an image and a CORS preflight. */
export function pageResources(): Json[] {
  return [
    chromeEntry({
      url: `${PAGE}/`,
      resourceType: 'document',
      responseMime: 'text/html',
      startedDateTime: '2025-10-14T09:12:01.000Z',
      responseText: '<!doctype html><title>Shop</title>',
    }),
    chromeEntry({
      url: SCRIPT,
      resourceType: 'script',
      responseMime: 'text/javascript',
      startedDateTime: '2025-10-14T09:12:01.200Z',
    }),
    chromeEntry({
      url: `${API}/v1/assets/logo.png`,
      resourceType: 'image',
      responseMime: 'image/png',
      startedDateTime: '2025-10-14T09:12:01.300Z',
    }),
    chromeEntry({
      method: 'OPTIONS',
      url: `${API}/v1/orders`,
      resourceType: 'preflight',
      status: 204,
      startedDateTime: '2025-10-14T09:12:04.380Z',
      rawHeaders: [
        { name: 'Accept', value: '*/*' },
        { name: 'Access-Control-Request-Headers', value: 'authorization,companyid,content-type' },
        { name: 'Access-Control-Request-Method', value: 'POST' },
        { name: 'Origin', value: PAGE },
      ],
    }),
  ];
}

/** A file as Chrome's Network panel saves it ("Save all as HAR (with sensitive data)"). */
export function chromeSavedHar(entries: readonly Json[] = defaultEntries()): Json {
  return {
    log: {
      version: '1.2',
      creator: { name: 'WebInspector', version: '537.36' },
      pages: [
        {
          startedDateTime: '2025-10-14T09:12:01.000Z',
          id: 'page_1',
          title: `${PAGE}/`,
          pageTimings: { onContentLoad: 412.3, onLoad: 690.8 },
        },
      ],
      entries,
    },
  };
}

export function defaultEntries(): Json[] {
  return [
    ...pageResources(),
    pageTokenRequest(),
    apiKeyCallWithoutCompany(),
    bearerOrderCall(),
    cookieCall(),
  ];
}

/** Every canary value, to look for in an output. */
export function canaryValues(): string[] {
  return Object.values(CANARIES);
}
