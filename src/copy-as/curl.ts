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

import type { V1Call } from '../service/call/v1-request';
import type { StoredProfile } from '../service/storage/stored-shapes';
import { formEncode } from '../service/token/token-request';
import { fail, ok, type Result } from '../vocabulary/errors';
import type { HttpMethod, NameValue } from '../vocabulary/terms';
import {
  type CallPlan,
  CODE_VARIABLES,
  type CodeSecrets,
  type GrantPlan,
  isSecretHeader,
  type PlanHeader,
  planCall,
} from './call-plan';
import { refuseNulBody, shellQuote } from './shell-quote';

/**
 * The secrets of call-plan.ts; in values mode an OAuth command may also get `clientSecret`, which
 * adds (in a comment) the command that gets a new token.
 */
export type CurlSecrets =
  | CodeSecrets
  | { mode: 'values'; apiKey?: string; accessToken?: string; clientSecret?: string };

/** The shell variables a variables-mode command reads. */
export const CURL_VARIABLES = CODE_VARIABLES;

const CURL = 'curl -sS --fail-with-body';
const FORM_TYPE = `-H ${shellQuote('Content-Type: application/x-www-form-urlencoded')}`;
/** Prints the access_token of a token answer: sed, because jq is often not installed. */
export const EXTRACT_TOKEN = `sed -n ${shellQuote('s/.*"access_token" *: *"\\([^"]*\\)".*/\\1/p')}`;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we look for
const CONTROL = /[\u0000-\u001f\u007f]/;

/** curl drops a header given as `Name:` with nothing after it; `Name;` sends it empty. */
function headerArgument({ name, value }: NameValue): string {
  return `-H ${shellQuote(/^[ \t]*$/.test(value) ? `${name};` : `${name}: ${value}`)}`;
}

function planHeaderArgument(header: PlanHeader): string {
  if (!isSecretHeader(header)) return headerArgument(header);
  const variable = CODE_VARIABLES[header.secret];
  return `-H "${header.name}: ${header.prefix}$${variable}"`;
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

function callLines(plan: CallPlan): string {
  const lines = [
    `${CURL} --globoff${methodArguments(plan.method)} ${shellQuote(plan.url)}`,
    ...plan.headers.map(planHeaderArgument),
    ...bodyArgument(plan.method, plan.body),
  ];
  return lines.join(' \\\n  ');
}

/** The token request of spec 4.1 as a curl command, credentials given as shell words. */
function tokenCommand(
  grant: GrantPlan,
  credentials: { basic: string; id: string; secret: string },
): string {
  const target = shellQuote(grant.url);
  if (grant.variant === 'basic') {
    return `${CURL} -X POST -u ${credentials.basic} ${FORM_TYPE} --data 'grant_type=client_credentials' ${target}`;
  }
  const form = `--data-urlencode ${credentials.id} --data-urlencode ${credentials.secret}`;
  return `${CURL} -X POST ${FORM_TYPE} ${form} --data-urlencode 'grant_type=client_credentials' ${target}`;
}

/** For shell commands, which leave the encoding to the user: what CLIENT_ID and CLIENT_SECRET hold. */
export function formEncodedNote(grant: GrantPlan): string[] {
  const { clientId, clientSecret } = CODE_VARIABLES;
  return grant.formEncode
    ? [
        `# This profile form-encodes them (RFC 6749 section 2.3.1): ${clientId} and ${clientSecret} must hold the form-encoded values (a space as +, % as %25, : as %3A).`,
      ]
    : [];
}

/** The client credentials as shell variables, in the forms tokenCommand takes. */
const VARIABLE_CREDENTIALS = {
  basic: `"$${CODE_VARIABLES.clientId}:$${CODE_VARIABLES.clientSecret}"`,
  id: `"client_id=$${CODE_VARIABLES.clientId}"`,
  secret: `"client_secret=$${CODE_VARIABLES.clientSecret}"`,
};

/**
 * A token request as sent (a failed one's support report), the client credentials read from shell
 * variables: no secret is part of it.
 */
export function tokenRequestCurl(grant: GrantPlan): string {
  const { clientId, clientSecret } = CODE_VARIABLES;
  const command = tokenCommand(grant, VARIABLE_CREDENTIALS);
  return [
    `# Set the client credentials first:  export ${clientId}=... ${clientSecret}=...`,
    ...formEncodedNote(grant),
    command,
  ].join('\n');
}

function variableComments(grant: GrantPlan | null): string[] {
  const { apiKey, accessToken, clientId, clientSecret } = CODE_VARIABLES;
  if (grant === null) {
    return [
      `# Reads the API key from the shell variable ${apiKey}: no secret is part of this command.`,
      `# Set it first:  export ${apiKey}=...`,
    ];
  }
  const command = tokenCommand(grant, VARIABLE_CREDENTIALS);
  return [
    `# Reads the access token from the shell variable ${accessToken}: no secret is part of this command.`,
    `# Set the client credentials first:  export ${clientId}=... ${clientSecret}=...`,
    ...formEncodedNote(grant),
    `# Then get an access token (${grant.label}) into ${accessToken}:`,
    `#   ${accessToken}=$(${command} | ${EXTRACT_TOKEN})`,
  ];
}

function valueComments(
  grant: GrantPlan | null,
  clientId: string,
  clientSecret: string | undefined,
): Result<string[]> {
  const lines = ['# Contains secrets in clear text: share it only as you would share the secrets.'];
  if (grant === null) return ok(lines);
  if (clientSecret === undefined || clientSecret === '') {
    return ok([...lines, '# The access token expires: copy the command again to get a new one.']);
  }
  if (CONTROL.test(clientId) || CONTROL.test(clientSecret)) {
    return fail(
      'invalid_request',
      'The client ID or the client secret contains a line break or another control character.',
      'Retype it in the profile, or copy the command without the client secret.',
    );
  }
  const encode = grant.formEncode ? formEncode : (text: string) => text;
  const command = tokenCommand(grant, {
    basic: shellQuote(`${encode(clientId)}:${encode(clientSecret)}`),
    id: shellQuote(`client_id=${clientId}`),
    secret: shellQuote(`client_secret=${clientSecret}`),
  });
  return ok([
    ...lines,
    `# The access token expires. Get a new one (${grant.label}) with`,
    `#   ${command}`,
    '# and put the access_token of its answer into the Authorization header below.',
  ]);
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
  const plan = planCall(profile, call, secrets);
  if (!plan.ok) return plan;
  const body = refuseNulBody(plan.value.body, 'curl --data-binary @file');
  if (!body.ok) return body;
  const comments =
    secrets.mode === 'variables'
      ? ok(variableComments(plan.value.grant))
      : valueComments(
          plan.value.grant,
          profile.clientId,
          'clientSecret' in secrets ? secrets.clientSecret : undefined,
        );
  if (!comments.ok) return comments;
  return ok([...comments.value, callLines(plan.value)].join('\n'));
}
