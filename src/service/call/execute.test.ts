import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { accepted, refusal } from '../../testing/results';
import { executeRequest, sendObserved } from '../wire/observed-send';
import {
  ADDED_BELOW_THE_OBSERVER,
  createWireObserver,
  NOT_REPORTED,
  NOT_SENT,
  NOT_WATCHED,
  type WireObserver,
} from '../wire/wire-headers';
import { KEEP_ACCEPT_LANGUAGE_FRAGMENT } from '../wire/wire-rules';
import { networkFailure } from './execute';
import { readCappedBody } from './response-body';
import { buildV1Request, type PreparedRequest } from './v1-request';

const API_KEY = 'ak_live_5e6f7a8b9c0d1e2f3a4b';
const COMPANY = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface TestServer {
  url: string;
  received: Received[];
}

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** A real HTTP server on 127.0.0.1, on a free port, that records every request it receives. */
async function startServer(
  respond: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<TestServer> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      respond(request, response);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received };
}

/** A port on 127.0.0.1 that nothing listens on: taken from a server that is then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function prepare(baseUrl: string, overrides: Partial<PreparedRequest> = {}): PreparedRequest {
  const built = accepted(
    buildV1Request(
      { baseUrl, companyId: COMPANY },
      { kind: 'apiKey', apiKey: API_KEY },
      { method: 'GET', path: 'products/42', query: [], headers: [], body: '' },
    ),
  );
  return { ...built, ...overrides };
}

const options = { fetch: globalThis.fetch, timeoutMs: 5_000, maxBodyBytes: 1024 * 1024 };

describe('executeRequest against a real server', () => {
  it('returns status, headers and body, and sends the contract headers on the wire', async () => {
    const server = await startServer((_request, response) => {
      response.writeHead(201, { 'Content-Type': 'application/json', 'X-Trace': 't-1' });
      response.end('{"id":42}');
    });
    const result = accepted(await executeRequest(prepare(server.url), options));

    expect(result).toMatchObject({
      status: 201,
      statusText: 'Created',
      bodyText: '{"id":42}',
      truncated: false,
      bodyBytes: 9,
      totalBytes: 9,
    });
    expect(result.headers).toContainEqual({ name: 'x-trace', value: 't-1' });
    expect(result.headers).toContainEqual({ name: 'content-type', value: 'application/json' });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);

    expect(server.received).toHaveLength(1);
    const [sent] = server.received;
    expect(sent?.method).toBe('GET');
    expect(sent?.url).toBe('/v1/products/42');
    expect(sent?.headers['x-apikey']).toBe(API_KEY);
    expect(sent?.headers.companyid).toBe(COMPANY);
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.headers.authorization).toBeUndefined();
  });

  it('sends the body of a POST and shows a 4xx answer as an answer, not an error', async () => {
    const server = await startServer((_request, response) => {
      response.writeHead(422, { 'Content-Type': 'application/problem+json' });
      response.end('{"title":"Invalid"}');
    });
    const result = accepted(
      await executeRequest(prepare(server.url, { method: 'POST', body: '{"name":"x"}' }), options),
    );
    expect(result.status).toBe(422);
    expect(result.bodyText).toBe('{"title":"Invalid"}');
    expect(server.received[0]).toMatchObject({ method: 'POST', body: '{"name":"x"}' });
  });

  it('reports the request it sent with the API key masked', async () => {
    const server = await startServer((_request, response) => response.end('ok'));
    const prepared = prepare(server.url);
    const result = accepted(await executeRequest(prepared, options));
    expect(result.request.method).toBe('GET');
    expect(result.request.url).toBe(`${server.url}/v1/products/42`);
    expect(result.request.headers).toEqual([
      { name: 'Content-Type', value: 'application/json' },
      { name: 'companyId', value: COMPANY },
      { name: 'x-apikey', value: `••••${API_KEY.slice(-4)}` },
    ]);
    expect(JSON.stringify(result)).not.toContain(API_KEY);
  });

  it('masks a Bearer token in the reported request but keeps the scheme', async () => {
    const server = await startServer((_request, response) => response.end('ok'));
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJwIn0.sig_9f8e';
    const prepared = prepare(server.url, {
      headers: [
        { name: 'Content-Type', value: 'application/json' },
        { name: 'companyId', value: COMPANY },
        { name: 'Authorization', value: `Bearer ${token}` },
      ],
    });
    const result = accepted(await executeRequest(prepared, options));
    expect(server.received[0]?.headers.authorization).toBe(`Bearer ${token}`);
    expect(result.request.headers[2]).toEqual({ name: 'Authorization', value: 'Bearer ••••9f8e' });
    expect(JSON.stringify(result)).not.toContain(token);
  });

  it('keeps only maxBodyBytes of a long body and gives the full size from Content-Length', async () => {
    const server = await startServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '100000' });
      response.end('x'.repeat(100_000));
    });
    const result = accepted(
      await executeRequest(prepare(server.url), { ...options, maxBodyBytes: 1_000 }),
    );
    expect(result).toMatchObject({ truncated: true, bodyBytes: 1_000, totalBytes: 100_000 });
    expect(result.bodyText).toBe('x'.repeat(1_000));
  });

  it('keeps a body of exactly maxBodyBytes whole', async () => {
    const server = await startServer((_request, response) => response.end('y'.repeat(1_000)));
    const result = accepted(
      await executeRequest(prepare(server.url), { ...options, maxBodyBytes: 1_000 }),
    );
    expect(result).toMatchObject({ truncated: false, bodyBytes: 1_000, totalBytes: 1_000 });
  });

  it('stops reading an endless chunked body at the cap and says the full size is unknown', async () => {
    const server = await startServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain' }); // no Content-Length: chunked
      const timer = setInterval(() => response.write('z'.repeat(4_096)), 1);
      response.on('close', () => clearInterval(timer));
    });
    const result = accepted(
      await executeRequest(prepare(server.url), { ...options, maxBodyBytes: 10_000 }),
    );
    expect(result).toMatchObject({ truncated: true, bodyBytes: 10_000, totalBytes: null });
    expect(result.bodyText).toHaveLength(10_000);
  });

  // Regression guard: for a compressed answer, Content-Length counts the gzip bytes while
  // bodyBytes counts decoded bytes, so a cut body reports a "full size" smaller than what was kept
  // (describeSize shows e.g. "1.0 KB (64.0 KB kept)"). The full decoded size is unknown here.
  it('does not report a full size smaller than the part it kept (gzip answer)', async () => {
    const compressed = gzipSync(Buffer.from('a'.repeat(1_000_000)));
    const server = await startServer((_request, response) => {
      response.writeHead(200, {
        'Content-Type': 'text/plain',
        'Content-Encoding': 'gzip',
        'Content-Length': String(compressed.byteLength),
      });
      response.end(compressed);
    });
    const result = accepted(
      await executeRequest(prepare(server.url), { ...options, maxBodyBytes: 65_536 }),
    );
    expect(result.truncated).toBe(true);
    expect(result.bodyBytes).toBe(65_536);
    expect(result.totalBytes === null || result.totalBytes >= result.bodyBytes).toBe(true);
  });

  it('gives up with a typed timeout when the server never answers', async () => {
    const server = await startServer(() => {
      // accept the request and never answer
    });
    const started = Date.now();
    const error = refusal(
      await executeRequest(prepare(server.url), { ...options, timeoutMs: 200 }),
      'timeout',
    );
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(error.message).toContain(new URL(server.url).host);
  });

  it('gives up with a typed timeout when the body stalls after the headers', async () => {
    const server = await startServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      response.write('first part');
    });
    refusal(await executeRequest(prepare(server.url), { ...options, timeoutMs: 300 }), 'timeout');
  });

  it('reports a closed loopback port as server_unreachable with a hint to start the sandbox', async () => {
    const port = await closedPort();
    const error = refusal(
      await executeRequest(prepare(`http://127.0.0.1:${port}`), options),
      'server_unreachable',
    );
    expect(error.message).toContain(`127.0.0.1:${port}`);
    expect(error.hint).toContain('npm run sandbox');
  });

  it('never blames a server that is up for a call whose huge headers it never read', async () => {
    const server = await startServer((_request, response) => response.end('{}'));
    const token = 'T'.repeat(100 * 1024);
    const call = prepare(server.url, {
      headers: [
        ...prepare(server.url).headers,
        { name: 'Authorization', value: `Bearer ${token}` },
      ],
    });
    // As Chrome fails such a call: the fetch rejects, nothing reaches the server.
    const failing: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const error = refusal(
      await executeRequest(call, { ...options, fetch: failing }),
      'request_not_delivered',
    );
    expect(error.message).toContain('100 KB');
    expect(error.message).not.toMatch(/nothing answered|down/i);
    expect(error.hint).toContain('Authorization');
    expect(error.message + error.hint).not.toContain(token.slice(0, 64));
    // Node's own fetch against the real server: an answer (431) or the same truthful failure.
    const real = await executeRequest(call, options);
    if (!real.ok) expect(real.error.code).toBe('request_not_delivered');
    else expect(real.value.status).toBe(431);
    expect(server.received).toHaveLength(0);
  });

  it('does not follow a redirect: the Location target receives nothing', async () => {
    const elsewhere = await startServer((_request, response) => response.end('stolen'));
    const server = await startServer((_request, response) => {
      response.writeHead(302, { Location: `${elsewhere.url}/collect` });
      response.end();
    });
    const result = await executeRequest(prepare(server.url), options);
    expect(server.received).toHaveLength(1);
    expect(elsewhere.received).toHaveLength(0);
    // Node's fetch hands back the 3xx itself; a browser gives an opaque redirect (typed error).
    if (result.ok) {
      expect(result.value.status).toBe(302);
      expect(result.value.bodyText).not.toBe('stolen');
    } else {
      expect(result.error.code).toBe('redirect_not_followed');
    }
  });

  it('does not follow a 307 that would replay a POST body and key elsewhere', async () => {
    const elsewhere = await startServer((_request, response) => response.end('stolen'));
    const server = await startServer((_request, response) => {
      response.writeHead(307, { Location: `${elsewhere.url}/collect` });
      response.end();
    });
    await executeRequest(prepare(server.url, { method: 'POST', body: '{"a":1}' }), options);
    expect(elsewhere.received).toHaveLength(0);
  });

  it('measures the duration with the given clock', async () => {
    const server = await startServer((_request, response) => response.end('ok'));
    const ticks = [1_000, 1_042.37];
    const now = () => ticks.shift() ?? 0;
    const result = accepted(await executeRequest(prepare(server.url), { ...options, now }));
    expect(result.durationMs).toBe(42.4);
  });

  // Regression guard: a header value with a character above U+00FF passes the header
  // rules, then fetch throws a TypeError before any connection, and the user is told that nothing
  // is listening although the server is up. Expected: a refusal that names the header, or an answer.
  it('does not blame a running server for a header value fetch cannot encode', async () => {
    const server = await startServer((_request, response) => response.end('ok'));
    const built = buildV1Request(
      { baseUrl: server.url, companyId: COMPANY },
      { kind: 'apiKey', apiKey: API_KEY },
      {
        method: 'GET',
        path: 'products',
        query: [],
        headers: [{ name: 'X-Note', value: 'price 5 €' }],
        body: '',
      },
    );
    if (!built.ok) {
      expect(built.error.code).toBe('invalid_request');
      return;
    }
    const result = await executeRequest(built.value, options);
    if (!result.ok) expect(result.error.code).not.toBe('server_unreachable');
  });
});

/**
 * A fetch that reports to the observer what Chrome's onSendHeaders would: the headers it was given
 * (names as given), plus what the browser adds, then sends the request for real.
 */
