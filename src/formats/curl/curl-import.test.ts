/**
 * Import cURL end to end (curl-import.ts): our own "Copy as cURL" for every profile kind and both
 * secret modes, imported back (a real round trip through src/copy-as/curl.ts), and hostile text
 * that must give a typed answer in linear time. Each step has its own tests beside its module:
 * curl-shell-bash, curl-shell-cmd, curl-command, curl-options, curl-url and curl-headers.
 */
import { describe, expect, it } from 'vitest';
import { buildCurlCommand, type CurlSecrets } from '../../copy-as/curl';
import { buildV1Request, type V1Call } from '../../service/call/v1-request';
import type { StoredProfile } from '../../service/storage/stored-shapes';
import {
  AUTH_DROPPED,
  BASE,
  imported,
  rows,
  URL_V1,
} from '../../testing/fixtures/curl/curl-import-fixture';
import { accepted } from '../../testing/results';
import type { AuthMethod } from '../../vocabulary/terms';
import { importCurl } from './curl-import';

// -------------------------------------------------------------------------------------------
// Our own "Copy as cURL" (src/copy-as/curl.ts), imported back

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
            const command = accepted(buildCurlCommand(source, call, secrets));
            const { request, notes } = imported(command, baseUrl);
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
// Hostile input

describe('hostile input', () => {
  const big = 999_000;
  /**
   * A megabyte read once takes 0.2 s alone and took 5.7 s in one CI run, its two cores shared with
   * the browsers of the end-to-end step; a quadratic read of it would take hours. The bound sits far
   * from both, so load alone never trips it.
   */
  const boundMs = 30_000;
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
      expect(performance.now() - started).toBeLessThan(boundMs);
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
