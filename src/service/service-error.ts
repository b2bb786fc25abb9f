/**
 * Explains an error answer of a `/v1` call the way the token debugger explains a failed grant:
 * what the gateway or service said (Apigee fault, OAuth error, HTML page) and what to check.
 */
import { readServerMessage } from './token-failure';

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

export function explainServiceError(
  status: number,
  contentType: string,
  bodyText: string,
): ServiceErrorExplanation | null {
  if (status < 400) return null;
  const server = readServerMessage(bodyText, contentType);
  switch (server.kind) {
    case 'apigee_fault':
      return {
        said: `${server.message}${server.code ? ` [${server.code}]` : ''}`,
        advice:
          (server.code && ADVICE[server.code]) ??
          'Read the fault string: it names the policy that refused the call.',
      };
    case 'apigee_error':
    case 'oauth':
      return {
        said: `${server.code}${server.message ? `: ${server.message}` : ''}`,
        advice:
          status === 401
            ? 'Check the profile’s credentials.'
            : 'Check the request against what the service expects.',
      };
    case 'html':
      return {
        said: `an HTML page${server.title ? ` titled “${server.title}”` : ''}`,
        advice:
          'An HTML error page usually comes from a load balancer or a wrong host: check the Base URL.',
      };
    default:
      return null;
  }
}
