/**
 * "Copy as cURL": the call the panel would send, written as a POSIX-shell command.
 *
 * Invariant: a secret appears in the text only when the caller passes it in values mode, which the
 * UI offers only after the user confirms. By default (variables mode) the command reads the API
 * key or the access token from shell variables, and comments say which variables to export and how
 * to get a token, never with values. The URL, the headers (order and values) and the body come
 * from buildV1Request, so the command sends what the panel sends. Every other part is
 * single-quoted (shell-quote.ts); comment lines carry no line break, so nothing can step out of
 * a comment.
 *
 * Flags: `--fail-with-body` (curl 7.76 or later) prints an HTTP error answer and exits with 22, so
 * a refused call fails a script; `--globoff` stops curl from reading `[]{}` in a path as a URL
 * pattern; `-sS` hides the progress meter but not errors. A HEAD call uses `--head`: `-X HEAD`
 * would make curl wait for a body that never comes.
 */
import { fail, ok, type Result } from '../vocabulary/errors';
import type { HttpMethod, NameValue } from '../vocabulary/terms';
import { usesOAuth } from './profile';
import { hasNul, shellQuote } from './shell-quote';
import type { StoredProfile } from './stored-shapes';
import { formEncode, tokenEndpoint } from './token-request';
import { buildV1Request, type CallAuth, type PreparedRequest, type V1Call } from './v1-request';

export type CurlSecrets =
  /** The default: the command reads secrets from shell variables. */
  | { mode: 'variables' }
  /**
   * Only after the user confirmed: the given values are written into the command. An API-key
   * profile needs `apiKey`, an OAuth profile `accessToken`; `clientSecret` (OAuth only, optional)
   * adds the command that gets a new token. Values the profile does not use are left out.
   */
  | { mode: 'values'; apiKey?: string; accessToken?: string; clientSecret?: string };

/** The shell variables a variables-mode command reads. */
export const CURL_VARIABLES = {
  apiKey: 'API_KEY',
  accessToken: 'ACCESS_TOKEN',
  clientId: 'CLIENT_ID',
  clientSecret: 'CLIENT_SECRET',
} as const;

const CURL = 'curl -sS --fail-with-body';
const FORM_TYPE = `-H ${shellQuote('Content-Type: application/x-www-form-urlencoded')}`;
/** Prints the access_token of a token answer: sed, because jq is often not installed. */
const EXTRACT_TOKEN = `sed -n ${shellQuote('s/.*"access_token" *: *"\\([^"]*\\)".*/\\1/p')}`;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we look for
const CONTROL = /[\u0000-\u001f\u007f]/;

/** What buildV1Request gets: the real credential in values mode, a stand-in otherwise. */
function callAuth(oauth: boolean, secrets: CurlSecrets): Result<CallAuth> {
  if (secrets.mode === 'variables') {
    return ok(
      oauth
        ? { kind: 'bearer', accessToken: CURL_VARIABLES.accessToken }
        : { kind: 'apiKey', apiKey: CURL_VARIABLES.apiKey },
    );
  }
  if (oauth) {
    return secrets.accessToken
      ? ok({ kind: 'bearer', accessToken: secrets.accessToken })
      : fail(
          'missing_secret',
          'There is no access token to write into the command.',
          'Get a token first, or copy the command without secrets.',
        );
  }
  return secrets.apiKey
    ? ok({ kind: 'apiKey', apiKey: secrets.apiKey })
    : fail(
        'missing_secret',
        'There is no API key to write into the command.',
        'Save the API key in the profile, or copy the command without secrets.',
      );
}

/** curl drops a header given as `Name:` with nothing after it; `Name;` sends it empty. */
function headerArgument({ name, value }: NameValue): string {
  return `-H ${shellQuote(/^[ \t]*$/.test(value) ? `${name};` : `${name}: ${value}`)}`;
}

function authArgument(header: NameValue, secrets: CurlSecrets): string {
  if (secrets.mode === 'values') return headerArgument(header);
  return header.name.toLowerCase() === 'x-apikey'
    ? `-H "x-apikey: $${CURL_VARIABLES.apiKey}"`
    : `-H "Authorization: Bearer $${CURL_VARIABLES.accessToken}"`;
}

function methodArguments(method: HttpMethod): string {
  if (method === 'GET') return '';
  return method === 'HEAD' ? ' --head' : ` -X ${method}`;
}

function bodyArgument(method: HttpMethod, body: string | null): string[] {
  if (body !== null) return [`--data-raw ${shellQuote(body)}`];
  // fetch sends `Content-Length: 0` for a POST or PUT without a body; curl does for an empty body.
  return method === 'POST' || method === 'PUT' ? [`--data-raw ''`] : [];
}

function callLines(request: PreparedRequest, secrets: CurlSecrets): string {
  const headers = request.headers.map((header) =>
    ['x-apikey', 'authorization'].includes(header.name.toLowerCase())
      ? authArgument(header, secrets)
      : headerArgument(header),
  );
  const lines = [
    `${CURL} --globoff${methodArguments(request.method)} ${shellQuote(request.url)}`,
    ...headers,
    ...bodyArgument(request.method, request.body),
  ];
  return lines.join(' \\\n  ');
}

