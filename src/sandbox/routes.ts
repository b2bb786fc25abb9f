/**
 * Which part of the sandbox answers a request, and the gateway behaviour around the service
 * endpoints: the latency, HTML-page, 5xx and browser-origin switches act on the token endpoint and
 * `/v1/*` only, so the demo page and the control API stay usable while the "service" is misbehaving.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { handleControl } from './control';
import type { SandboxCredentials } from './credentials';
import { DEMO_APP_PATH, DEMO_APP_SCRIPT_PATH, demoAppPage, demoAppScript } from './demo-app';
import { DEMO_PAGE_CSP, renderDemoPage } from './demo-page';
import {
  AUTH_FAULTS,
  browserOriginRefused,
  htmlErrorPage,
  methodNotAllowed,
  proxyNotFound,
  serverErrorFault,
} from './faults';
import {
  afterAuthentication,
  beforeAuthentication,
  type PolicyState,
  shapeAuthFault,
} from './gateway-policies';
import { largeJsonBody } from './large-body';
import { htmlReply, type Reply } from './reply';
import type { RecordedRequest } from './request-log';
import { answerV1 } from './resources';
import type { SandboxSwitches } from './switches';
import { handleTokenRequest, TOKEN_PATH } from './token-endpoint';
import type { TokenStore } from './token-store';
import { checkV1Caller } from './v1-auth';

/** What one request brings to a handler, read once. */
export interface Incoming {
  method: string;
  path: string;
  query: string;
  /** Lower-cased names, repeated headers joined. */
  headers: Record<string, string>;
  rawHeaders: IncomingHttpHeaders;
  body: string;
  /** The caller's address as the socket saw it ('' when unknown). */
  remoteAddress: string;
}

export interface SandboxState {
  url: string;
  credentials: SandboxCredentials;
  switches: SandboxSwitches;
  store: TokenStore;
  requests: RecordedRequest[];
  /** What the spike arrest and the quota remember between calls. */
  policy: PolicyState;
  /** Aborted by close(), so that no latency timer outlives the server. */
  closed: AbortSignal;
  /** Aborted by releaseHeld() (then replaced): the latency waits under way end, their answers go. */
  held: AbortSignal;
}

/** The latency switch's wait: cut short by releaseHeld() (the answer goes on), ended by close(). */
async function latency(ms: number, state: SandboxState): Promise<void> {
  const released = state.held;
  try {
    await delay(ms, undefined, { signal: AbortSignal.any([state.closed, released]) });
  } catch (error) {
    if (state.closed.aborted || !released.aborted) throw error;
  }
}

/**
 * What a gateway in trouble answers before any policy runs: the latency switch delays, then an HTML
 * page or a 5xx fault replaces the real answer; a gateway that polices browsers then refuses a
 * request with an Origin header. Null when the call goes through.
 */
async function gatewayTrouble(incoming: Incoming, state: SandboxState): Promise<Reply | null> {
  const { switches } = state;
  if (switches.latencyMs > 0) await latency(switches.latencyMs, state);
  if (switches.htmlErrorPage) return htmlErrorPage();
  if (switches.serverError !== null) return serverErrorFault(switches.serverError);
  const origin = incoming.headers.origin;
  if (switches.rejectBrowserOrigin && origin !== undefined) return browserOriginRefused(origin);
  return null;
}

async function answerToken(incoming: Incoming, state: SandboxState): Promise<Reply> {
  const trouble = await gatewayTrouble(incoming, state);
  if (trouble !== null) return trouble;
  const { credentials, switches, store } = state;
  const request = { method: incoming.method, headers: incoming.rawHeaders, body: incoming.body };
  return handleTokenRequest(request, { credentials, switches, store, now: Date.now() });
}

async function answerApi(incoming: Incoming, state: SandboxState): Promise<Reply> {
  const trouble = await gatewayTrouble(incoming, state);
  if (trouble !== null) return trouble;
  if (state.switches.refuseTokens && /^Bearer /i.test(incoming.headers.authorization ?? ''))
    return AUTH_FAULTS.invalidAccessToken();
  const now = Date.now();
  const { switches, policy } = state;
  const early = beforeAuthentication(incoming, switches, policy, now);
  if (early !== null) return early;
  const checked = checkV1Caller(incoming.headers, {
    credentials: state.credentials,
    store: state.store,
    now,
  });
  if (!checked.ok) return shapeAuthFault(checked.reply, switches);
  const verified = {
    path: incoming.path,
    token: checked.token,
    identifier: state.credentials.clientId,
  };
  const refused = afterAuthentication(verified, switches, policy, now);
  if (refused !== null) return shapeAuthFault(refused, switches);
  const reply = answerV1(incoming, checked.caller, now);
  const { largeBodyBytes } = state.switches;
  // Only successful answers grow: a 404 stays small so the client can still read why.
  return largeBodyBytes > 0 && reply.status < 300
    ? { ...reply, body: largeJsonBody(largeBodyBytes) }
    : reply;
}

function answerDemoPage(incoming: Incoming, state: SandboxState): Reply {
  if (incoming.method !== 'GET' && incoming.method !== 'HEAD') {
    return methodNotAllowed(incoming.method, '/', ['GET']);
  }
  const headers = { 'content-security-policy': DEMO_PAGE_CSP };
  return htmlReply(200, renderDemoPage(state.url, state.credentials), headers);
}

function answerControl(incoming: Incoming, state: SandboxState): Reply {
  const expireAllTokens = () => state.store.expireAll(Date.now());
  return handleControl(incoming, {
    url: state.url,
    credentials: state.credentials,
    switches: state.switches,
    requests: state.requests,
    expireAllTokens,
  });
}

interface Area {
  matches: (path: string) => boolean;
  answer: (incoming: Incoming, state: SandboxState) => Reply | Promise<Reply>;
}

function answerDemoApp(incoming: Incoming, state: SandboxState): Reply {
  if (incoming.method !== 'GET' && incoming.method !== 'HEAD') {
    return methodNotAllowed(incoming.method, incoming.path, ['GET']);
  }
  return incoming.path === DEMO_APP_PATH ? demoAppPage() : demoAppScript(state.credentials);
}

/**
 * No icon, and no error either: browsers ask every page's origin for one, and a 404 would sit in
 * DevTools' console of the page people open DevTools on.
 */
const noFavicon = (): Reply => ({
  status: 204,
  contentType: 'image/x-icon',
  body: '',
  headers: {},
});

/** The areas of the sandbox, first match wins. */
const AREAS: readonly Area[] = [
  { matches: (path) => path === '/', answer: answerDemoPage },
  { matches: (path) => path === '/favicon.ico', answer: noFavicon },
  {
    matches: (path) => path === DEMO_APP_PATH || path === DEMO_APP_SCRIPT_PATH,
    answer: answerDemoApp,
  },
  { matches: (path) => path.startsWith('/__sandbox/'), answer: answerControl },
  { matches: (path) => path === TOKEN_PATH, answer: answerToken },
  { matches: (path) => path === '/v1' || path.startsWith('/v1/'), answer: answerApi },
];

/** Anything outside the areas gets the 404 Apigee gives when no proxy serves a path. */
export async function routeRequest(incoming: Incoming, state: SandboxState): Promise<Reply> {
  const area = AREAS.find((candidate) => candidate.matches(incoming.path));
  return area === undefined
    ? proxyNotFound(incoming.method, incoming.path)
    : area.answer(incoming, state);
}
