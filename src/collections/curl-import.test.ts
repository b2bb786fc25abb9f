/**
 * Import cURL, tested with what users paste: Chrome's "Copy as cURL" in both flavours (verbatim
 * samples, and commands generated with Chrome's quoting rules), our own "Copy as cURL" for every
 * profile kind and both secret modes (a real round trip through src/service/curl.ts), each curl
 * option, and hostile text. The shell reading is checked against the real bash: bash is required
 * (as curl is for curl.test.ts), and these tests fail and say so when it is missing.
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: shell text holds ${VAR} on purpose
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../protocol/errors';
import type { AuthMethod, NameValue } from '../protocol/messages';
import { buildCurlCommand, type CurlSecrets } from '../service/curl';
import type { StoredProfile } from '../service/stored-shapes';
import { buildV1Request, type V1Call } from '../service/v1-request';
import { type CurlImport, importCurl } from './curl-import';

const BASE = 'https://api.example.com';
const AUTH_DROPPED = 'recognised and dropped: the active profile authenticates calls';

function imported(command: string, baseUrl = BASE): CurlImport {
  const result = importCurl(command, { baseUrl });
  if (!result.ok) {
    throw new Error(`expected an import, got ${result.error.code}: ${result.error.message}`);
  }
  return result.value;
}

function refused(command: string, baseUrl = BASE): AppError {
  const result = importCurl(command, { baseUrl });
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.value)}`);
  return result.error;
}

function rows(...pairs: [string, string][]): NameValue[] {
  return pairs.map(([name, value]) => ({ name, value }));
}

const URL_V1 = `${BASE}/v1/orders`;

// -------------------------------------------------------------------------------------------
// Chrome's "Copy as cURL", quoting rules rewritten from DevTools' NetworkLogView (bash and cmd)

type ChromeRequest = {
  url: string;
  method: string;
  headers: [string, string][];
  body?: string;
};

function chromeQuoteBash(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: Chrome escapes exactly these
  const special = /[\u0000-\u001f\u007f-\u009f!]/g;
  if (!special.test(text) && !text.includes("'")) return `'${text}'`;
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(special, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `$'${escaped}'`;
}

function chromeQuoteCmd(text: string): string {
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/[^a-zA-Z0-9\s_\-:=+~'/.',?;()*`]/g, '^$&')
    .replace(/%(?=[a-zA-Z0-9_])/g, '%^')
    .replace(/[^ -~\r\n]/g, ' ')
    .replace(/\r?\n|\r/g, '^\n\n');
  return `^"${escaped}^"`;
}

function chromeCurl(request: ChromeRequest, platform: 'bash' | 'cmd'): string {
  const quote = platform === 'cmd' ? chromeQuoteCmd : chromeQuoteBash;
  const parts = [quote(request.url).replace(/[[{}\]]/g, '\\$&')];
  const ignored = new Set(['accept-encoding', 'host', 'method', 'path', 'scheme', 'version']);
  const data: string[] = [];
  let inferred = 'GET';
  if (request.body !== undefined) {
    data.push(`--data-raw ${quote(request.body)}`);
    ignored.add('content-length');
    inferred = 'POST';
  }
  if (request.method !== inferred) parts.push(`-X ${quote(request.method)}`);
  for (const [rawName, value] of request.headers) {
    const name = rawName.replace(/^:/, '');
    if (ignored.has(name.toLowerCase())) continue;
    if (value.trim() === '') parts.push(`-H ${quote(`${name};`)}`);
    else if (name.toLowerCase() === 'cookie') parts.push(`-b ${quote(value)}`);
    else parts.push(`-H ${quote(`${name}: ${value}`)}`);
  }
  const all = [...parts, ...data];
  return `curl ${all.join(all.length >= 3 ? (platform === 'cmd' ? ' ^\n  ' : ' \\\n  ') : ' ')}`;
}

const BROWSER_NOISE: [string, string][] = [
  ['accept-language', 'en-GB,en-US;q=0.9,en;q=0.8'],
  ['origin', 'https://app.example.com'],
  ['priority', 'u=1, i'],
  ['referer', 'https://app.example.com/orders'],
  ['sec-ch-ua', '"Chromium";v="131", "Google Chrome";v="131", "Not_A Brand";v="24"'],
  ['sec-ch-ua-mobile', '?0'],
  ['sec-ch-ua-platform', '"macOS"'],
  ['sec-fetch-dest', 'empty'],
  ['sec-fetch-mode', 'cors'],
  ['sec-fetch-site', 'same-site'],
  [
    'user-agent',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  ],
];

describe('Chrome "Copy as cURL (bash)"', () => {
  it('imports a GET with many -H lines: keeps the call headers, drops auth, cookies and browser noise', () => {
    const command = `curl 'https://api.example.com/v1/orders?status=open&limit=20&filter\\[customer\\]=ACME%20Ltd' \\
  -H 'accept: application/json, text/plain, */*' \\
  -H 'accept-language: en-GB,en-US;q=0.9,en;q=0.8' \\
  -H 'authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2VjcmV0' \\
  -H 'cache-control: no-cache' \\
  -H 'companyid: acme-42' \\
  -H 'content-type: application/json' \\
  -b '_ga=GA1.1.123; session=s3cr3t-cookie' \\
  -H 'origin: https://app.example.com' \\
  -H 'pragma: no-cache' \\
  -H 'priority: u=1, i' \\
  -H 'referer: https://app.example.com/orders' \\
  -H 'sec-ch-ua: "Chromium";v="131", "Google Chrome";v="131", "Not_A Brand";v="24"' \\
  -H 'sec-ch-ua-mobile: ?0' \\
  -H 'sec-ch-ua-platform: "macOS"' \\
  -H 'sec-fetch-dest: empty' \\
  -H 'sec-fetch-mode: cors' \\
  -H 'sec-fetch-site: same-site' \\
  -H 'user-agent: Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' \\
  -H 'x-request-id: 5b0f7c1e-9d1a-4a53-8f0e-2c1f4f0b7d21'`;
    const { request, notes } = imported(command);
    expect(request).toEqual({
      method: 'GET',
      path: 'orders',
      query: rows(['status', 'open'], ['limit', '20'], ['filter[customer]', 'ACME Ltd']),
      headers: rows(
        ['accept', 'application/json, text/plain, */*'],
        ['x-request-id', '5b0f7c1e-9d1a-4a53-8f0e-2c1f4f0b7d21'],
      ),
      body: '',
    });
    expect(notes).toContain(`Authorization header ${AUTH_DROPPED}.`);
    expect(notes).toContain('Cookies dropped: calls from the panel carry no cookies.');
    expect(notes).toContain(
      'companyId header dropped: the active profile sends its own Company ID.',
    );
    expect(notes).toContain(
      'Browser headers dropped: accept-language, cache-control, origin, pragma, priority, referer, ' +
        'sec-ch-ua, sec-ch-ua-mobile, sec-ch-ua-platform, sec-fetch-dest, sec-fetch-mode, sec-fetch-site, and 1 more.',
    );
    const everything = JSON.stringify({ request, notes });
    for (const secret of ['eyJhbGci', 's3cr3t-cookie', 'acme-42'])
      expect(everything).not.toContain(secret);
  });

  it("imports a POST whose body Chrome wrote as $'…' (quote, !, backslashes, line breaks, control characters)", () => {
    const command = `curl 'https://api.example.com/v1/orders' \\
  -H 'accept: application/json' \\
  -H 'content-type: application/json;charset=UTF-8' \\
  -H 'x-apikey: 3f9a1c2b4d5e6f70' \\
  --data-raw $'{"note":"it\\'s urgent\\u0021","path":"C:\\\\\\\\temp","lines":"one\\ntwo","escaped":"a\\\\nb","bell":"\\u0007","tab":"\\u0009x"}'`;
    const { request, notes } = imported(command);
    expect(request.method).toBe('POST');
    expect(request.headers).toEqual(rows(['accept', 'application/json']));
    expect(request.body).toBe(
      '{"note":"it\'s urgent!","path":"C:\\\\temp","lines":"one\ntwo","escaped":"a\\nb","bell":"\u0007","tab":"\tx"}',
    );
    expect(notes).toEqual([`x-apikey header ${AUTH_DROPPED}.`]);
  });

  it('imports a PUT with -X, an empty header (Name;) and a body without special characters', () => {
    const command = `curl 'https://api.example.com/v1/orders/42' \\
  -X 'PUT' \\
  -H 'accept: */*' \\
  -H 'x-empty;' \\
  -H 'if-match: "v7"' \\
  --data-raw '{"status":"shipped","items":[1,2,3]}'`;
    expect(imported(command).request).toEqual({
      method: 'PUT',
      path: 'orders/42',
      query: [],
      headers: rows(['accept', '*/*'], ['x-empty', ''], ['if-match', '"v7"']),
      body: '{"status":"shipped","items":[1,2,3]}',
    });
  });

  const generated: { title: string; chrome: ChromeRequest; expected: CurlImport['request'] }[] = [
    {
      title: 'a GET with brackets, braces and encoded characters in the query',
      chrome: {
        url: `${BASE}/v1/products?filter[tag]={new}&q=caf%C3%A9%20au%20lait&sort=-price`,
        method: 'GET',
        headers: [['accept', 'application/json'], ...BROWSER_NOISE],
      },
      expected: {
        method: 'GET',
        path: 'products',
        query: rows(['filter[tag]', '{new}'], ['q', 'café au lait'], ['sort', '-price']),
        headers: rows(['accept', 'application/json']),
        body: '',
      },
    },
    {
      title: "a POST whose JSON body needs $'…' (quotes, !, $, backticks, unicode, CR LF, tab)",
      chrome: {
        url: `${BASE}/v1/notes`,
        method: 'POST',
        headers: [
          ['content-type', 'application/json'],
          ['authorization', 'Basic dXNlcjpwYXNz'],
          ['x-trace', "it's $HOME `id` 100%"],
          ...BROWSER_NOISE,
        ],
        body: JSON.stringify({
          text: `He said "hi" & 'bye'! $5 \`id\` %PATH% \\n`,
          lines: 'a\r\nb\tc',
          uni: 'café ✓ 日本 😀',
        }),
      },
      expected: {
        method: 'POST',
        path: 'notes',
        query: [],
        headers: rows(['x-trace', "it's $HOME `id` 100%"]),
        body: JSON.stringify({
          text: `He said "hi" & 'bye'! $5 \`id\` %PATH% \\n`,
          lines: 'a\r\nb\tc',
          uni: 'café ✓ 日本 😀',
        }),
      },
    },
    {
      title: 'a DELETE with cookies and an empty header',
      chrome: {
        url: `${BASE}/v1/orders/42`,
        method: 'DELETE',
        headers: [
          ['cookie', 'sid=abc; theme=dark'],
          ['x-reason', ''],
          ['x-request-id', 'r-1'],
        ],
      },
      expected: {
        method: 'DELETE',
        path: 'orders/42',
        query: [],
        headers: rows(['x-reason', ''], ['x-request-id', 'r-1']),
        body: '',
      },
    },
    {
      title:
        'a PATCH with a raw multi-line body and HTTP/2 pseudo-headers (older Chrome kept authority)',
      chrome: {
        url: `${BASE}/v1/orders/42/notes`,
        method: 'PATCH',
        headers: [
          [':authority', 'api.example.com'],
          [':method', 'PATCH'],
          [':path', '/v1/orders/42/notes'],
          [':scheme', 'https'],
          ['accept', '*/*'],
        ],
        body: 'line one\nline "two" \\ three\n# not a comment',
      },
      expected: {
        method: 'PATCH',
        path: 'orders/42/notes',
        query: [],
        headers: rows(['accept', '*/*']),
        body: 'line one\nline "two" \\ three\n# not a comment',
      },
    },
  ];

  for (const { title, chrome, expected } of generated) {
    it(`imports what Chrome writes for ${title}`, () => {
      expect(imported(chromeCurl(chrome, 'bash')).request).toEqual(expected);
    });
  }

  it('reads every word as bash does (checked against the real bash)', () => {
    const words = [
      `'single $HOME \`id\` \\ "q" # not a comment'`,
      `"double \\" \\\\ \\$ \\\` \\a \\n 'q'"`,
      `$'ansi \\n \\t \\\\ \\' \\" \\x41\\x42 \\u00e9 \\u2713 \\U0001F600 \\101 \\a \\e \\cA \\q \\?'`,
      `$'\\xc3\\xa9\\xe2\\x9c\\x93'`,
      `mixed'one'"two"$'three\\n'four`,
      `back\\ slash\\'s\\"`,
      `"multi\nline"`,
      `'it'\\''s'`,
      `"a"\\\n"b"`,
      `$"translated"`,
      `'{"a":[1,2],"b":{"c":"d"}}'`,
      `"tab\tinside"`,
      `$'\\''`,
      `''`,
      `a#b`,
      `"€ ✓ 日本 😀"`,
    ];
    let output: Buffer;
    try {
      output = execFileSync('bash', ['-c', `printf '%s\\0' ${words.join(' ')}`], {
        env: { PATH: process.env.PATH ?? '', LC_ALL: 'C.UTF-8' },
      });
    } catch (error) {
      throw new Error(`These tests compare with the real bash: install bash. (${String(error)})`);
    }
    const expected = output.toString('utf8').split('\u0000').slice(0, -1);
    expect(expected).toHaveLength(words.length);
    words.forEach((word, index) => {
      const body = imported(`curl ${URL_V1} --data-raw ${word}`).request.body;
      expect(body, word).toBe(expected[index]);
    });
  });
});

