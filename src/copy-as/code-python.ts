/**
 * "Copy as Python": the call plan (call-plan.ts) as a Python 3 script using `requests`.
 *
 * Invariant: in variables mode no secret is in the text; the script reads API_KEY, CLIENT_ID and
 * CLIENT_SECRET from `os.environ`. Every literal is pythonString's. What requests would do on its
 * own is overridden where it differs from the panel: the body goes as UTF-8 bytes (a str body
 * would be sent as Latin-1), the Basic credentials are Base64 over UTF-8 bytes (requests' `auth=`
 * takes Latin-1), redirects are not followed (requests would carry `x-apikey` along). The URL
 * is sent as it is: the panel already writes it as requests and urllib3 would (`[`, `]`, `|` in a
 * path percent-encoded: v1-request.ts `encodeForEveryClient`), so they change nothing. Left to
 * requests: `Content-Length: 0` for a DELETE or OPTIONS without body, where fetch sends none.
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
import { pythonString } from './code-literals';

const FORM = pythonString('application/x-www-form-urlencoded');

function environ(variable: string): string {
  return `os.environ[${pythonString(variable)}]`;
}

/** quote_plus keeps `~` and encodes `*`; URLSearchParams (the panel) does the opposite. */
const FORM_ENCODE_FUNCTION = [
  'def form_encode(text):',
  '    """RFC 6749 section 2.3.1: form-encoded as the panel does (URLSearchParams)."""',
  '    return quote_plus(text, safe="*").replace("~", "%7E")',
  '',
  '',
];

function grantLines(grant: GrantPlan): string[] {
  const { clientId, clientSecret } = CODE_VARIABLES;
  const lines: string[] = [];
  let headers = `{"Content-Type": ${FORM}}`;
  let data: string[];
  if (grant.variant === 'basic') {
    const encode = (text: string) => (grant.formEncode ? `form_encode(${text})` : text);
    lines.push(
      `# ${CODE_NOTES.grant(grant)}`,
      `credentials = ${encode(environ(clientId))} + ":" + ${encode(environ(clientSecret))}`,
      'basic = base64.b64encode(credentials.encode("utf-8")).decode("ascii")',
    );
    headers = `{"Content-Type": ${FORM}, "Authorization": "Basic " + basic}`;
    data = ['    data="grant_type=client_credentials",'];
  } else {
    lines.push(`# ${CODE_NOTES.grant(grant)}`);
    data = [
      '    data={',
      '        "grant_type": "client_credentials",',
      `        "client_id": ${environ(clientId)},`,
      `        "client_secret": ${environ(clientSecret)},`,
      '    },',
    ];
  }
  return [
    ...lines,
    'token_response = requests.post(',
    `    ${pythonString(grant.url)},`,
    `    headers=${headers},`,
    ...data,
    '    allow_redirects=False,',
    '    timeout=30,',
    ')',
    'if not token_response.ok:',
    '    raise SystemExit(f"Token request failed: {token_response.status_code} {token_response.text}")',
    'access_token = token_response.json()["access_token"]',
    '',
  ];
}

function headerValue(header: PlanHeader): string {
  if (!isSecretHeader(header)) return pythonString(header.value);
  if (header.secret === 'apiKey') return environ(CODE_VARIABLES.apiKey);
  return `${pythonString(header.prefix)} + access_token`;
}

function callLines(plan: CallPlan): string[] {
  const headers = headersAsSent(plan.headers).map(
    (header) => `        ${pythonString(header.name)}: ${headerValue(header)},`,
  );
  return [
    'response = requests.request(',
    `    ${pythonString(plan.method)},`,
    `    ${pythonString(plan.url)},`,
    '    headers={',
    ...headers,
    '    },',
    ...(plan.body === null ? [] : [`    data=${pythonString(plan.body)}.encode("utf-8"),`]),
    `    allow_redirects=False,  # ${CODE_NOTES.noRedirects}`,
    '    timeout=30,',
    ')',
    'print(response.text)',
    'if not response.ok:',
    '    raise SystemExit(f"HTTP {response.status_code}")',
  ];
}

function preamble(plan: CallPlan, grant: GrantPlan | null): string[] {
  const lines = ['# Python 3 with requests (pip install requests).'];
  if (plan.mode === 'values') {
    lines.push(`# ${CODE_NOTES.clearText}`);
    if (plan.grant !== null) lines.push(`# ${CODE_NOTES.tokenExpires}`);
  } else {
    const { apiKey, clientId, clientSecret } = CODE_VARIABLES;
    const names = plan.grant === null ? [apiKey] : [clientId, clientSecret];
    lines.push(
      `# Reads ${names.join(' and ')} from the environment: no secret is part of this code.`,
      `# Set ${names.length === 1 ? 'it' : 'them'} first, e.g.  export ${names.map((name) => `${name}=...`).join(' ')}`,
    );
  }
  const imports = [
    ...(grant?.variant === 'basic' ? ['import base64'] : []),
    ...(plan.mode === 'variables' ? ['import os'] : []),
    ...(grant?.formEncode ? ['from urllib.parse import quote_plus'] : []),
  ];
  return [...lines, ...imports, ...(imports.length > 0 ? [''] : []), 'import requests', ''];
}

export function renderPython(plan: CallPlan): string {
  const grant = plan.mode === 'variables' ? plan.grant : null;
  return [
    ...preamble(plan, grant),
    ...(grant?.formEncode ? ['', ...FORM_ENCODE_FUNCTION] : []),
    ...(grant === null ? [] : grantLines(grant)),
    ...callLines(plan),
  ].join('\n');
}