function reportingFetch(observer: WireObserver, added: { name: string; value: string }[]) {
  const fetchAndReport: typeof fetch = (input, init) => {
    const headers = (init?.headers ?? []) as [string, string][];
    observer.report({
      method: init?.method ?? 'GET',
      url: String(input),
      headers: [...headers.map(([name, value]) => ({ name, value })), ...added],
    });
    return globalThis.fetch(input, init);
  };
  return fetchAndReport;
}

describe('the headers as sent on the wire', () => {
  const USER_AGENT = { name: 'User-Agent', value: 'PartnerApiDevTools/0.1.0' };

  it('come with the exchange beside what we set, secrets masked the same way', async () => {
    const server = await startServer((_request, response) => response.end('ok'));
    const wire = createWireObserver({ graceMs: 1_000, browser: 'chrome' });
    const result = accepted(
      await executeRequest(prepare(server.url), {
        ...options,
        wire,
        fetch: reportingFetch(wire, [USER_AGENT]),
      }),
    );
    expect(result.request.wire).toEqual({
      observed: true,
      headers: [...result.request.headers, USER_AGENT],
      unseen: ADDED_BELOW_THE_OBSERVER.chrome,
    });
    expect(JSON.stringify(result)).not.toContain(API_KEY);
  });

  it('say the report was late, not that the call never left, when an answer came back', async () => {
    const server = await startServer((_request, response) => response.end('ok'));
    const wire = createWireObserver({ graceMs: 10, browser: 'chrome' });
    const result = accepted(await executeRequest(prepare(server.url), { ...options, wire }));
    expect(result.request.wire).toBe(NOT_REPORTED);
  });

  it('say they were not watched when no observer runs (outside the extension)', async () => {
    const server = await startServer((_request, response) => response.end('ok'));
    const result = accepted(await executeRequest(prepare(server.url), options));
    expect(result.request.wire).toBe(NOT_WATCHED);
  });

  it('mark a call that composes Accept-Language, in a fragment the server never receives', async () => {
    const server = await startServer((_request, response) => response.end('ok'));
    const wire = createWireObserver({ graceMs: 1_000, browser: 'chrome' });
    const prepared = prepare(server.url);
    const withLanguage = {
      ...prepared,
      headers: [...prepared.headers, { name: 'Accept-Language', value: 'de' }],
    };
    const urls: string[] = [];
    const result = accepted(
      await executeRequest(withLanguage, {
        ...options,
        wire,
        fetch: (input, init) => {
          urls.push(String(input));
          return reportingFetch(wire, [])(input, init);
        },
      }),
    );
    expect(urls).toEqual([`${server.url}/v1/products/42#${KEEP_ACCEPT_LANGUAGE_FRAGMENT}`]);
    expect(server.received[0]?.url).toBe('/v1/products/42');
    expect(server.received[0]?.headers['accept-language']).toBe('de');
    // The panel shows the URL as composed, and the wire view was matched to the marked call.
    expect(result.request.url).toBe(`${server.url}/v1/products/42`);
    expect(result.request.wire.observed).toBe(true);
  });

  it('are still looked for when nothing answered, for the token debugger (sendObserved)', async () => {
    const port = await closedPort();
    const wire = createWireObserver({ graceMs: 20, browser: 'chrome' });
    const prepared = prepare(`http://127.0.0.1:${port}`);
    const reported = await sendObserved(prepared, {
      ...options,
      wire,
      fetch: reportingFetch(wire, [USER_AGENT]),
    });
    expect(refusal(reported.outcome).code).toBe('server_unreachable');
    expect(reported.wire.observed).toBe(true);
    const silent = await sendObserved(prepared, { ...options, wire });
    expect(silent.wire).toBe(NOT_SENT);
  });
});