describe('Chrome "Copy as cURL (cmd)"', () => {
  it('imports a verbatim sample: ^" quoting, ^ line ends, ^& and \\" inside the body, %^ and a line break', () => {
    const command = [
      'curl ^"https://api.example.com/v1/orders?status=open^&limit=20^" ^',
      '  -H ^"accept: application/json, text/plain, */*^" ^',
      '  -H ^"authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2lnbg^" ^',
      '  -H ^"content-type: application/json^" ^',
      '  -b ^"session=s3cr3t^" ^',
      '  -H ^"sec-fetch-mode: cors^" ^',
      '  -H ^"x-request-id: r-42^" ^',
      '  --data-raw ^"^{^\\^"note^\\^":^\\^"50%^off ^& more^\\^",^\\^"lines^\\^":^\\^"one^',
      '',
      'two^\\^"^}^"',
    ].join('\n');
    const { request, notes } = imported(command);
    expect(request).toEqual({
      method: 'POST',
      path: 'orders',
      query: rows(['status', 'open'], ['limit', '20']),
      headers: rows(['accept', 'application/json, text/plain, */*'], ['x-request-id', 'r-42']),
      body: '{"note":"50%off & more","lines":"one\ntwo"}',
    });
    expect(notes).toContain(`Authorization header ${AUTH_DROPPED}.`);
    expect(JSON.stringify(notes)).not.toContain('eyJhbGci');
    // The same text with Windows line ends reads the same.
    expect(imported(command.replaceAll('\n', '\r\n')).request).toEqual(request);
  });

  it('imports what Chrome writes in the (cmd) flavour for the same requests as bash', () => {
    for (const request of [
      {
        url: `${BASE}/v1/products?filter[tag]={new}&q=a%20b&sort=-price`,
        method: 'GET',
        headers: [['accept', 'application/json'], ...BROWSER_NOISE] as [string, string][],
      },
      {
        url: `${BASE}/v1/notes`,
        method: 'PUT',
        headers: [['x-trace', 'it\'s "quoted" 100%done ^caret <tag> | pipe']] as [string, string][],
        body: '{"text":"He said \\"hi\\" & \'bye\'! $5 %PATH% ^ <>|","n":"a\\\\b"}\nsecond line',
      },
    ]) {
      const result = imported(chromeCurl(request, 'cmd')).request;
      const fresh = imported(chromeCurl(request, 'bash')).request;
      expect(result).toEqual(fresh);
    }
  });

  it('keeps %VARIABLES% as text and says so, unless they sit in a dropped auth header', () => {
    const command =
      'curl "https://api.example.com/v1/orders/%ORDER_ID%" ^\n  -H "x-apikey: %API_KEY%" ^\n  -H "X-Trace: %TRACE%"';
    const { request, notes } = imported(command);
    expect(request.path).toBe('orders/%ORDER_ID%');
    expect(request.headers).toEqual(rows(['X-Trace', '%TRACE%']));
    const note = notes.find((text) => text.startsWith('The command uses shell variables'));
    expect(note).toContain('%ORDER_ID%, %TRACE%');
    expect(note).not.toContain('API_KEY');
  });

  it('reads hand-written cmd text as the C runtime does: backslashes are literal unless before "', () => {
    const command =
      'curl.exe "https://api.example.com/v1/files" ^\n  -X PUT ^\n  --data-raw "{\\"path\\":\\"C:\\\\temp\\\\\\"}" ^\n  -H "X-A: 1"';
    expect(imported(command).request).toEqual({
      method: 'PUT',
      path: 'files',
      query: [],
      headers: rows(['X-A', '1']),
      body: '{"path":"C:\\\\temp\\"}',
    });
  });

  it('reads a one-line curl.exe command as cmd text: "" inside quotes is a quote', () => {
    const { request } = imported(
      'curl.exe "https://api.example.com/v1/x" -H "X-Q: say ""hi""" --data-raw "{""a"":1}"',
    );
    expect(request).toMatchObject({ headers: rows(['X-Q', 'say "hi"']), body: '{"a":1}' });
  });

  it('does not take percent-encoding (%E2%9C%93) for a %VARIABLE%', () => {
    const { request, notes } = imported(
      'curl "https://api.example.com/v1/tags/%E2%9C%93?q=%41%42"',
    );
    expect(request).toMatchObject({ path: 'tags/✓', query: rows(['q', 'AB']) });
    expect(notes).toEqual([]);
  });

  it('refuses an unterminated quote in cmd text', () => {
    expect(refused('curl ^"https://api.example.com/v1/x^" ^\n  -H "accept: x').message).toMatch(
      /never closed/,
    );
  });
});

