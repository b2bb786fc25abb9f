/**
 * A standards-strict OAuth 2.0 token endpoint for the end-to-end tests: `oidc-provider` (a certified
 * OpenID Provider) in-process on a free loopback port, its token route moved to the spec's
 * `/o/oauth/accesstoken`, with the `client_credentials` grant and two clients whose secrets hold the
 * characters that RFC 6749 form-encoding changes (`%`, `+`, `:`, `&`).
 *
 * Why it exists: the sandbox decodes a Basic header the way Apigee does (no form-decoding of the
 * parts). A strict server form-decodes both parts (RFC 6749 2.3.1, appendix B), so a Basic header
 * built from the raw secret fails there; the panel's "Form-encode credentials (RFC 6749)" switch is
 * what makes variant A work against it. oidc-provider 8 accepts either mechanism for a client
 * registered as `client_secret_basic` or `client_secret_post` (they share one secret check), so the
 * two clients differ only in their registered method and secret.
 *
 * Its client CORS policy is oidc-provider's default, which refuses any token request carrying an
 * `Origin` the client did not register (`invalid_request (origin … not allowed for client: …)`):
 * the panel passes only because its header rule keeps the browser's Origin off the request, as a
 * server-side client would send it. Otherwise quiet by construction: own signing key, own store and
 * own TTL, so oidc-provider has no development default to warn about (it would warn on the
 * console, naming `clientBasedCORS`, the moment a request with an Origin arrived).
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error oidc-provider 8 ships no type declarations; the part used here is typed below.
import Provider from 'oidc-provider';

export const STRICT_TOKEN_PATH = '/o/oauth/accesstoken';
/** Lifetime of issued access tokens, in seconds (`expires_in`). */
export const STRICT_TOKEN_LIFETIME_SECONDS = 3600;

export interface StrictClient {
  id: string;
  secret: string;
}

export interface StrictPeerRequest {
  method: string;
  path: string;
  /** Lower-cased names, as Node reports them. */
  headers: Record<string, string | string[] | undefined>;
}

export interface StrictPeer {
  /** e.g. http://127.0.0.1:41234, no trailing slash: the issuer and the Auth URL. */
  url: string;
  /** Registered with token_endpoint_auth_method `client_secret_basic`. */
  basicClient: StrictClient;
  /** Registered with token_endpoint_auth_method `client_secret_post`. */
  postClient: StrictClient;
  /** Every request received (method, path, headers; bodies are left to oidc-provider), in order. */
  requests: StrictPeerRequest[];
  close(): Promise<void>;
}

/** Plain ids; secrets with every character whose RFC 6749 form-encoding differs from itself. */
export const STRICT_BASIC_CLIENT: StrictClient = Object.freeze({
  id: 'strict-basic-client',
  secret: 's3cr%t+val:ue&more',
});
export const STRICT_POST_CLIENT: StrictClient = Object.freeze({
  id: 'strict-post-client',
  secret: 'p0st%t+val:ue&more',
});

type AdapterPayload = Record<string, unknown>;

interface ProviderInstance {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
}
type ProviderConstructor = new (issuer: string, configuration: object) => ProviderInstance;
const StrictProvider: ProviderConstructor = Provider;

/**
 * oidc-provider's storage interface, held per peer (its own memory adapter is one module-wide cache
 * and announces itself on the console). Only client-credentials tokens are ever stored here.
 */
function storeFactory() {
  const entries = new Map<string, AdapterPayload>();
  return (model: string) => {
    const key = (id: string) => `${model}:${id}`;
    return {
      async upsert(id: string, payload: AdapterPayload) {
        entries.set(key(id), payload);
      },
      async find(id: string) {
        return entries.get(key(id));
      },
      async findByUid() {
        return undefined;
      },
      async findByUserCode() {
        return undefined;
      },
      async consume(id: string) {
        const entry = entries.get(key(id));
        if (entry !== undefined) entry.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id: string) {
        entries.delete(key(id));
      },
      async revokeByGrantId() {
        // Client-credentials tokens belong to no grant.
      },
    };
  };
}

function signingKeys() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { keys: [{ ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256' }] };
}

function strictClient(client: StrictClient, method: 'client_secret_basic' | 'client_secret_post') {
  return {
    client_id: client.id,
    client_secret: client.secret,
    token_endpoint_auth_method: method,
    grant_types: ['client_credentials'],
    redirect_uris: [],
    response_types: [],
  };
}

function listen(server: ReturnType<typeof createServer>): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export async function startStrictPeer(): Promise<StrictPeer> {
  const requests: StrictPeerRequest[] = [];
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    requests.push({
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0] ?? '/',
      headers: { ...req.headers },
    });
    if (handler === null) {
      res.writeHead(503).end();
      return;
    }
    handler(req, res);
  });
  // The issuer must carry the real port, and the port is known only once the server listens.
  const port = await listen(server);
  const url = `http://127.0.0.1:${port}`;
  const provider = new StrictProvider(url, {
    clients: [
      strictClient(STRICT_BASIC_CLIENT, 'client_secret_basic'),
      strictClient(STRICT_POST_CLIENT, 'client_secret_post'),
    ],
    routes: { token: STRICT_TOKEN_PATH },
    features: {
      clientCredentials: { enabled: true },
      devInteractions: { enabled: false },
    },
    ttl: { ClientCredentials: STRICT_TOKEN_LIFETIME_SECONDS },
    jwks: signingKeys(),
    adapter: storeFactory(),
    cookies: { keys: ['strict-peer-cookie-key'] },
  });
  handler = provider.callback();

  let closing: Promise<void> | null = null;
  return {
    url,
    basicClient: STRICT_BASIC_CLIENT,
    postClient: STRICT_POST_CLIENT,
    requests,
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
