/**
 * Error bodies in the two shapes an Apigee gateway uses, so that clients (and the panel's
 * diagnostics) meet in the sandbox what they will meet in production:
 * - policy faults: `{"fault":{"faultstring":"…","detail":{"errorcode":"…"}}}`;
 * - OAuth token endpoint errors: `{"ErrorCode":"…","Error":"…"}`.
 * Error codes starting with `sandbox.` are the sandbox's own; the others are Apigee's.
 */
import { STATUS_CODES } from 'node:http';
import { htmlReply, jsonReply, type Reply } from './reply';

export function apigeeFault(status: number, faultstring: string, errorcode: string): Reply {
  return jsonReply(status, { fault: { faultstring, detail: { errorcode } } });
}

export function oauthError(status: number, errorCode: string, error: string): Reply {
  return jsonReply(status, { ErrorCode: errorCode, Error: error });
}

/** The faults of API key and access token verification, worded exactly as Apigee words them. */
export const AUTH_FAULTS = {
  missingApiKey: () =>
    apigeeFault(
      401,
      'Failed to resolve API Key variable request.header.x-apikey',
      'steps.oauth.v2.FailedToResolveAPIKey',
    ),
  invalidApiKey: () => apigeeFault(401, 'Invalid ApiKey', 'oauth.v2.InvalidApiKey'),
  /** Apigee's answer when the Authorization header is not `Bearer <token>`. */
  malformedBearer: () => apigeeFault(401, 'Invalid access token', 'oauth.v2.InvalidAccessToken'),
  invalidAccessToken: () =>
    apigeeFault(401, 'Invalid Access Token', 'keymanagement.service.invalid_access_token'),
  accessTokenExpired: () =>
    apigeeFault(401, 'Access Token expired', 'keymanagement.service.access_token_expired'),
} as const;

/** What Apigee says for the 5xx statuses it produces itself; other statuses get a generic text. */
const GATEWAY_FAULTS: Record<number, [faultstring: string, errorcode: string]> = {
  500: ['Internal Server Error', 'messaging.runtime.InternalServerError'],
  502: ['Unexpected EOF at target', 'messaging.adaptors.http.flow.UnexpectedEOFAtTarget'],
  503: [
    'The Service is temporarily unavailable',
    'messaging.adaptors.http.flow.ServiceUnavailable',
  ],
  504: ['Gateway Timeout', 'messaging.adaptors.http.flow.GatewayTimeout'],
};

export function serverErrorFault(status: number): Reply {
  const [faultstring, errorcode] = GATEWAY_FAULTS[status] ?? [
    STATUS_CODES[status] ?? 'Server Error',
    'sandbox.switch.serverError',
  ];
  return apigeeFault(status, faultstring, errorcode);
}

/**
 * What a gateway that polices browsers answers to a request carrying an Origin header (the
 * `--reject-browser-origin` switch): a 403 policy fault that names the origin.
 */
export function browserOriginRefused(origin: string): Reply {
  return apigeeFault(
    403,
    `Requests from a browser are not accepted (Origin: ${origin.slice(0, 200)}). Call this API from a server-side client.`,
    'sandbox.origin.notAllowed',
  );
}

/** The page a load balancer (or a wrong host) gives instead of JSON: clients must not choke on it. */
export function htmlErrorPage(): Reply {
  return htmlReply(
    502,
    '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
  );
}

export function proxyNotFound(method: string, path: string): Reply {
  return apigeeFault(
    404,
    `Unable to identify proxy for host: sandbox and url: ${path.slice(0, 200)} (${method}). The sandbox serves /o/oauth/accesstoken, /v1/…, /__sandbox/switches, /__sandbox/requests and /.`,
    'messaging.adaptors.http.flow.ApplicationNotFound',
  );
}

export function methodNotAllowed(method: string, path: string, allowed: readonly string[]): Reply {
  const reply = apigeeFault(
    405,
    `Method ${method} is not allowed on ${path}; use ${allowed.join(' or ')}.`,
    'sandbox.method.notAllowed',
  );
  return { ...reply, headers: { allow: allowed.join(', ') } };
}

export function bodyTooLarge(limitBytes: number): Reply {
  return apigeeFault(
    413,
    `Body buffer overflow: the sandbox accepts request bodies up to ${limitBytes} bytes.`,
    'protocol.http.TooBigBody',
  );
}