// -------------------------------------------------------------------------------------------
// Our own "Copy as cURL" (src/service/curl.ts), imported back

describe('our own "Copy as cURL", imported back', () => {
  const SECRETS = {
    apiKey: 'sk_live_APIKEY_SECRET_1',
    accessToken: 'ACCESS_TOKEN_SECRET_2',
    clientSecret: 'CLIENT_SECRET_3',
  };

  function profile(authMethod: AuthMethod, baseUrl: string): StoredProfile {
    return {
      id: 'p1',
      name: 'Production',
      authUrl: 'https://auth.example.com',
      baseUrl,
      companyId: 'acme-42',
      authMethod,
      clientId: authMethod === 'apiKey' ? '' : 'client-1',
      formEncodeCredentials: authMethod === 'oauthBasic',
      variables: [],
    };
  }

  const calls: V1Call[] = [
    {
      method: 'GET',
      path: 'products',
      query: rows(['limit', '2'], ['q', "a b&c'd=€+%"], ['', ''], ['empty', '']),
      headers: rows(['X-Request-Id', 'req-1']),
      body: '',
    },
    {
      method: 'POST',
      path: 'orders',
      query: [],
      headers: rows(
        ['X-Note', `it's "quoted" $HOME \`id\` \\ ; # end`],
        ['X-Empty', ''],
        ['Accept', 'application/json'],
      ),
      body: JSON.stringify(
        { said: `He said "hi" and 'bye' for $5 $(id) \`id\` \${HOME} \\n \\`, text: 'café ✓ 😀' },
        null,
        2,
      ),
    },
    { method: 'PUT', path: 'orders/42', query: [], headers: [], body: '' },
    { method: 'HEAD', path: 'products', query: rows(['page', '3']), headers: [], body: '' },
    { method: 'DELETE', path: 'orders/42', query: [], headers: [], body: '' },
    {
      method: 'PATCH',
      path: "files/my report (v2)/café's [draft]/{x}/日本",
      query: [],
      headers: [],
      body: `@/etc/passwd\nit's 100% \r\n\t"$HOME" \\'\\\n# not a comment\n'`,
    },
    { method: 'OPTIONS', path: 'orders', query: [], headers: [], body: '' },
  ];

  const modes: [string, CurlSecrets][] = [
    ['variables', { mode: 'variables' }],
    ['values', { mode: 'values', ...SECRETS }],
  ];

  for (const authMethod of ['apiKey', 'oauthBasic', 'oauthBody'] as const) {
    for (const [modeName, secrets] of modes) {
      for (const baseUrl of [BASE, 'https://gateway.example.com/partner']) {
        it(`${authMethod}, ${modeName} mode, Base URL ${baseUrl}: method, path, query, headers and body come back`, () => {
          const source = profile(authMethod, baseUrl);
          for (const call of calls) {
            const built = buildCurlCommand(source, call, secrets);
            if (!built.ok) throw new Error(built.error.message);
            const { request, notes } = imported(built.value, baseUrl);
            expect(request.method).toBe(call.method);
            expect(request.query).toEqual(call.query.filter((row) => row.name !== ''));
            expect(request.headers).toEqual(call.headers);
            expect(request.body).toBe(call.body);
            // The path may come back percent-encoded where needed, but addresses the same URL.
            const target = { baseUrl, companyId: source.companyId };
            const auth = { kind: 'apiKey', apiKey: 'k' } as const;
            const original = buildV1Request(target, auth, call);
            const again = buildV1Request(target, auth, request);
            expect(again).toEqual(original);
            expect(request.path).toBe(call.path);

            const credential = authMethod === 'apiKey' ? 'x-apikey' : 'Authorization';
            expect(notes).toContain(`${credential} header ${AUTH_DROPPED}.`);
            expect(notes).toContain(
              'companyId header dropped: the active profile sends its own Company ID.',
            );
            expect(notes.join('\n')).not.toMatch(/shell variables/);
            const everything = JSON.stringify({ request, notes });
            for (const secret of Object.values(SECRETS)) expect(everything).not.toContain(secret);
          }
        });
      }
    }
  }
});

