/**
 * The support report of a failed call or token request, in Markdown: what the provider's support
 * team needs to find the transaction in their gateway (the UTC time, method, base URL and path,
 * status, the gateway's code and fault string, the answer's headers that identify the
 * transaction), the token's metadata, the auth method and variant, the clock offset from the
 * server's Date, the extension's version and browser, and a cURL with secrets as environment
 * variables. What each place of the panel knows of a failure is in report-sources.ts.
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
  /** A call to the API, or the token request itself (then no token was carried). */
  subject: 'call' | 'token request';
  /** When the answer arrived (or the call ended), ms since the epoch. */
  atMs: number;
  method: string;
  url: string;
  /** Null when no answer came (see `error`). */
  status: number | null;
  statusText: string;
  /** Why no answer came: the panel's error code and message. */
  error?: { code: string; message: string } | null;
  /** The answer's headers; null when they were not kept (an earlier attempt, an old history entry). */
  headers: readonly NameValue[] | null;
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

function tokenLines(input: SupportReportInput): string[] {
  const { token } = input;
  if (input.subject === 'token request') return ['- none: this report is about the token request'];
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

/** The URL's origin and path; a URL that cannot be parsed (a path as composed) stays as it is. */
function urlParts(text: string): { origin: string; path: string } {
  try {
    const url = new URL(text);
    return { origin: url.origin, path: `${url.pathname}${url.search}` };
  } catch {
    return { origin: 'not known', path: text };
  }
}

function identifyingLines(headers: readonly NameValue[] | null): string[] {
  if (headers === null) return ['- not known (the panel did not keep this answer’s headers)'];
  const ids = identifyingHeaders(headers);
  return ids.length > 0
    ? ids.map((header) => `- ${header.name}: ${header.value}`)
    : ['- none in the answer'];
}

export function buildSupportReport(input: SupportReportInput): string {
  const { origin, path } = urlParts(input.url);
  const pathOnly = path.replace(/\?.*$/s, '');
  const outcome =
    input.status === null
      ? `got no answer (${input.error?.code ?? 'no answer'})`
      : `answered ${input.status}`;
  const headers = input.headers ?? [];
  const lines = [
    `# Support report: ${input.subject === 'token request' ? 'token request ' : ''}${input.method} ${pathOnly} ${outcome}`,
    '',
    `- Time (UTC): ${new Date(input.atMs).toISOString()}`,
    `- Method: ${input.method}`,
    `- Base URL: ${origin}`,
    `- Path: ${path}`,
    input.status === null
      ? `- Status: no answer: ${input.error?.message ?? 'the call ended before an answer came'}`
      : `- Status: ${input.status} ${input.statusText}`.trimEnd(),
    `- Gateway error code: ${input.fault?.code ?? 'none given'}`,
    `- Fault string: ${input.fault?.text ?? 'none given'}`,
  ];
  if (input.fault?.title) lines.push(`- Meaning: ${input.fault.title}`);
  lines.push(
    `- Auth: ${AUTH_WORDS[input.authMethod]}${input.authMethod === 'apiKey' ? '' : `, RFC 6749 form-encoding ${input.formEncodeCredentials ? 'on' : 'off'}`}`,
    `- Clock offset: ${clockOffset(headers, input.atMs) ?? `unknown (${input.headers === null ? 'the answer’s headers were not kept' : 'the answer had no Date header'})`}`,
    `- Sent by: Partner API DevTools ${input.extension.version}, ${input.extension.browser}`,
    '',
    '## Headers that identify the transaction',
    '',
    ...identifyingLines(input.headers),
    '',
    '## Token',
    '',
    ...tokenLines(input),
    '',
    '## Reproduce',
    '',
    'Secrets are environment variables: set them before running the command.',
    '',
    '```sh',
    input.curl ?? `# the cURL command could not be built for this ${input.subject}`,
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
