/**
 * The sandbox emulator: a real HTTP server on loopback that behaves like the partner service behind
 * its Apigee gateway (docs/spec/service-access.md). It serves the token endpoint (variants A and B),
 * `/v1/*` with the header contract enforced, a demo page at `/` and the `/__sandbox/*` control API,
 * and it records every request it receives. Node only; never bundled into the extension.
 *
 * Try it: `npm run sandbox`, then open the printed URL.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_CREDENTIALS, type SandboxCredentials } from './credentials';
import { apigeeFault, bodyTooLarge } from './faults';
import { newPolicyState } from './gateway-policies';
import { MAX_BODY_BYTES, readBody } from './read-body';
import { writeReply } from './reply';
import { appendRecord, flattenHeaders, type RecordedRequest, splitTarget } from './request-log';
import { routeRequest, type SandboxState } from './routes';
import { DEFAULT_SWITCHES, type SandboxSwitches, validateSwitchPatch } from './switches';
import { TOKEN_PATH } from './token-endpoint';
import { TokenStore } from './token-store';

export type { SandboxCredentials } from './credentials';
export { DEMO_CREDENTIALS } from './credentials';
export type { RecordedRequest } from './request-log';
export type { SandboxSwitches } from './switches';
export { DEFAULT_SWITCHES } from './switches';

export interface Sandbox {
  /** e.g. http://127.0.0.1:8787, no trailing slash; both the Auth URL and the Base URL. */
  url: string;
  port: number;
  credentials: SandboxCredentials;
  /** Live: change a field and the next request sees it. */
  switches: SandboxSwitches;
  /** Every request received, in order (the latest 1000), with raw header values. */
  requests: RecordedRequest[];
  /** Number of `POST /o/oauth/accesstoken` requests received, whatever their outcome. */
  tokenRequestCount(): number;
  /** Makes every token issued so far expired. */
  expireAllTokens(): void;
  /**
   * Sends at once every answer the latency switch holds now (later requests still wait
   * `latencyMs`): a test's way to answer a call late at the moment it chooses, not after a timer.
   */
  releaseHeld(): void;
  close(): Promise<void>;
}

export interface SandboxOptions {
  host?: string;
  /** 0 picks a free port; `Sandbox.port` reports the real one. */
  port?: number;
  credentials?: Partial<SandboxCredentials>;
  switches?: Partial<SandboxSwitches>;
}

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8787;

function initialSwitches(options: Partial<SandboxSwitches> | undefined): SandboxSwitches {
  const patch = validateSwitchPatch(options ?? {});
  if (!patch.ok) throw new TypeError(`createSandbox: ${patch.message}`);
  return { ...DEFAULT_SWITCHES, ...patch.value };
}

/** The address clients should use: an unspecified bind address is reached through loopback. */
function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** Rejects with Node's own error (code EADDRINUSE, EACCES, …) so that callers can explain it. */
function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? DEFAULT_HOST;
  const closed = new AbortController();
  let held = new AbortController();
  const state: SandboxState = {
    url: '',
    credentials: { ...DEMO_CREDENTIALS, ...options.credentials },
    switches: initialSwitches(options.switches),
    store: new TokenStore(),
    requests: [],
    policy: newPolicyState(),
    closed: closed.signal,
    held: held.signal,
  };
  let tokenRequests = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = Date.now();
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const { path, query } = splitTarget(url);
    if (path === TOKEN_PATH && method === 'POST') tokenRequests++;
    const headers = flattenHeaders(req);
    const read = await readBody(req, MAX_BODY_BYTES);
    appendRecord(state.requests, {
      method,
      url,
      path,
      headers,
      body: read.ok ? read.body : '',
      at,
    });
    if (!read.ok) return writeReply(res, method, bodyTooLarge(MAX_BODY_BYTES));
    const incoming = {
      method,
      path,
      query,
      headers,
      rawHeaders: req.headers,
      body: read.body,
      remoteAddress: req.socket.remoteAddress ?? '',
    };
    writeReply(res, method, await routeRequest(incoming, state));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A bug in the sandbox must show up in the answer, not vanish.
      const message = error instanceof Error ? error.message : String(error);
      const fault = apigeeFault(500, `Sandbox internal error: ${message}`, 'sandbox.internalError');
      writeReply(res, req.method ?? 'GET', fault);
    });
  });
  await listen(server, host, options.port ?? DEFAULT_PORT);
  const { port } = server.address() as AddressInfo;
  state.url = `http://${urlHost(host)}:${port}`;

  let closing: Promise<void> | null = null;
  return {
    url: state.url,
    port,
    credentials: state.credentials,
    switches: state.switches,
    requests: state.requests,
    tokenRequestCount: () => tokenRequests,
    expireAllTokens: () => state.store.expireAll(Date.now()),
    releaseHeld: () => {
      const holding = held;
      held = new AbortController();
      state.held = held.signal;
      holding.abort();
    },
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        closed.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive and in-flight connections too: closing must not wait for a latency switch.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