// -------------------------------------------------------------------------------------------
// curl options

describe('curl options', () => {
  it('-X/--request sets the method, attached or not, in any case; an unknown method is refused', () => {
    expect(imported(`curl -X PUT ${URL_V1}`).request.method).toBe('PUT');
    expect(imported(`curl -XDELETE ${URL_V1}`).request.method).toBe('DELETE');
    expect(imported(`curl --request patch ${URL_V1} -d x`).request.method).toBe('PATCH');
    expect(imported(`curl -sSX OPTIONS ${URL_V1}`).request.method).toBe('OPTIONS');
    const error = refused(`curl -X PROPFIND ${URL_V1}`);
    expect(error.code).toBe('invalid_request');
    expect(error.message).toContain('"PROPFIND"');
    expect(error.hint).toContain('GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS');
  });

  it('defaults to GET, to POST with data, to HEAD with -I/--head', () => {
    expect(imported(`curl ${URL_V1}`).request.method).toBe('GET');
    expect(imported(`curl ${URL_V1} -d ''`).request).toMatchObject({ method: 'POST', body: '' });
    expect(imported(`curl -I ${URL_V1}`).request.method).toBe('HEAD');
    expect(imported(`curl --head ${URL_V1}`).request.method).toBe('HEAD');
  });

  it('-d/--data/--data-ascii/--data-binary/--data-raw are joined with & as curl does', () => {
    const command = `curl ${URL_V1} -d a=1 --data 'b=2 3' --data-ascii c=4 --data-binary 'd=5' --data-raw '@e=6'`;
    expect(imported(command).request.body).toBe('a=1&b=2 3&c=4&d=5&@e=6');
  });

  it('--data-urlencode encodes as curl: content, =content, name=content; a file is noted', () => {
    const command = `curl ${URL_V1} --data-urlencode 'q=a b&c/é!' --data-urlencode '=x y' --data-urlencode 'plain~text.' --data-urlencode 'mail=a@b.c'`;
    expect(imported(command).request.body).toBe(
      'q=a%20b%26c%2F%C3%A9%21&x%20y&plain~text.&mail=a%40b.c',
    );
    const { request, notes } = imported(`curl ${URL_V1} --data-urlencode 'doc@notes.txt'`);
    expect(request).toMatchObject({ method: 'POST', body: '' });
    expect(notes[0]).toMatch(/file "notes.txt".*cannot read: paste its content into the body/);
  });

  it('a body read from a file (@file) is not invented: the method stays POST and a note says so', () => {
    for (const option of ['-d', '--data', '--data-binary', '--json']) {
      const { request, notes } = imported(`curl ${URL_V1} ${option} @payload.json`);
      expect(request, option).toMatchObject({ method: 'POST', body: '' });
      expect(notes[0]).toContain(`"payload.json" (${option})`);
    }
  });

  it('--json sets the body (pieces concatenated) and Accept; its Content-Type is the contract one', () => {
    const { request, notes } = imported(`curl ${URL_V1} --json '{"a":1,' --json '"b":2}'`);
    expect(request).toEqual({
      method: 'POST',
      path: 'orders',
      query: [],
      headers: rows(['Accept', 'application/json']),
      body: '{"a":1,"b":2}',
    });
    expect(notes).toEqual([]);
    expect(imported(`curl ${URL_V1} -H 'Accept: text/csv' --json '{}'`).request.headers).toEqual(
      rows(['Accept', 'text/csv']),
    );
  });

  it('-G/--get moves the data into the query', () => {
    const { request } = imported(
      `curl -G ${URL_V1}?status=open -d limit=5 --data-urlencode 'q=a b'`,
    );
    expect(request).toEqual({
      method: 'GET',
      path: 'orders',
      query: rows(['status', 'open'], ['limit', '5'], ['q', 'a b']),
      headers: [],
      body: '',
    });
    expect(imported(`curl --get -I ${URL_V1} -d x=1`).request).toMatchObject({
      method: 'HEAD',
      query: rows(['x', '1']),
    });
  });

  it('--url-query adds to the query, encoded unless it starts with +', () => {
    const { request } = imported(`curl ${URL_V1} --url-query 'q=a b' --url-query '+r=%41'`);
    expect(request.query).toEqual(rows(['q', 'a b'], ['r', 'A']));
  });

  it('-u/--user and --oauth2-bearer are recognised and dropped, their values never shown', () => {
    for (const option of ['-u', '--user', '--oauth2-bearer']) {
      const { request, notes } = imported(`curl ${option} 'me:p4ssw0rd' ${URL_V1}`);
      expect(notes).toEqual([`The credentials given with ${option} were ${AUTH_DROPPED}.`]);
      expect(JSON.stringify({ request, notes })).not.toContain('p4ssw0rd');
    }
    expect(imported(`curl -ume:pw ${URL_V1}`).notes[0]).toContain('-u were recognised');
  });

  it('-b/--cookie are dropped with a note', () => {
    for (const option of ['-b', '--cookie']) {
      expect(imported(`curl ${option} 'sid=1' ${URL_V1}`).notes).toEqual([
        'Cookies dropped: calls from the panel carry no cookies.',
      ]);
    }
  });

  it('-A/--user-agent and -e/--referer count as browser headers', () => {
    const { request, notes } = imported(`curl -A 'Bot/1' --referer https://x.example ${URL_V1}`);
    expect(request.headers).toEqual([]);
    expect(notes).toEqual(['Browser headers dropped: user-agent, referer.']);
  });

  it('output and transport options change nothing; -L and -k say why they are ignored', () => {
    const command = `curl -s -S -sS -i --compressed --fail-with-body --fail --globoff -v -o out.json -w '%{http_code}' --max-time 5 --http1.1 ${URL_V1}`;
    expect(imported(command)).toEqual({
      request: { method: 'GET', path: 'orders', query: [], headers: [], body: '' },
      notes: [],
    });
    expect(imported(`curl -sSLk ${URL_V1}`).notes).toEqual([
      '-L ignored: the panel reports a redirect instead of following it.',
      '-k ignored: the browser always checks TLS certificates.',
    ]);
  });

  it('--url gives the URL; two URLs are refused', () => {
    expect(imported(`curl --url ${URL_V1}/7`).request.path).toBe('orders/7');
    const error = refused(`curl ${URL_V1} ${BASE}/v1/products`);
    expect(error.message).toBe('The command has 2 URLs; a request has one.');
  });

  it('options that change the connection, and unknown options, are named in a note', () => {
    const { request, notes } = imported(
      `curl --proxy http://proxy:3128 --frobnicate level-3 --future-flag ${URL_V1} -Q x -W --header='X-Key: s3cret'`,
    );
    expect(request.path).toBe('orders');
    expect(notes).toEqual([
      'Options ignored, as they do not change the request the panel sends: --proxy, -Q.',
      'Options the import does not know were ignored: --frobnicate, --future-flag, -W, --header….',
    ]);
    expect(JSON.stringify(notes)).not.toContain('s3cret');
  });

  it('refuses what cannot become a request: -F, -T, -K, --next', () => {
    expect(refused(`curl -F file=@a.png ${URL_V1}`).message).toMatch(/Multipart form data/);
    expect(refused(`curl --form-string a=b ${URL_V1}`).message).toMatch(/Multipart form data/);
    expect(refused(`curl -T a.json ${URL_V1}`).message).toMatch(/uploads a file/);
    expect(refused(`curl -K opts.txt ${URL_V1}`).message).toMatch(/options from a file/);
    expect(refused(`curl ${URL_V1} --next ${URL_V1}`).message).toMatch(/several requests/);
  });

  it('an option without its value at the end is refused clearly', () => {
    expect(refused(`curl ${URL_V1} -H`).message).toBe(
      'The option -H at the end of the command has no value.',
    );
    expect(refused(`curl ${URL_V1} --data-raw`).message).toContain('--data-raw');
  });

  it('a GET with a body (-X GET -d) is kept but flagged, since the panel refuses it', () => {
    const { request, notes } = imported(`curl -X GET ${URL_V1} -d 'a=1'`);
    expect(request).toMatchObject({ method: 'GET', body: 'a=1' });
    expect(notes[0]).toMatch(/body of a GET request, which the panel refuses/);
  });
});

