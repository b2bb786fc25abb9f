/**
 * "Copy as fetch": the call plan (call-plan.ts) as JavaScript that runs unchanged in a browser's
 * console and in Node 18+ (saved as a `.mjs` file, for its top-level await). It uses only what
 * both have: fetch, URLSearchParams, TextEncoder, btoa.
 *
 * Invariant: in variables mode no secret is in the text; `readVariable` reads API_KEY, CLIENT_ID
 * and CLIENT_SECRET from the environment in Node and asks for them in a browser. Every literal is
 * jsString's; headers go as a map, merged as fetch sends them (headersAsSent). The grant sends
 * what buildTokenRequest sends: the same headers, the same form body, Base64 over UTF-8 bytes.
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the generated JavaScript has template literals of its own
import {
  type CallPlan,
  CODE_NOTES,
  CODE_VARIABLES,
  type GrantPlan,
  headersAsSent,
  isSecretHeader,
  type PlanHeader,
} from './call-plan';
import { jsString } from './code-literals';

const FORM = jsString('application/x-www-form-urlencoded');

function readVariableFunction(): string[] {
  return [
    'function readVariable(name) {',
    '  const value = globalThis.process?.env ? process.env[name] : globalThis.prompt(name);',
    '  if (!value) throw new Error(`Set the environment variable ${name} first.`);',
    '  return value;',
    '}',
  ];
}

function read(variable: string): string {
  return `readVariable(${jsString(variable)})`;
}

function grantLines(grant: GrantPlan): string[] {
  const { clientId, clientSecret } = CODE_VARIABLES;
  const lines = [`// ${CODE_NOTES.grant(grant)}`];
  let headers: string[];
  let body: string;
  if (grant.variant === 'basic') {
    const encode = (text: string) => (grant.formEncode ? `formEncode(${text})` : text);
    if (grant.formEncode) {
      lines.push(
        '// RFC 6749 section 2.3.1: id and secret form-encoded before they are joined.',
        'const formEncode = (text) => new URLSearchParams([["", text]]).toString().slice(1);',
      );
    }
    lines.push(
      'const base64Utf8 = (text) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));',
      `const credentials = \`\${${encode(read(clientId))}}:\${${encode(read(clientSecret))}}\`;`,
    );
    headers = [`"Content-Type": ${FORM}`, '"Authorization": `Basic ${base64Utf8(credentials)}`'];
    body = jsString('grant_type=client_credentials');
  } else {
    headers = [`"Content-Type": ${FORM}`];
    body = [
      'new URLSearchParams([',
      '    ["grant_type", "client_credentials"],',
      `    ["client_id", ${read(clientId)}],`,
      `    ["client_secret", ${read(clientSecret)}],`,
      '  ]).toString()',
    ].join('\n');
  }
  return [
    ...lines,
    `const tokenResponse = await fetch(${jsString(grant.url)}, {`,
    '  method: "POST",',
    '  headers: {',
    ...headers.map((header) => `    ${header},`),
    '  },',
    `  body: ${body},`,
    '  redirect: "manual",',
    '});',
    'if (!tokenResponse.ok) {',
    '  throw new Error(`Token request failed: ${tokenResponse.status} ${await tokenResponse.text()}`);',
    '}',
    'const { access_token: accessToken } = await tokenResponse.json();',
    '',
  ];
}

function headerValue(header: PlanHeader): string {
  if (!isSecretHeader(header)) return jsString(header.value);
  if (header.secret === 'apiKey') return read(CODE_VARIABLES.apiKey);
  return `\`${header.prefix}\${accessToken}\``;
}

function callLines(plan: CallPlan): string[] {
  const headers = headersAsSent(plan.headers).map(
    (header) => `    ${jsString(header.name)}: ${headerValue(header)},`,
  );
  return [
    `const response = await fetch(${jsString(plan.url)}, {`,
    `  method: ${jsString(plan.method)},`,
    '  headers: {',
    ...headers,
    '  },',
    ...(plan.body === null ? [] : [`  body: ${jsString(plan.body)},`]),
    `  redirect: "manual", // ${CODE_NOTES.noRedirects}`,
    '});',
    'const text = await response.text();',
    'if (!response.ok) throw new Error(`HTTP ${response.status}: ${text}`);',
    'console.log(text);',
  ];
}

function preamble(plan: CallPlan): string[] {
  const lines = [
    '// Runs in a browser console, and in Node 18+ saved as call.mjs (for top-level await).',
  ];
  if (plan.mode === 'values') {
    lines.push(`// ${CODE_NOTES.clearText}`);
    if (plan.grant !== null) lines.push(`// ${CODE_NOTES.tokenExpires}`);
    return [...lines, ''];
  }
  const { apiKey, clientId, clientSecret } = CODE_VARIABLES;
  const names = plan.grant === null ? [apiKey] : [clientId, clientSecret];
  lines.push(
    `// Reads ${names.join(' and ')} from the environment (Node) or asks (browser): no secret is part of this code.`,
    `// Node:  ${names.map((name) => `${name}=...`).join(' ')} node call.mjs`,
    ...readVariableFunction(),
    '',
  );
  return lines;
}

export function renderFetch(plan: CallPlan): string {
  const grant = plan.mode === 'variables' && plan.grant !== null ? grantLines(plan.grant) : [];
  return [...preamble(plan), ...grant, ...callLines(plan)].join('\n');
}
