/**
 * "Copy as PowerShell": the call plan (call-plan.ts) as a PowerShell 7 script that splats a
 * hashtable of parameters into Invoke-RestMethod (no backtick line continuations, which break on a
 * trailing space).
 *
 * Invariant: in variables mode no secret is in the text; the script reads $env:API_KEY,
 * $env:CLIENT_ID and $env:CLIENT_SECRET, and stops with a message when one is not set. Every
 * literal is powerShellString's or, for a body of several lines, a single-quoted here-string;
 * nothing is expanded but the variables named here. The body goes as UTF-8 bytes (a string body
 * would be encoded by the cmdlet's own rules); the Basic credentials are Base64 over UTF-8 bytes,
 * form-encoded first when the profile says so. Content-Type goes as -ContentType, the other
 * headers as an ordered dictionary, merged as fetch sends them; redirects are not followed.
 */
import {
  type CallPlan,
  CODE_NOTES,
  CODE_VARIABLES,
  type GrantPlan,
  headersAsSent,
  isSecretHeader,
  type PlanHeader,
} from './call-plan';
import { powerShellHereString, powerShellString } from './code-literals';

const FORM = powerShellString('application/x-www-form-urlencoded');

function environment(variable: string): string {
  return `$env:${variable}`;
}

function requireVariable(variable: string): string {
  return `if (-not $env:${variable}) { throw 'Set $env:${variable} first.' }`;
}

/** EscapeDataString is RFC 3986's; URLSearchParams (the panel) writes a space as + and keeps *. */
const FORM_ENCODE_FUNCTION = [
  'function ConvertTo-FormEncoded([string] $Text) {',
  '  # RFC 6749 section 2.3.1: form-encoded as the panel does (URLSearchParams).',
  "  [uri]::EscapeDataString($Text).Replace('%20', '+').Replace('%2A', '*').Replace('~', '%7E')",
  '}',
];

function grantLines(grant: GrantPlan): string[] {
  const id = environment(CODE_VARIABLES.clientId);
  const secret = environment(CODE_VARIABLES.clientSecret);
  const lines = [`# ${CODE_NOTES.grant(grant)}`];
  let auth: string[];
  if (grant.variant === 'basic') {
    const encode = (text: string) => (grant.formEncode ? `(ConvertTo-FormEncoded ${text})` : text);
    if (grant.formEncode) lines.push(...FORM_ENCODE_FUNCTION);
    lines.push(
      `$credentials = ${encode(id)} + ':' + ${encode(secret)}`,
      '$basic = [Convert]::ToBase64String([Text.Encoding]::UTF8.GetBytes($credentials))',
    );
    auth = [
      `  Headers = [ordered]@{ 'Authorization' = "Basic $basic" }`,
      `  Body = 'grant_type=client_credentials'`,
    ];
  } else {
    auth = [
      `  Body = [ordered]@{ grant_type = 'client_credentials'; client_id = ${id}; client_secret = ${secret} }`,
    ];
  }
  return [
    ...lines,
    '$tokenRequest = @{',
    `  Method = 'POST'`,
    `  Uri = ${powerShellString(grant.url)}`,
    `  ContentType = ${FORM}`,
    ...auth,
    '  MaximumRedirection = 0',
    '}',
    '$accessToken = (Invoke-RestMethod @tokenRequest).access_token',
    '',
  ];
}

function headerValue(header: PlanHeader): string {
  if (!isSecretHeader(header)) return powerShellString(header.value);
  if (header.secret === 'apiKey') return environment(CODE_VARIABLES.apiKey);
  return `"${header.prefix}$accessToken"`;
}

function callLines(plan: CallPlan): string[] {
  const headers = headersAsSent(plan.headers);
  const contentType = headers.find(
    (header) => header.name.toLowerCase() === 'content-type' && !isSecretHeader(header),
  );
  const others = headers.filter((header) => header !== contentType);
  const body =
    plan.body === null
      ? []
      : [
          `  Body = [Text.Encoding]::UTF8.GetBytes(${powerShellHereString(plan.body) ?? powerShellString(plan.body)})`,
        ];
  return [
    '$request = @{',
    `  Method = ${powerShellString(plan.method)}`,
    `  Uri = ${powerShellString(plan.url)}`,
    ...(contentType && !isSecretHeader(contentType)
      ? [`  ContentType = ${powerShellString(contentType.value)}`]
      : []),
    '  Headers = [ordered]@{',
    ...others.map((header) => `    ${powerShellString(header.name)} = ${headerValue(header)}`),
    '  }',
    ...body,
    `  MaximumRedirection = 0  # ${CODE_NOTES.noRedirects}`,
    '}',
    'Invoke-RestMethod @request',
  ];
}

function preamble(plan: CallPlan): string[] {
  const lines = ['# PowerShell 7 or later.'];
  if (plan.mode === 'values') {
    lines.push(`# ${CODE_NOTES.clearText}`);
    if (plan.grant !== null) lines.push(`# ${CODE_NOTES.tokenExpires}`);
    return [...lines, ''];
  }
  const { apiKey, clientId, clientSecret } = CODE_VARIABLES;
  const names = plan.grant === null ? [apiKey] : [clientId, clientSecret];
  return [
    ...lines,
    `# Reads ${names.map(environment).join(' and ')}: no secret is part of this code.`,
    `# Set ${names.length === 1 ? 'it' : 'them'} first:  ${names.map((name) => `${environment(name)} = '...'`).join('; ')}`,
    ...names.map(requireVariable),
    '',
  ];
}

export function renderPowerShell(plan: CallPlan): string {
  const grant = plan.mode === 'variables' && plan.grant !== null ? grantLines(plan.grant) : [];
  return [...preamble(plan), ...grant, ...callLines(plan)].join('\n');
}