// -------------------------------------------------------------------------------------------
// URL

describe('the URL', () => {
  it('takes the path after the Base URL and /v1/, and the query as decoded rows', () => {
    const { request, notes } = imported(
      "curl 'https://gateway.example.com/partner/v1/orders/42/items?page=2&q=a%2Bb+c&flag&x=%E2%9C%93'",
      'https://gateway.example.com/partner/',
    );
    expect(request.path).toBe('orders/42/items');
    expect(request.query).toEqual(rows(['page', '2'], ['q', 'a+b c'], ['flag', ''], ['x', '✓']));
    expect(notes).toEqual(['A + in the query was read as a space, as HTML forms write it.']);
  });

  it('another host with /v1/ is accepted, and the note names the replaced host', () => {
    const { request, notes } = imported(`curl https://staging.example.org:8443/v1/orders`);
    expect(request.path).toBe('orders');
    expect(notes).toEqual([
      `The host staging.example.org:8443 was replaced by the profile's Base URL (${BASE}).`,
    ]);
    expect(imported(`curl ${BASE}/gw/v1/orders`).notes).toEqual([
      `The address ${BASE}/gw was replaced by the profile's Base URL (${BASE}).`,
    ]);
  });

  it('a URL without /v1/ is refused, saying what to import', () => {
    const error = refused(`curl 'https://api.example.com/v2/orders?apikey=SECRET'`);
    expect(error).toEqual({
      code: 'path_outside_v1',
      message: 'The URL https://api.example.com/v2/orders is not under /v1/.',
      hint: "Import a call to the service's /v1 API, e.g. https://api.example.com/v1/orders.",
    });
  });

  it('a path that leaves /v1/ with .. (plain or encoded) is refused as sending would', () => {
    expect(refused(`curl ${BASE}/v1/../admin`).code).toBe('path_outside_v1');
    expect(refused(`curl ${BASE}/v1/%2e%2e/admin`).code).toBe('path_outside_v1');
  });

  it('/v1 alone is the root; a URL without scheme is read as curl reads it (http://)', () => {
    expect(imported(`curl ${BASE}/v1`).request.path).toBe('');
    const { request, notes } = imported('curl api.example.com/v1/orders');
    expect(request.path).toBe('orders');
    expect(notes[0]).toBe(
      `The address http://api.example.com was replaced by the profile's Base URL (${BASE}).`,
    );
  });

  it('a $BASE_URL or {{baseUrl}} prefix stands for the Base URL; other variables are reported', () => {
    const { request, notes } = imported('curl "$BASE_URL/v1/orders/$ORDER_ID"');
    expect(request.path).toBe('orders/$ORDER_ID');
    expect(notes).toEqual([
      `The URL starts with $BASE_URL: the profile's Base URL (${BASE}) takes its place.`,
      'The command uses shell variables or commands the import cannot know ($ORDER_ID): they were kept as text; replace them with values or {{variables}}.',
    ]);
    expect(imported("curl '{{baseUrl}}/v1/orders'").request.path).toBe('orders');
    expect(imported('curl "${API}/v1/orders"').notes[0]).toContain('starts with ${API}');
  });

  it('user:password@ in the URL is dropped and never shown; a #fragment is dropped', () => {
    const { request, notes } = imported(`curl 'https://me:hunter2@api.example.com/v1/orders#top'`);
    expect(request.path).toBe('orders');
    expect(notes).toEqual([
      `The user name and password in the URL were ${AUTH_DROPPED}.`,
      'The #fragment of the URL was dropped: it is never sent to a server.',
    ]);
    expect(JSON.stringify(notes)).not.toContain('hunter2');
  });

  it('shows the path decoded when that addresses the same URL, else as written', () => {
    expect(imported(`curl '${BASE}/v1/files/my%20report%20(v2)/caf%C3%A9'`).request.path).toBe(
      'files/my report (v2)/café',
    );
    expect(imported(`curl '${BASE}/v1/files/a%2Fb/my%20report'`).request.path).toBe(
      'files/a%2Fb/my%20report',
    );
    expect(imported(`curl '${BASE}/v1/files/%7B%7Bx%7D%7D'`).request.path).toBe(
      'files/%7B%7Bx%7D%7D',
    );
  });

  it('curl glob escapes (\\[ \\]) are undone unless --globoff is given', () => {
    expect(imported(`curl '${BASE}/v1/items?ids\\[\\]=1'`).request.query).toEqual(
      rows(['ids[]', '1']),
    );
  });

  it('a malformed escape in the query is kept and reported', () => {
    const { request, notes } = imported(`curl '${BASE}/v1/items?q=100%&r=%FF'`);
    expect(request.query).toEqual(rows(['q', '100%'], ['r', '\uFFFD']));
    expect(notes[0]).toMatch(/% that starts no valid escape/);
  });

  it('refuses when the profile has no usable Base URL', () => {
    expect(refused(`curl ${URL_V1}`, 'not a url').code).toBe('invalid_profile');
  });
});

