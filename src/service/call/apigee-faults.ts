/**
 * The catalogue of Apigee faults a partner meets: one row per error code, with the policy that
 * raises it, what it means, what to do, who can fix it, whether a new token can help, and where
 * the facts come from. Written in our words from Apigee's public documentation (and, where the
 * documentation is silent, from public Apigee-fronted APIs and Apigee's community; the row's
 * `source` says which). Loaded with the response's explanation, never at panel start-up.
 *
 * Codes arrive with varying prefixes (`steps.oauth.v2.`, `keymanagement.service.`, `oauth.v2.`,
 * `policies.ratelimit.`, `accesscontrol.`), so rows are found by the code's last segment.
 */

export type FaultFixer = 'you' | 'provider' | 'you, then the provider';
/** Whether getting a new token can make the call pass. */
export type NewTokenHelps = 'yes' | 'maybe' | 'no';

export interface FaultFacts {
  /** The code's last segment, e.g. `SpikeArrestViolation`. */
  code: string;
  policy: string;
  /** A few words for the status line: "Spike arrest: rate limit". */
  title: string;
  means: string;
  todo: string;
  fixer: FaultFixer;
  newToken: NewTokenHelps;
  /** Where the facts come from: public pages, named. */
  source: string;
}

const DOCS = 'https://cloud.google.com/apigee/docs/api-platform';
const OAUTH_STATUS = `${DOCS}/reference/policies/oauth-http-status-code-reference`;
const GET_OAUTH_INFO = `${DOCS}/reference/policies/get-oauth-v2-info-policy`;
const ERROR_CODES = `${DOCS}/reference/policies/error-code-reference`;
const CC_TUTORIAL = `${DOCS}/tutorials/secure-calls-your-api-through-oauth-20-client-credentials`;
const SPIKE_ERRORS =
  'https://docs.apigee.com/api-platform/troubleshoot/policies/runtime/spike-arrest-runtime-errors';
const SPIKE_TUTORIAL = 'https://docs.apigee.com/api-platform/tutorials/add-spike-arrest';
const SAP_OAUTH = 'https://github.com/SAP-docs/btp-integration-suite (OAuth v2.0 policy page)';
const APID = 'https://github.com/apid/apidVerifyApiKey (Apigee’s verify-api-key implementation)';
const COMMUNITY = 'https://discuss.google.dev (Apigee community)';

