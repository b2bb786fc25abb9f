/**
 * "Copy as HTTPie": the call plan (call-plan.ts) as POSIX-shell commands for HTTPie 3 (`http`).
 * For an OAuth profile the first command runs the grant and puts the access token in the shell
 * variable ACCESS_TOKEN; the second makes the call with it.
 *
 * Invariant: in variables mode no secret is in the text; the shell expands API_KEY, CLIENT_ID and
 * CLIENT_SECRET, inside double quotes. Every other word is single-quoted (shell-quote.ts), and a
 * header item escapes what HTTPie would read as syntax: a value starting with `=` (`name:=value`
 * is a JSON field). HTTPie reads a backslash before `:`, `;`, `=` or `@` as an escape that no
 * item can undo, so such a header value is refused; an expanded secret (starting with `=` or `@`,
 * or holding such a backslash) is read the same way, a limit of HTTPie's syntax.
 *
 * As curl, HTTPie gets the encoding of the grant from the user: for a profile that form-encodes
 * (RFC 6749), CLIENT_ID and CLIENT_SECRET must hold the encoded values. The Basic credentials are
 * Base64 of their bytes (printf | base64), not `-a`, which takes Latin-1. `--ignore-stdin` keeps
 * HTTPie from reading a body from a script's input; `--check-status` exits with 4 or 5 on an HTTP
 * error. HTTPie trims header values as fetch does and adds its own Accept and User-Agent; the URL
 * goes out byte for byte as the panel's (through requests, see code-python.ts). It sends a
 * header value as UTF-8, where fetch sends Latin-1: a value with é differs in its bytes.
 */
import { fail, ok, type Result } from '../vocabulary/errors';
import {
  type CallPlan,
  CODE_NOTES,
  CODE_VARIABLES,
  type GrantPlan,
  headersAsSent,
  isSecretHeader,
  type PlanHeader,
} from './call-plan';
import { EXTRACT_TOKEN, formEncodedNote } from './curl';
import { refuseNulBody, shellQuote } from './shell-quote';

const HTTP = 'http --ignore-stdin --check-status';
const FORM_TYPE = shellQuote('Content-Type:application/x-www-form-urlencoded');

/** One request item for a header; HTTPie sends `name;` as an empty header. */
function headerItem(header: PlanHeader): Result<string> {
  if (isSecretHeader(header)) {
    const variable = CODE_VARIABLES[header.secret === 'apiKey' ? 'apiKey' : 'accessToken'];
    return ok(`"${header.name}:${header.prefix}$${variable}"`);
  }
  if (header.value === '') return ok(shellQuote(`${header.name};`));
  if (/\\[:;=@]/.test(header.value)) {
    return fail(
      'invalid_request',
      `HTTPie cannot send the value of header ${header.name}: it has a backslash before ":", ";", "=" or "@".`,
      'Copy the call as cURL instead, or change the value.',
    );
  }
  return ok(shellQuote(`${header.name}:${header.value.replace(/^=/, '\\=')}`));
}

function grantLines(grant: GrantPlan): string[] {
  const { accessToken, clientId, clientSecret } = CODE_VARIABLES;
  const items =
    grant.variant === 'basic'
      ? [
          `"Authorization:Basic $(printf '%s:%s' "$${clientId}" "$${clientSecret}" | base64 | tr -d '\\n')"`,
          'grant_type=client_credentials',
        ]
      : [`grant_type=client_credentials "client_id=$${clientId}" "client_secret=$${clientSecret}"`];
  return [
    `# ${CODE_NOTES.grant(grant)} The token goes into ${accessToken}:`,
    `${accessToken}=$(${HTTP} --body --form POST ${shellQuote(grant.url)} \\`,
    `  ${FORM_TYPE} \\`,
    `  ${items.join(' \\\n  ')} | ${EXTRACT_TOKEN})`,
  ];
}

function preamble(plan: CallPlan): string[] {
  if (plan.mode === 'values') {
    const lines = [`# ${CODE_NOTES.clearText}`];
    return plan.grant === null ? lines : [...lines, `# ${CODE_NOTES.tokenExpires}`];
  }
  const { apiKey, clientId, clientSecret } = CODE_VARIABLES;
  if (plan.grant === null) {
    return [
      `# Reads the API key from the shell variable ${apiKey}: no secret is part of this command.`,
      `# Set it first:  export ${apiKey}=...`,
    ];
  }
  return [
    `# Reads ${clientId} and ${clientSecret} from the shell: no secret is part of these commands.`,
    `# Set them first:  export ${clientId}=... ${clientSecret}=...`,
    ...formEncodedNote(plan.grant),
  ];
}

export function renderHttpie(plan: CallPlan): Result<string> {
  const body = refuseNulBody(plan.body, 'http POST … @file');
  if (!body.ok) return body;
  const items: string[] = [];
  for (const header of headersAsSent(plan.headers)) {
    const item = headerItem(header);
    if (!item.ok) return item;
    items.push(item.value);
  }
  // A header name may start with "-" (a token character): after "--" it is not read as an
  // option, and neither would `--raw` be, so the body goes before it.
  const bodyItems = plan.body === null ? [] : [`--raw ${shellQuote(plan.body)}`];
  const firstDash = items.findIndex((item) => item.startsWith("'-"));
  if (firstDash >= 0) items.splice(firstDash, 0, ...bodyItems, '--');
  else items.push(...bodyItems);
  const grant = plan.mode === 'variables' && plan.grant !== null ? grantLines(plan.grant) : [];
  const call = [`${HTTP} ${plan.method} ${shellQuote(plan.url)}`, ...items].join(' \\\n  ');
  return ok([...preamble(plan), ...grant, call].join('\n'));
}
