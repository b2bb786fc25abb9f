/**
 * `/__sandbox/*`: the sandbox's own control API, for people (curl) and tests in other processes.
 * No authentication: it only exists on the emulator. It never shows a secret of a caller whole; the
 * only credentials it gives out are its own demo values, which it prints at start anyway.
 *
 *   GET  /__sandbox/switches        the current fault switches
 *   POST /__sandbox/switches        merge a JSON object of switches (validated, all or nothing)
 *   GET  /__sandbox/requests        every request received, secrets masked
 *   POST /__sandbox/expire-tokens   make every issued token expired (try the panel's refresh)
 *   GET  /__sandbox/demo-profile    the demo profile's values (URLs and the demo credentials that
 *                                   the sandbox prints at start), for the panel's "Use local
 *                                   sandbox"; no CORS header, so a web page cannot read it
 *
 * POST requires Content-Type: application/json. A web page cannot send that cross-origin without a
 * CORS preflight, which the sandbox never approves, so a page open in the browser cannot flip
 * switches behind the developer's back.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { SandboxCredentials } from './credentials';
import { methodNotAllowed } from './faults';
import { jsonReply, type Reply } from './reply';
import { type RecordedRequest, redactRecord } from './request-log';
import { type SandboxSwitches, validateSwitchPatch } from './switches';

export interface ControlState {
  /** The sandbox's own address, e.g. http://127.0.0.1:8787. */
  url: string;
  credentials: SandboxCredentials;
  switches: SandboxSwitches;
  requests: readonly RecordedRequest[];
  expireAllTokens(): void;
}

export interface ControlRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type ControlHandler = (request: ControlRequest, state: ControlState) => Reply;

function controlError(status: number, code: string, message: string): Reply {
  return jsonReply(status, { error: { code, message } });
}

function readJsonBody(
  request: ControlRequest,
): { ok: true; value: unknown } | { ok: false; reply: Reply } {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    return {
      ok: false,
      reply: controlError(
        415,
        'unsupported_media_type',
        'Send the body as JSON with Content-Type: application/json.',
      ),
    };
  }
  try {
    return { ok: true, value: JSON.parse(request.body) as unknown };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      reply: controlError(400, 'invalid_json', `The body is not valid JSON (${reason}).`),
    };
  }
}

function updateSwitches(request: ControlRequest, state: ControlState): Reply {
  const body = readJsonBody(request);
  if (!body.ok) return body.reply;
  const patch = validateSwitchPatch(body.value);
  if (!patch.ok) return controlError(400, 'invalid_switch', patch.message);
  Object.assign(state.switches, patch.value);
  return jsonReply(200, state.switches);
}

/** Handlers by path, then by method: a table rather than a switch that grows. */
const CONTROL_ROUTES: Record<string, Record<string, ControlHandler>> = {
  '/__sandbox/switches': {
    GET: (_request, state) => jsonReply(200, state.switches),
    POST: updateSwitches,
  },
  '/__sandbox/requests': {
    GET: (_request, state) => {
      const requests = state.requests.map(redactRecord);
      return jsonReply(200, { count: requests.length, requests });
    },
  },
  '/__sandbox/demo-profile': {
    GET: (_request, { url, credentials }) =>
      jsonReply(200, { name: 'Local sandbox', authUrl: url, baseUrl: url, ...credentials }),
  },
  '/__sandbox/expire-tokens': {
    POST: (_request, state) => {
      state.expireAllTokens();
      return jsonReply(200, { expired: true });
    },
  },
};

export function handleControl(request: ControlRequest, state: ControlState): Reply {
  const methods = Object.hasOwn(CONTROL_ROUTES, request.path)
    ? CONTROL_ROUTES[request.path]
    : undefined;
  if (methods === undefined) {
    const known = Object.keys(CONTROL_ROUTES).join(', ');
    return controlError(
      404,
      'not_found',
      `No control endpoint ${request.path.slice(0, 100)}. The control endpoints are ${known}.`,
    );
  }
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
  if (handler === undefined)
    return methodNotAllowed(request.method, request.path, Object.keys(methods));
  return handler(request, state);
}