const ROWS: readonly FaultFacts[] = [
  {
    code: 'InvalidApiKey',
    policy: 'VerifyAPIKey',
    title: 'API key not recognised',
    means:
      'The gateway does not know this API key in this organisation and environment: a typo, a key of another environment, or a deleted credential.',
    todo: 'Copy the key again from the provider’s portal for this environment and compare its first and last four characters with the profile’s.',
    fixer: 'you',
    newToken: 'no',
    source: `Seen at HTTP 401 in public Apigee-fronted APIs; ${COMMUNITY}`,
  },
  {
    code: 'InvalidApiKeyForGivenResource',
    policy: 'VerifyAPIKey',
    title: 'API key not allowed on this path',
    means:
      'The key is valid, but its credential is not approved for an API product that covers this proxy, path and environment (or its product approval is still pending).',
    todo: 'Check which API products the key is on, that they are enabled for this environment and include this path; ask the provider to add them or approve a pending request.',
    fixer: 'provider',
    newToken: 'no',
    source: `Seen at HTTP 401 (body or WWW-Authenticate) in public Apigee-fronted APIs; ${COMMUNITY}`,
  },
  {
    code: 'FailedToResolveAPIKey',
    policy: 'VerifyAPIKey',
    title: 'API key not found in the request',
    means:
      'The key is not where the policy reads it: the fault string names the variable it looked in (a header such as x-apikey, or a query parameter).',
    todo: 'Send the key exactly where the fault string says (header or query parameter, with that name), with no stray space.',
    fixer: 'you',
    newToken: 'no',
    source:
      'Apigee hybrid’s tutorial shows this fault body (https://cloud.google.com/apigee/docs/hybrid); seen at HTTP 401 in public Apigee-fronted APIs',
  },
  {
    code: 'InvalidAccessToken',
    policy: 'OAuthV2 VerifyAccessToken',
    title: 'Access token missing or malformed',
    means:
      'No usable access token reached the gateway: no Authorization header, or not in the form “Bearer <token>” (the word Bearer is required, and token_type “BearerToken” is not a prefix).',
    todo: 'Send Authorization: Bearer <access_token>; check nothing on the way (a proxy, a redirect) strips the header. The panel gets one new token and retries once.',
    fixer: 'you',
    newToken: 'yes',
    source: `${CC_TUTORIAL}; ${SAP_OAUTH}`,
  },
  {
    code: 'invalid_access_token',
    policy: 'OAuthV2 VerifyAccessToken / GetOAuthV2Info',
    title: 'Access token unknown',
    means:
      'The gateway does not know this token: revoked, cut short when copied, or issued by another environment’s token endpoint. GetOAuthV2Info reports it with HTTP 500.',
    todo: 'The panel gets one new token and retries once; if that fails too, check that the Auth URL belongs to the Base URL’s environment.',
    fixer: 'you',
    newToken: 'yes',
    source: `${GET_OAUTH_INFO}; ${SAP_OAUTH}`,
  },
  {
    code: 'access_token_expired',
    policy: 'OAuthV2 VerifyAccessToken / GetOAuthV2Info',
    title: 'Access token expired',
    means:
      'The token is past its expiry (expires_in seconds after issued_at). Gateways report it with 401, and with 500 where the proxy uses GetOAuthV2Info.',
    todo: 'Nothing to do: the panel gets one new token and retries once, whatever the status. If tokens expire early, compare this computer’s clock with the server’s Date header.',
    fixer: 'you',
    newToken: 'yes',
    source: `${GET_OAUTH_INFO}; ${OAUTH_STATUS}`,
  },
  {
    code: 'access_token_not_approved',
    policy: 'OAuthV2 VerifyAccessToken',
    title: 'Access token revoked',
    means: 'The token’s status is not approved: it was revoked, or its app or credential was.',
    todo: 'Get a new token; if the new one is refused too, the app or credential was revoked: ask the provider.',
    fixer: 'you, then the provider',
    newToken: 'maybe',
    source: `${GET_OAUTH_INFO} (token status attribute); code seen in public fault handlers`,
  },
  {
    code: 'InvalidAPICallAsNoApiProductMatchFound',
    policy: 'OAuthV2 VerifyAccessToken',
    title: 'No API product covers this call',
    means:
      'None of the token’s API products covers this proxy, path and environment: the path is outside the products, a product is not enabled for this environment, or the token was minted before the product was added to the app (a token keeps the products it was minted with).',
    todo: 'Compare the token’s products and issue time with the method and path below. A token minted before a product was added needs renewing (the panel tries one new token); otherwise ask the provider to add the product, path or environment to your app.',
    fixer: 'you, then the provider',
    newToken: 'maybe',
    source: `${OAUTH_STATUS}; ${GET_OAUTH_INFO}; ${SAP_OAUTH}; ${COMMUNITY}`,
  },
  {
    code: 'apiresource_doesnot_exist',
    policy: 'OAuthV2 VerifyAccessToken',
    title: 'Path not in the API product',
    means: 'The requested path is not one of the resource paths of the token’s API products.',
    todo: 'Check the exact path (a trailing slash, the version prefix) against the provider’s documentation; if it is right, ask the provider to add it to the product.',
    fixer: 'you, then the provider',
    newToken: 'no',
    source: OAUTH_STATUS,
  },
  {
    code: 'InsufficientScope',
    policy: 'OAuthV2 VerifyAccessToken (with Scope)',
    title: 'Token lacks a required scope',
    means:
      'The token’s scopes do not include the ones this operation requires; the fault string names them.',
    todo: 'Ask for the scopes in the token request (scope=…) if your app’s products allow them; otherwise ask the provider to grant them.',
    fixer: 'you, then the provider',
    newToken: 'maybe',
    source: `${SAP_OAUTH}; seen at HTTP 403 in public Apigee-fronted APIs`,
  },
  {
    code: 'InvalidClientIdentifier',
    policy: 'OAuthV2 GenerateAccessToken (token endpoint)',
    title: 'Client credentials refused',
    means:
      'The token endpoint did not accept the client ID and secret (or found none where it reads them). It answers HTTP 500, but this is a credentials problem, not a server failure; the “{0}” in its text is Apigee’s own.',
    todo: 'Check the client ID and secret belong to this environment; try the other variant (Basic header or form body); if both fail, ask the provider whether the app is approved.',
    fixer: 'you, then the provider',
    newToken: 'no',
    source: `${OAUTH_STATUS}; ${SAP_OAUTH}`,
  },
  {
    code: 'invalid_client',
    policy: 'OAuthV2 GenerateAccessToken (token endpoint)',
    title: 'Client credentials refused',
    means:
      'The token endpoint did not accept the client ID or secret (Apigee’s {ErrorCode, Error} answer when the policy generates its own response).',
    todo: 'Check the client ID and secret belong to this environment, and try the other variant (Basic header or form body).',
    fixer: 'you',
    newToken: 'no',
    source: OAUTH_STATUS,
  },
  {
    code: 'invalid_request',
    policy: 'OAuthV2 GenerateAccessToken (token endpoint)',
    title: 'Token request incomplete',
    means:
      'A required parameter is missing or wrong, most often grant_type, or the client ID where the proxy reads it; the text names it.',
    todo: 'Send grant_type=client_credentials (some proxies read it from the query string, others from the form body) and the credentials where the provider documents them.',
    fixer: 'you',
    newToken: 'no',
    source: `${OAUTH_STATUS}; ${CC_TUTORIAL}; ${SAP_OAUTH}`,
  },
  {
    code: 'UnSupportedGrantType',
    policy: 'OAuthV2 GenerateAccessToken (token endpoint)',
    title: 'Grant type not allowed',
    means: 'The grant type is not one the token policy supports (or it is misspelt).',
    todo: 'Send grant_type=client_credentials exactly; if it is, the provider’s token proxy does not allow this grant: ask the provider.',
    fixer: 'you, then the provider',
    newToken: 'no',
    source: SAP_OAUTH,
  },
  {
    code: 'DeveloperStatusNotActive',
    policy: 'VerifyAPIKey / VerifyAccessToken',
    title: 'Developer account inactive',
    means:
      'The developer who owns the app is not active (for example a trial that ended). Nothing in the call can change that.',
    todo: 'Only the provider can reactivate the developer: send them the code and the time of the call.',
    fixer: 'provider',
    newToken: 'no',
    source: `${APID}; seen in public Apigee-fronted APIs`,
  },
  {
    code: 'CompanyStatusNotActive',
    policy: 'VerifyAPIKey / VerifyAccessToken',
    title: 'Company inactive',
    means: 'The company that owns the app is not active. Nothing in the call can change that.',
    todo: 'Only the provider can reactivate the company: send them the code and the time of the call.',
    fixer: 'provider',
    newToken: 'no',
    source: APID,
  },
  {
    code: 'invalid_client-app_not_approved',
    policy: 'VerifyAPIKey / VerifyAccessToken',
    title: 'App not approved',
    means: 'The developer app is not approved: still pending, or revoked.',
    todo: 'Only the provider can approve the app: send them the code and the time of the call.',
    fixer: 'provider',
    newToken: 'no',
    source: APID,
  },
  {
    code: 'consumer_key_expired_or_revoked',
    policy: 'VerifyAPIKey / VerifyAccessToken',
    title: 'Credential expired or revoked',
    means:
      'The app’s credential (its key) expired or was revoked. Tokens minted with it stay on record, but the gateway checks the key’s status and refuses them.',
    todo: 'Create or request a new credential in the provider’s portal and put it in the profile.',
    fixer: 'you, then the provider',
    newToken: 'no',
    source: `Apigee REST reference (developer app keys); ${COMMUNITY}`,
  },
  {
    code: 'QuotaViolation',
    policy: 'Quota',
    title: 'Quota used up',
    means:
      'The number of calls allowed for the quota’s identifier (often your app or key) in the current period is used up. It is not a server failure, whatever the status (500 by default on Apigee, 429 where configured).',
    todo: 'Stop and wait for the period to reset; do not retry in a loop. If the quota is too small for your use, ask the provider for a product with a higher one.',
    fixer: 'you, then the provider',
    newToken: 'no',
    source: `${COMMUNITY}; Apigee Edge’s HTTP error notes (500 by default, 429 when configured)`,
  },
  {
    code: 'SpikeArrestViolation',
    policy: 'SpikeArrest',
    title: 'Spike arrest: rate limit',
    means:
      'Calls arrived faster than the smoothed rate: the gateway splits its rate into even intervals, so a burst fails even when the total for the minute is not reached. It is not a server failure, whatever the status (500 by default, 429 where configured).',
    todo: 'Pace calls to the rate below, one per interval; do not retry in a loop.',
    fixer: 'you',
    newToken: 'no',
    source: `${SPIKE_ERRORS}; ${SPIKE_TUTORIAL}`,
  },
  {
    code: 'IPDeniedAccess',
    policy: 'AccessControl',
    title: 'Your IP address is denied',
    means:
      'The gateway’s access control refuses the client IP address it saw (the fault string names it).',
    todo: 'Tell the provider the address the gateway saw: it is your egress IP, which a VPN or corporate proxy changes; ask them to allow it, or call from an allowed network.',
    fixer: 'provider',
    newToken: 'no',
    source: ERROR_CODES,
  },
  {
    code: 'InvalidIPAddressInVariable',
    policy: 'AccessControl',
    title: 'Client address is not an IP',
    means:
      'The gateway’s access control reads the client’s address from a variable (on Apigee X and hybrid, often filled from X-Forwarded-For), and what it held is not an IP address.',
    todo: 'If you send X-Forwarded-For, send one valid address or none; if you do not, tell the provider: their proxy fills that variable wrongly.',
    fixer: 'you, then the provider',
    newToken: 'no',
    source: ERROR_CODES,
  },
  {
    code: 'invalid_client-invalid_client_id',
    policy: 'GetOAuthV2Info',
    title: 'Client ID unknown',
    means: 'The client ID the proxy looked up is not known in this organisation.',
    todo: 'Check the client ID belongs to this environment; if it does, tell the provider.',
    fixer: 'you, then the provider',
    newToken: 'no',
    source: GET_OAUTH_INFO,
  },
  {
    code: 'InvalidMessageWeight',
    policy: 'SpikeArrest',
    title: 'Message weight is not a whole number',
    means:
      'The spike arrest weighs each call by a variable (sometimes a request header), and the value it read is not a whole number.',
    todo: 'If a header of yours holds that value, send a whole number there; if none does, report it to the provider with the time of the call: their proxy fills the weight wrongly.',
    fixer: 'you, then the provider',
    newToken: 'no',
    source: SPIKE_ERRORS,
  },
];

export const APIGEE_FAULTS: ReadonlyMap<string, FaultFacts> = new Map(
  ROWS.map((row) => [row.code, row]),
);

/** The code's last dotted segment: `keymanagement.service.access_token_expired` → `access_token_expired`. */
export function shortCode(code: string): string {
  return code.slice(code.lastIndexOf('.') + 1);
}

/** The catalogue's row for a code, whatever its prefix; undefined when it is not catalogued. */
export function faultFacts(code: string | null): FaultFacts | undefined {
  return code === null ? undefined : APIGEE_FAULTS.get(shortCode(code));
}