// -------------------------------------------------------------------------------------------
// Headers

describe('headers', () => {
  it('drops every credential header, whatever the scheme, with the note', () => {
    for (const header of [
      'Authorization: Basic dXNlcjpwYXNz',
      'authorization: Bearer abc.def.ghi',
      'Authorization: Digest username="u"',
      'AUTHORIZATION: token ghp_x',
      'x-apikey: k1',
      'X-API-Key: k2',
      'Proxy-Authorization: Basic eA==',
    ]) {
      const { request, notes } = imported(`curl ${URL_V1} -H '${header}'`);
      expect(request.headers, header).toEqual([]);
      expect(notes[0], header).toMatch(
        /header recognised and dropped: the active profile authenticates calls\.$/,
      );
    }
  });

  it('drops the contract headers: Content-Type (a note unless JSON) and companyId', () => {
    expect(imported(`curl ${URL_V1} -H 'Content-Type: application/json; charset=utf-8'`)).toEqual({
      request: { method: 'GET', path: 'orders', query: [], headers: [], body: '' },
      notes: [],
    });
    expect(imported(`curl ${URL_V1} -H 'Content-Type: text/plain'`).notes).toEqual([
      'Content-Type text/plain dropped: calls always send Content-Type: application/json.',
    ]);
  });

  it('keeps the other headers in order; Name; is empty, Name: (a removal) is skipped', () => {
    const { request, notes } = imported(
      `curl ${URL_V1} -H 'X-B: 2' -H 'x-empty;' -H 'Accept:' -H 'X-A:   spaced value  ' -H"X-Glued: yes"`,
    );
    expect(request.headers).toEqual(
      rows(['X-B', '2'], ['x-empty', ''], ['X-A', 'spaced value'], ['X-Glued', 'yes']),
    );
    expect(notes).toEqual([]);
  });

  it('a header the panel cannot send is dropped with the reason', () => {
    const { request, notes } = imported(
      `curl ${URL_V1} -H 'Bad Name: x' -H 'X-Price: 5 €' -H 'no colon' -H @headers.txt -H 'X-Ok: 1'`,
    );
    expect(request.headers).toEqual(rows(['X-Ok', '1']));
    expect(notes).toEqual([
      'The header name "Bad Name" is not valid. That header was not imported.',
      'The value of header X-Price contains characters that HTTP headers cannot carry (such as € or emoji). That header was not imported.',
      'A -H value that is not "Name: value" was ignored.',
      'Headers read from a file (-H @file) were not imported: the import cannot read files.',
    ]);
  });
});