/** The token request of spec 4.1 as a curl command, credentials given as shell words. */
function tokenCommand(
  profile: StoredProfile,
  endpoint: string,
  credentials: { basic: string; id: string; secret: string },
): string {
  const target = shellQuote(endpoint);
  if (profile.authMethod === 'oauthBasic') {
    return `${CURL} -X POST -u ${credentials.basic} ${FORM_TYPE} --data 'grant_type=client_credentials' ${target}`;
  }
  const form = `--data-urlencode ${credentials.id} --data-urlencode ${credentials.secret}`;
  return `${CURL} -X POST ${FORM_TYPE} ${form} --data-urlencode 'grant_type=client_credentials' ${target}`;
}

/** As buildTokenRequest: the setting counts for variant A only. */
function formEncodes(profile: StoredProfile): boolean {
  return profile.authMethod === 'oauthBasic' && profile.formEncodeCredentials;
}

function variantName(profile: StoredProfile): string {
  return profile.authMethod === 'oauthBasic' ? 'variant A, Basic header' : 'variant B, form body';
}

function variableComments(profile: StoredProfile, endpoint: string): string[] {
  const { apiKey, accessToken, clientId, clientSecret } = CURL_VARIABLES;
  if (!usesOAuth(profile.authMethod)) {
    return [
      `# Reads the API key from the shell variable ${apiKey}: no secret is part of this command.`,
      `# Set it first:  export ${apiKey}=...`,
    ];
  }
  const command = tokenCommand(profile, endpoint, {
    basic: `"$${clientId}:$${clientSecret}"`,
    id: `"client_id=$${clientId}"`,
    secret: `"client_secret=$${clientSecret}"`,
  });
  return [
    `# Reads the access token from the shell variable ${accessToken}: no secret is part of this command.`,
    `# Set the client credentials first:  export ${clientId}=... ${clientSecret}=...`,
    ...(formEncodes(profile)
      ? [
          `# This profile form-encodes them (RFC 6749 section 2.3.1): ${clientId} and ${clientSecret} must hold the form-encoded values (a space as +, % as %25, : as %3A).`,
        ]
      : []),
    `# Then get an access token (${variantName(profile)}) into ${accessToken}:`,
    `#   ${accessToken}=$(${command} | ${EXTRACT_TOKEN})`,
  ];
}

function valueComments(profile: StoredProfile, endpoint: string, clientSecret: string | undefined) {
  const lines = ['# Contains secrets in clear text: share it only as you would share the secrets.'];
  if (!usesOAuth(profile.authMethod)) return ok(lines);
  if (clientSecret === undefined || clientSecret === '') {
    return ok([...lines, '# The access token expires: copy the command again to get a new one.']);
  }
  if (CONTROL.test(profile.clientId) || CONTROL.test(clientSecret)) {
    return fail(
      'invalid_request',
      'The client ID or the client secret contains a line break or another control character.',
      'Retype it in the profile, or copy the command without the client secret.',
    );
  }
  const encode = formEncodes(profile) ? formEncode : (text: string) => text;
  const command = tokenCommand(profile, endpoint, {
    basic: shellQuote(`${encode(profile.clientId)}:${encode(clientSecret)}`),
    id: shellQuote(`client_id=${profile.clientId}`),
    secret: shellQuote(`client_secret=${clientSecret}`),
  });
  return ok([
    ...lines,
    `# The access token expires. Get a new one (${variantName(profile)}) with`,
    `#   ${command}`,
    '# and put the access_token of its answer into the Authorization header below.',
  ]);
}

/** The token endpoint as a parsed URL: a URL's text never holds a line break or a control character. */
function tokenUrl(profile: StoredProfile): Result<string> {
  try {
    return ok(new URL(tokenEndpoint(profile.authUrl)).href);
  } catch {
    return fail(
      'invalid_profile',
      'The profile has no valid Auth URL.',
      'Edit the profile and enter the address of the authentication host.',
    );
  }
}

/**
 * The command for `call` on `profile`. `call` is what buildV1Request takes: `{{variables}}` already
 * resolved (resolveCall), exactly as `request/send` resolves them before sending. buildV1Request's
 * refusals come back unchanged.
 */
export function buildCurlCommand(
  profile: StoredProfile,
  call: V1Call,
  secrets: CurlSecrets,
): Result<string> {
  const oauth = usesOAuth(profile.authMethod);
  const auth = callAuth(oauth, secrets);
  if (!auth.ok) return auth;
  const target = { baseUrl: profile.baseUrl, companyId: profile.companyId };
  const request = buildV1Request(target, auth.value, call);
  if (!request.ok) return request;
  if (request.value.body !== null && hasNul(request.value.body)) {
    return fail(
      'invalid_request',
      'The body contains a NUL character, which a shell command cannot carry.',
      'Remove it, or send the body from a file with curl --data-binary @file.',
    );
  }

  const endpoint = oauth ? tokenUrl(profile) : ok('');
  if (!endpoint.ok) return endpoint;
  const comments =
    secrets.mode === 'variables'
      ? ok(variableComments(profile, endpoint.value))
      : valueComments(profile, endpoint.value, secrets.clientSecret);
  if (!comments.ok) return comments;
  return ok([...comments.value, callLines(request.value, secrets)].join('\n'));
}
