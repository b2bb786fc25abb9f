/**
 * Explains an error answer of a `/v1` call the way the token debugger explains a failed grant:
 * what the gateway or service said (Apigee fault, OAuth error, HTML page, a refusal of browser
 * origins) and what to check first.
 */
import { type OriginOnWire, originAdvice, recogniseOriginRefusal } from '../wire/origin-refusal';
import { readServerMessage, type ServerMessage } from './server-message';

export interface ServiceErrorExplanation {
  said: string;
  advice: string;
}

const ADVICE: Record<string, string> = {
  'oauth.v2.InvalidApiKey':
    'The API key is not valid for this gateway: check it in the profile, or ask the provider whether it was revoked.',
  'steps.oauth.v2.FailedToResolveAPIKey':
    'No API key reached the gateway: check the profile’s auth method.',
  'keymanagement.service.access_token_expired':
    'The token expired: the panel gets a new one by itself on the next call.',
  'keymanagement.service.invalid_access_token':
    'The gateway does not know this token: press Get token, and check the Auth URL belongs to this Base URL’s environment.',
  'oauth.v2.InvalidAccessToken':
    'The gateway refused the token: press Get token and check its diagnostics.',
};

/** What the answer says, in one line; null when it says nothing readable. */
function saidBy(server: ServerMessage, status: number): string | null {
  switch (server.kind) {
    case 'apigee_fault':
      return `${server.message}${server.code ? ` [${server.code}]` : ''}`;
    case 'apigee_error':
    case 'oauth':
      return `${server.code}${server.message ? `: ${server.message}` : ''}`;
    case 'html':
      return `an HTML page${server.title ? ` titled “${server.title}”` : ''}`;
    case 'text':
      return `“${server.excerpt.slice(0, 120)}”`;
    default:
      return status === 403 ? 'nothing (403 Forbidden, empty body)' : null;
  }
}

function htmlAdvice(status: number): string {
  if (status === 502 || status === 503 || status === 504) {
    return 'A gateway or load balancer answered with its own error page: it could not get an answer from the service behind it (down, restarting or too slow). Try again in a moment and tell the provider if it persists; only if every call gets this page, check the Base URL.';
  }
  return 'An HTML error page usually comes from a load balancer or a wrong host: check the Base URL.';
}

export function explainServiceError(
  status: number,
  contentType: string,
  bodyText: string,
  origin: OriginOnWire = null,
): ServiceErrorExplanation | null {
  if (status < 400) return null;
  const server = readServerMessage(bodyText, contentType);
  const said = saidBy(server, status);
  if (said === null) return null;
  const refusal = recogniseOriginRefusal(status, server, origin);
  if (refusal !== null) return { said, advice: originAdvice(refusal, origin).join(' ') };
  switch (server.kind) {
    case 'apigee_fault':
      return {
        said,
        advice:
          (server.code && ADVICE[server.code]) ??
          'Read the fault string: it names the policy that refused the call.',
      };
    case 'apigee_error':
    case 'oauth':
      return {
        said,
        advice:
          status === 401
            ? 'Check the profile’s credentials.'
            : 'Check the request against what the service expects.',
      };
    case 'html':
      return { said, advice: htmlAdvice(status) };
    default:
      return null;
  }
}