// -------------------------------------------------------------------------------------------
// Shell text

describe('shell text around the command', () => {
  it('skips comment lines, trailing comments and other commands; a pipe or redirection is fine', () => {
    const text = [
      '#!/bin/bash',
      '# Get a token first:  ACCESS_TOKEN=$(curl -X POST https://auth.example.com/o/oauth/accesstoken)',
      'export ORDER=42',
      'ACCESS_TOKEN=$(curl -sS -X POST "https://auth.example.com/o/token" --data "a=b" | sed -n \'s/.*"access_token" *: *"\\([^"]*\\)".*/\\1/p\')',
      `curl -sS ${URL_V1} \\`,
      "  -H 'X-A: 1' \\   ",
      '  -d x=1 # trailing comment',
      '  2>/dev/null > out.json | jq .',
    ].join('\n');
    const { request, notes } = imported(text);
    expect(request).toMatchObject({ method: 'POST', body: 'x=1', headers: rows(['X-A', '1']) });
    expect(notes).toEqual(['Other shell commands in the text were ignored: export, jq.']);
  });

  it('forgives a line that ends in a backslash with nothing after it', () => {
    expect(imported(`curl ${URL_V1} \\\n  -H 'X-A: 1' \\`).request.headers).toEqual(
      rows(['X-A', '1']),
    );
  });

  it('reports $VAR, ${VAR}, $(…) and backticks kept as text, except in dropped auth headers', () => {
    const { request, notes } = imported(
      `curl ${URL_V1} -H "Authorization: Bearer $TOKEN" -H "X-Trace: \${TRACE}" -d "{\\"id\\": \\"$(uuidgen)\\", \\"at\\": \\"\`date\`\\"}"`,
    );
    expect(request.headers).toEqual(rows(['X-Trace', '${TRACE}']));
    expect(request.body).toBe('{"id": "$(uuidgen)", "at": "`date`"}');
    expect(notes.at(-1)).toBe(
      'The command uses shell variables or commands the import cannot know ($(…), `…`, ${TRACE}): they were kept as text; replace them with values or {{variables}}.',
    );
  });

  it('refuses text holding several curl commands, or none', () => {
    expect(refused(`curl ${URL_V1}; curl ${URL_V1}/2`).message).toBe(
      'The pasted text holds 2 curl commands.',
    );
    expect(refused('wget https://api.example.com/v1/orders').message).toBe(
      'No curl command was found in the pasted text.',
    );
    expect(refused('# curl https://api.example.com/v1/orders').message).toBe(
      'No curl command was found in the pasted text.',
    );
  });

  it('refuses unterminated quotes and substitutions with a clear message', () => {
    for (const [text, what] of [
      [`curl '${URL_V1}`, "a single quote (')"],
      [`curl "${URL_V1}`, 'a double quote (")'],
      [`curl ${URL_V1} -d $'abc`, "a $'…' string"],
      [`curl ${URL_V1} -d "$(date"`, 'a $( … )'],
      [`curl ${URL_V1} -d \`date`, 'a backtick (`)'],
      [`curl ${URL_V1} -d \${X`, 'a ${ … }'],
    ]) {
      expect(refused(text as string)).toEqual({
        code: 'invalid_request',
        message: `The command has ${what} that is never closed.`,
        hint: 'Copy the whole command again: its end is probably missing.',
      });
    }
  });

  it('refuses other formats, here-documents, NUL, empty and oversized text with a hint', () => {
    expect(refused('Invoke-WebRequest -Uri "https://api.example.com/v1/x"').message).toMatch(
      /PowerShell/,
    );
    expect(refused('fetch("https://api.example.com/v1/x", {});').message).toMatch(/fetch\(\)/);
    expect(refused(`curl ${URL_V1} -d @- <<EOF\n{}\nEOF`).message).toMatch(/here-document/);
    expect(refused(`curl ${URL_V1} -d $'a\\x00b'`).message).toMatch(/NUL/);
    expect(refused(`curl ${URL_V1} -d 'a\u0000b'`).message).toMatch(/NUL/);
    expect(refused('   \n ').message).toBe('There is no command to import.');
    expect(refused(`curl ${URL_V1} -d '${'x'.repeat(1_000_001)}'`).message).toBe(
      'The pasted text is larger than 1 MB.',
    );
  });
});

