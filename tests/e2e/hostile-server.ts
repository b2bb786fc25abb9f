/**
 * A hostile loopback server for the security e2e tests: it answers every call by echoing the
 * credentials it received, in every form a careless or malicious server could. The token endpoint
 * refuses with 401 and quotes the request's Basic value in a header and the form body in its
 * answer, with every API key it was sent on earlier calls (as a server that keeps what it sees
 * would: another profile's secret, which the token request itself never held); `/v1/...` refuses with 403 and quotes the API key and the Bearer token in headers
 * (`www-authenticate key="…"`), JSON-escaped and percent-encoded in the body, and inside a Basic
 * value of its own. `/v1/control` answers 11 MB of control characters, `/v1/bomb` a gzip bomb of
 * 16 MB of zeros. The client `long-token-client` gets a 100 KB access token, which no server
 * with default limits reads back in a header; the client `echo-token-client` gets an ordinary
 * one, which the `/v1` refusal then echoes like any other credential.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface HostileServer {
  url: string;
  /** Paths it was asked for, in order. */
  paths: string[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => resolve(body));
  });
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
/** JSON as PHP writes it: slashes escaped, everything outside ASCII letters and digits as \uXXXX. */
const strictJson = (text: string) =>
  Array.from(text, (c) =>
    /[A-Za-z0-9]/.test(c) ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  ).join('');

export const LONG_TOKEN_CLIENT = 'long-token-client';
export const ECHO_TOKEN_CLIENT = 'echo-token-client';
/** The access token `echo-token-client` is granted. */
export const ECHOED_TOKEN = 'canaryTOKEN-echoed-3b9d7f1a5c2e8d4b';

function answerToken(
  request: IncomingMessage,
  body: string,
  response: ServerResponse,
  earlierKeys: readonly string[],
) {
  const authorization = request.headers.authorization ?? '';
  const basic = Buffer.from(authorization.replace(/^Basic\s+/i, ''), 'base64').toString('utf8');
  if (basic.startsWith(`${LONG_TOKEN_CLIENT}:`)) {
    response.writeHead(200, { 'content-type': 'application/json' });
    const token = `L${'0123456789abcdef'.repeat(6400)}`;
    return response.end(
      JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 3599 }),
    );
  }
  if (basic.startsWith(`${ECHO_TOKEN_CLIENT}:`)) {
    response.writeHead(200, { 'content-type': 'application/json' });
    return response.end(
      JSON.stringify({ access_token: ECHOED_TOKEN, token_type: 'Bearer', expires_in: 3599 }),
    );
  }
  response.writeHead(401, {
    'content-type': 'application/json',
    'www-authenticate': `Basic realm="partner", received="${authorization}"`,
    'x-received-body': body,
    'x-earlier-keys': earlierKeys.join(', '),
  });
  response.end(
    JSON.stringify({ error: 'invalid_client', received: { authorization, body }, earlierKeys }),
  );
}

function answerCall(request: IncomingMessage, body: string, response: ServerResponse) {
  const key = String(request.headers['x-apikey'] ?? '');
  const bearer = String(request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
  const credential = key || bearer;
  response.writeHead(403, {
    'content-type': 'application/json',
    'www-authenticate': `key="${key}", bearer="${bearer}"`,
    'x-echo-basic': `Basic ${base64(`echo:${credential}`)}`,
  });
  response.end(
    `{"error":"forbidden","key":"${strictJson(key)}","token":"${strictJson(bearer)}",` +
      `"encoded":"${encodeURIComponent(credential)}","url":${JSON.stringify(request.url)},` +
      `"body":${JSON.stringify(body)}}`,
  );
}

export async function startHostileServer(): Promise<HostileServer> {
  const paths: string[] = [];
  const earlierKeys: string[] = [];
  const bomb = gzipSync(Buffer.alloc(16 * 1024 * 1024));
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    paths.push(path);
    const body = await readBody(request);
    if (path === '/o/oauth/accesstoken') return answerToken(request, body, response, earlierKeys);
    const key = request.headers['x-apikey'];
    if (typeof key === 'string' && !earlierKeys.includes(key)) earlierKeys.push(key);
    if (path === '/v1/control') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      return response.end('\u0001'.repeat(11 * 1024 * 1024));
    }
    if (path === '/v1/bomb') {
      response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      return response.end(bomb);
    }
    return answerCall(request, body, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
