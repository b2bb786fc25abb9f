/**
 * The support report of a failed call, in Markdown: what the provider's support team needs to
 * find the transaction in their gateway (the UTC time, method, base URL and path, status, the
 * gateway's code and fault string, the answer's headers that identify the transaction), the
 * token's metadata, the auth method and variant, the clock offset from the server's Date, the
 * extension's version and browser, and a cURL with secrets as environment variables.
 *
 * Invariant: built only from what the panel holds (masked headers, token metadata, the cURL in
 * variables mode); the worker then masks every secret it knows in any encoding and counts what it
 * replaced (`report/redact`) before the panel shows, copies or saves it.
 */
import { MASK } from '../../redaction/mask';
import type { AuthMethod, NameValue } from '../../vocabulary/terms';
import type { TokenEvidence } from './fault-evidence';
import { headerValue } from './gateway-fault';

export interface SupportReportInput {
  /** When the answer arrived, ms since the epoch. */
  atMs: number;
  method: string;
  url: string;
  status: number;
  statusText: string;
  headers: readonly NameValue[];
  fault: { code: string | null; text: string | null; title: string | null } | null;
  token: TokenEvidence | undefined;
  authMethod: AuthMethod;
  formEncodeCredentials: boolean;
  extension: { version: string; browser: string };
  /** The call as cURL, secrets as environment variables; null when it could not be built. */
  curl: string | null;
}

/** Headers that name a transaction: request, message, correlation, trace or transaction ids. */
const IDENTIFYING =
  /(request|message|correlation|trace|transaction|tracking)[-_]?id|^traceparent$|^x-amzn-trace-id$|^apigee/i;

export function identifyingHeaders(headers: readonly NameValue[]): NameValue[] {
  return headers.filter((header) => IDENTIFYING.test(header.name));
}

/** How far this computer's clock is from the server's Date header, in words; null without Date. */
export function clockOffset(headers: readonly NameValue[], atMs: number): string | null {
  const date = headerValue(headers, 'date');
  const serverMs = date === null ? Number.NaN : Date.parse(date);
  if (Number.isNaN(serverMs)) return null;
  // Date has one-second resolution: a second either way is no offset.
  const seconds = Math.round((atMs - serverMs) / 1000);
  if (Math.abs(seconds) <= 1) return `none to speak of (server Date: ${date})`;
  return `this computer is ${Math.abs(seconds)} s ${seconds > 0 ? 'ahead of' : 'behind'} the server (server Date: ${date})`;
}

const AUTH_WORDS: Record<AuthMethod, string> = {
  apiKey: 'API key (x-apikey header)',
  oauthBasic: 'OAuth client credentials, variant A (Basic header)',
  oauthBody: 'OAuth client credentials, variant B (form body)',
};

const iso = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? 'not given' : new Date(ms).toISOString();

function tokenLines(token: TokenEvidence | undefined): string[] {
  if (token === undefined) return ['- none (the call did not carry one of the panel’s tokens)'];
  return [
    `- application_name: ${token.applicationName ?? 'not given'}`,
    `- api_product_list: ${token.products.length > 0 ? token.products.join(', ') : 'none'}`,
    `- issued_at: ${iso(token.issuedAtMs)}`,
    `- expires_in: ${token.expiresInSeconds ?? 'not given'}${token.expiresInSeconds == null ? '' : ' s'}`,
    `- status: ${token.status ?? 'not given'}`,
    `- client ID ends with: ${token.clientIdTail ?? 'not given'}`,
    `- taken from the cache: ${token.fromCache ? 'yes' : 'no, minted for this call'}`,
  ];
}

export function buildSupportReport(input: SupportReportInput): string {
  const url = new URL(input.url);
  const ids = identifyingHeaders(input.headers);
  const lines = [
    `# Support report: ${input.method} ${url.pathname} answered ${input.status}`,
    '',
    `- Time (UTC): ${new Date(input.atMs).toISOString()}`,
    `- Method: ${input.method}`,
    `- Base URL: ${url.origin}`,
    `- Path: ${url.pathname}${url.search}`,
    `- Status: ${input.status} ${input.statusText}`.trimEnd(),
    `- Gateway error code: ${input.fault?.code ?? 'none given'}`,
    `- Fault string: ${input.fault?.text ?? 'none given'}`,
  ];
  if (input.fault?.title) lines.push(`- Meaning: ${input.fault.title}`);
  lines.push(
    `- Auth: ${AUTH_WORDS[input.authMethod]}${input.authMethod === 'apiKey' ? '' : `, RFC 6749 form-encoding ${input.formEncodeCredentials ? 'on' : 'off'}`}`,
    `- Clock offset: ${clockOffset(input.headers, input.atMs) ?? 'unknown (the answer had no Date header)'}`,
    `- Sent by: Partner API DevTools ${input.extension.version}, ${input.extension.browser}`,
    '',
    '## Headers that identify the transaction',
    '',
    ...(ids.length > 0
      ? ids.map((header) => `- ${header.name}: ${header.value}`)
      : ['- none in the answer']),
    '',
    '## Token',
    '',
    ...tokenLines(input.token),
    '',
    '## Reproduce',
    '',
    'Secrets are environment variables: set them before running the command.',
    '',
    '```sh',
    input.curl ?? '# the cURL command could not be built for this call',
    '```',
    '',
  );
  return lines.join('\n');
}

/** The report with every secret the redactor knows masked, and how many places were masked. */
export function redactReport(
  redactor: { text(text: string): string },
  text: string,
): { text: string; replaced: number } {
  const masks = (value: string) => value.split(MASK).length - 1;
  const redacted = redactor.text(text);
  return { text: redacted, replaced: masks(redacted) - masks(text) };
}