// -------------------------------------------------------------------------------------------
// Hostile input

describe('hostile input', () => {
  const big = 999_000;
  const cases: [string, string][] = [
    ['unterminated single quotes', `curl ${URL_V1} -d '${"'".repeat(big - 1)}`],
    ['nested $( without end', `curl ${URL_V1} -d "${'$('.repeat(big / 2)}"`],
    ['backslash runs', `curl ${URL_V1} -d ${'\\'.repeat(big)}`],
    ['backslash and spaces', `curl ${URL_V1} ${'\\ '.repeat(big / 2)}`],
    ['many headers', `curl ${URL_V1} ${"-H 'x-a: b' ".repeat(big / 12)}`],
    ['many short options', `curl ${URL_V1} -${'s'.repeat(big)}`],
    ['many query pairs', `curl '${URL_V1}?${'a=1&'.repeat(big / 4)}'`],
    ['many variables', `curl ${URL_V1} -d "${'$a'.repeat(big / 2)}"`],
    ['percent signs', `curl '${URL_V1}?q=${'%'.repeat(big)}'`],
    ['spaces after a backslash', `curl ${URL_V1} \\${' '.repeat(big)}x`],
    ['cmd carets', `curl ^"${URL_V1}^" ${'^'.repeat(big)}`],
    ['cmd backslashes', `curl ^"${URL_V1}^" ^\n  ^"${'\\'.repeat(big)}`],
    ['newlines', `${'\n'.repeat(big)}curl ${URL_V1}`],
    ['slashes in the URL', `curl '${BASE}/${'/'.repeat(big)}v1/x'`],
    ['redirections', `curl ${URL_V1} ${'>'.repeat(big)}`],
    ['one huge header value', `curl ${URL_V1} -H 'X-A: ${' '.repeat(big)}x'`],
    ['one huge body', `curl ${URL_V1} --data-raw $'${'\\u00e9'.repeat(big / 6)}'`],
  ];
  for (const [title, text] of cases) {
    it(`${title}: answers with a value, quickly`, () => {
      const started = performance.now();
      const result = importCurl(text, { baseUrl: BASE });
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(result.ok || result.error.code !== 'internal').toBe(true);
      if (result.ok) {
        expect(result.value.request.headers.length).toBeLessThanOrEqual(200);
        expect(result.value.request.query.length).toBeLessThanOrEqual(200);
      } else {
        expect(result.error.message).not.toBe('');
        expect(result.error.hint).not.toBe('');
      }
    });
  }

  it('never throws on random shell-like text', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pieces = [
      "'",
      '"',
      '$',
      "$'",
      '$(',
      ')',
      '`',
      '\\',
      '\\\n',
      '\n',
      ' ',
      '#',
      '^',
      '^"',
      '%',
      '&',
      '|',
      ';',
      '<',
      '>',
      '-H',
      '-d',
      '-X',
      '--json',
      '@',
      '=',
      'a',
      '/v1/',
      'x:y',
      '{',
      '}',
      '[',
      ']',
      '\\u',
      '\\x',
      '\\c',
      '\r\n',
      '\u0001',
      '€',
      '😀',
      '\uD800',
    ];
    for (let round = 0; round < 3_000; round++) {
      let text = round % 2 === 0 ? `curl ${URL_V1} ` : 'curl ^"https://api.example.com/v1/x^" ';
      const length = Math.floor(random() * 40);
      for (let k = 0; k < length; k++) text += pieces[Math.floor(random() * pieces.length)];
      const result = importCurl(text, { baseUrl: BASE });
      expect(result.ok || result.error.code !== 'internal', text).toBe(true);
      expect(() => structuredClone(result)).not.toThrow();
    }
  });
});
