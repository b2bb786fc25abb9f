/**
 * The bash reader (curl-shell-bash.ts, with $'…' from curl-shell-ansi-c.ts), tested with what
 * Chrome's "Copy as cURL (bash)" writes: verbatim samples and commands generated with Chrome's
 * quoting rules. Words are checked against the real bash: bash is required (as curl is for
 * curl.test.ts), and these tests fail and say so when it is missing.
 */

import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  AUTH_DROPPED,
  BASE,
  BROWSER_NOISE,
  type ChromeRequest,
  chromeCurl,
  imported,
  rows,
  URL_V1,
} from '../../testing/fixtures/curl/curl-import-fixture';
import type { CurlImport } from './curl-import';

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
