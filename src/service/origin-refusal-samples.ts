/**
 * Real answers of servers that police browsers (and two of the same servers refusing for other
 * reasons), byte for byte, for the tests of the explainers. Where each one comes from:
 * - oidc-provider 8.8 (panva), default `clientBasedCORS`, a token request carrying an Origin, and
 *   the same server refusing a raw Basic header and a wrong secret: captured from the running
 *   library (tests/e2e/strict-peer.ts with its defaults);
 * - Apigee's CORS policy: the example error response of the policy's documentation ("CORS policy",
 *   Error codes, Apigee X);
 * - Spring Framework's `DefaultCorsProcessor`, which rejects a request from an origin it does not
 *   allow with a bare 403 and the text "Invalid CORS request";
 * - the sandbox with `--reject-browser-origin` (src/sandbox/faults.ts, checked by its tests).
 */

export interface SampleAnswer {
  status: number;
  contentType: string;
  body: string;
}

export const ANSWERS = {
  oidcOriginNotAllowed: {
    status: 400,
    contentType: 'application/json; charset=utf-8',
    body: '{"error":"invalid_request","error_description":"origin chrome-extension://abcdefghijklmnopabcdefghijklmnop not allowed for client: strict-post-client"}',
  },
  oidcBasicNotEncoded: {
    status: 400,
    contentType: 'application/json; charset=utf-8',
    body: '{"error":"invalid_request","error_description":"client_id and client_secret in the authorization header are not properly encoded"}',
  },
  oidcWrongSecret: {
    status: 401,
    contentType: 'application/json; charset=utf-8',
    body: '{"error":"invalid_client","error_description":"client authentication failed"}',
  },
  apigeeCorsFault: {
    status: 500,
    contentType: 'application/json',
    body: '{"fault":{"detail":{"errorcode":"steps.cors.UnresolvedVariable"},"faultstring":"CORS[AddCORS]: unable to resolve variable wrong.var"}}',
  },
  springInvalidCors: { status: 403, contentType: '', body: 'Invalid CORS request' },
  sandboxOriginRefused: {
    status: 403,
    contentType: 'application/json',
    body: '{"fault":{"faultstring":"Requests from a browser are not accepted (Origin: chrome-extension://abcdefghijklmnopabcdefghijklmnop). Call this API from a server-side client.","detail":{"errorcode":"sandbox.origin.notAllowed"}}}',
  },
} as const satisfies Record<string, SampleAnswer>;