describe('networkFailure', () => {
  it('calls an unreachable remote host host_unreachable, naming the host', () => {
    const error = networkFailure('https://api.partner-typo.example/v1/products', false, 30_000);
    expect(error.code).toBe('host_unreachable');
    expect(error.message).toContain('api.partner-typo.example');
    expect(error.hint).toMatch(/host name|DNS/);
    expect(error.hint).not.toContain('npm run sandbox');
  });

  it('calls an unreachable loopback address server_unreachable and points at the sandbox', () => {
    for (const url of [
      'http://localhost:8787/v1/x',
      'http://127.0.0.1:8787/v1/x',
      'http://[::1]:8787/',
    ]) {
      const error = networkFailure(url, false, 30_000);
      expect(error.code).toBe('server_unreachable');
      expect(error.hint).toContain('npm run sandbox');
    }
  });

  it('calls an abort after the time limit a timeout, in seconds, for any host', () => {
    const error = networkFailure('https://api.example.com/v1/x', true, 30_000);
    expect(error.code).toBe('timeout');
    expect(error.message).toContain('30 s');
    expect(networkFailure('http://127.0.0.1:8787/v1/x', true, 30_000).code).toBe('timeout');
  });
});

describe('readCappedBody', () => {
  const text = (body: { data: Uint8Array }) => new TextDecoder().decode(body.data);

  it('reads an empty body as no bytes', async () => {
    const empty = await readCappedBody(new Response(null), 10);
    expect({ ...empty, data: text(empty) }).toEqual({ data: '', bytes: 0, truncated: false });
  });

  it('cuts at the byte cap, not the character count', async () => {
    const full = await readCappedBody(new Response('grüße'), 100);
    expect({ text: text(full), bytes: full.bytes, truncated: full.truncated }).toEqual({
      text: 'grüße',
      bytes: 7,
      truncated: false,
    });
    const cut = await readCappedBody(new Response('abcdef'), 4);
    expect({ text: text(cut), bytes: cut.bytes, truncated: cut.truncated }).toEqual({
      text: 'abcd',
      bytes: 4,
      truncated: true,
    });
  });
});

describe('image bodies', () => {
  it('come back as base64 so the panel can show them, other bodies as text', async () => {
    const png = Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10, 0, 255]);
    const server = createServer((request, response) => {
      const image = request.url === '/v1/image';
      response.writeHead(200, { 'content-type': image ? 'image/png' : 'text/plain' });
      response.end(image ? png : 'plain');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const options = { fetch: globalThis.fetch, timeoutMs: 5_000, maxBodyBytes: 1_000 };
      const get = (path: string) =>
        executeRequest({ method: 'GET', url: `${base}${path}`, headers: [], body: null }, options);
      const image = await get('/v1/image');
      expect(image.ok && image.value.bodyBase64).toBe(Buffer.from(png).toString('base64'));
      expect(image.ok && image.value.bodyText).toBe('');
      const plain = await get('/v1/plain');
      expect(plain.ok && plain.value.bodyText).toBe('plain');
      expect(plain.ok && plain.value.bodyBase64).toBeUndefined();
    } finally {
      server.close();
    }
  });
});
