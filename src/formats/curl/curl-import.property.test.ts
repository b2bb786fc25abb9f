/**
 * Property-based tests of Import cURL: any pasted text gives a request or a typed error (never a
 * throw, a hang or a polluted prototype; the `internal` safety net is never what answers), what
 * is accepted always fits the collection limits, and no credential in the command reaches the
 * result.
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: shell text holds ${VAR} on purpose
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateCollection } from '../../collections/collection-schema';
import {
  expectPrototypesClean,
  expectTypedResult,
  MAX_MS,
  NUM_RUNS,
} from '../../testing/property-checks';
import { importCurl, MAX_CURL_INPUT } from './curl-import';

const BASE = 'https://api.example.com';

function importChecked(command: string, baseUrl = BASE): ReturnType<typeof importCurl> {
  const started = performance.now();
  let result: ReturnType<typeof importCurl> | undefined;
  let thrown: unknown = null;
  try {
    result = importCurl(command, { baseUrl });
  } catch (error) {
    thrown = error;
  }
  expect(thrown, `threw for ${JSON.stringify(command).slice(0, 200)}`).toBeNull();
  expect(performance.now() - started).toBeLessThan(MAX_MS);
  expectTypedResult(result);
  expectPrototypesClean();
  const final = result as ReturnType<typeof importCurl>;
  if (final.ok) {
    // What is accepted can be saved into a collection: it fits the schema and its limits.
    const collection = {
      id: 'c1',
      name: 'Imported',
      auth: { method: 'apiKey', formEncodeCredentials: false },
      variables: [],
      items: [{ kind: 'request', id: 'r1', name: 'Imported', ...final.value.request }],
    };
    const valid = validateCollection(collection);
    expect(valid.ok ? null : valid.error.message).toBeNull();
    for (const note of final.value.notes) expect(note).toBeTypeOf('string');
  } else {
    expect(final.error.code, final.error.message).not.toBe('internal');
  }
  return final;
}

const url = fc.oneof(
  fc.constantFrom(
    `${BASE}/v1/orders`,
    `${BASE}/v1/orders/{{orderId}}?expand=items&x=%20`,
    `${BASE}/v1/`,
    `${BASE}/v2/other`,
    'http://api.example.com/v1/a',
    'https://other.example.org/v1/a',
    `${BASE}/v1/a#frag`,
    `${BASE}/v1/a?${'q=1&'.repeat(5)}`,
    '/v1/relative',
    'api.example.com/v1/no-scheme',
    `${BASE}/v1/{a,b}[1-3]`,
    `${BASE}:8443/v1/port`,
    'https://[::1]/v1/ipv6',
  ),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.string({ maxLength: 30 }).map((tail) => `${BASE}/v1/${tail}`),
);

const headerLine = fc.oneof(
  fc.constantFrom(
    'Content-Type: application/json',
    'Accept: */*',
    'X-Custom: a b c',
    'Host: evil.example',
    'Content-Length: 12',
    'Cookie: a=b',
    ':',
    'NoColon',
    'X-Empty;',
    'X-Empty:',
    'sec-ch-ua: "Chromium";v="120"',
  ),
  fc
    .tuple(fc.string({ maxLength: 15 }), fc.string({ maxLength: 30 }))
    .map(([k, v]) => `${k}: ${v}`),
);

const payload = fc.oneof(
  fc.json({ maxDepth: 2 }),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('@file.json', '@-', 'a=1&b=2', '{"a":', "it's"),
);

/** One shell word, quoted in one of the ways a shell (or cmd.exe) reads. */
function quoted(word: string, style: number): string {
  switch (style % 7) {
    case 0:
      return `'${word.replaceAll("'", `'\\''`)}'`;
    case 1:
      return `"${word.replace(/["\\$`]/g, (c) => `\\${c}`)}"`;
    case 2:
      return `$'${word.replace(/['\\]/g, (c) => `\\${c}`).replaceAll('\n', '\\n')}'`;
    case 3:
      return word.replace(/[^A-Za-z0-9_/:.=-]/g, (c) => `\\${c}`);
    case 4:
      return `^"${word.replace(/["^%]/g, (c) => `^${c}`)}^"`; // Chrome's (cmd) flavour
    case 5:
      return word; // unquoted, on purpose unsafe
    default:
      return `"${word}"`; // double-quoted without escaping, on purpose unsafe
  }
}

const word = (arb: fc.Arbitrary<string>) =>
  fc.tuple(arb, fc.nat()).map(([text, style]) => quoted(text, style));

/** Grammar-ish pieces of a curl command line. */
const token: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'curl',
    'curl.exe',
    '-X',
    'GET',
    'POST',
    'DELETE',
    '-G',
    '--get',
    '-I',
    '-L',
    '-k',
    '-s',
    '--compressed',
    '-sSL',
    '-XPOST',
    '-H',
    '--header',
    '-d',
    '--data',
    '--data-raw',
    '--data-binary',
    '--data-urlencode',
    '--json',
    '--url',
    '--url-query',
    '-u',
    '--oauth2-bearer',
    '-b',
    '--cookie',
    '-A',
    '-e',
    '-F',
    '-T',
    '-K',
    '-o',
    '-x',
    '--next',
    '-:',
    '--',
    '-',
    '--unknown-option',
    '--data=x',
    '--header=X-A: b',
    "'",
    '"',
    "$'",
    '\\',
    '\\\n',
    '^',
    '^\n',
    '^"',
    '\\"',
    '$VAR',
    '${VAR}',
    '$(whoami)',
    '`id`',
    '#',
    '# comment',
    '\n',
    '\r\n',
    '\t',
    ';',
    '|',
    '&&',
    '>',
    '<',
    '*',
    '~',
    '{',
    '}',
    '\u0000',
    '\u00a0',
    '\uFEFF',
    '\\u00e9',
    '\\x41',
    '\\777',
  ),
  word(url),
  word(headerLine),
  word(payload),
  fc.string({ maxLength: 8 }),
);

/** Commands that start like curl and go on with tokens joined by spaces (mostly). */
const curlish: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('curl ', 'curl.exe ', '  curl\t', '$ curl ', ''),
    fc.array(fc.tuple(token, fc.constantFrom(' ', ' ', ' ', '', ' \\\n  ', ' ^\n  ')), {
      maxLength: 25,
    }),
  )
  .map(([head, parts]) => head + parts.map(([t, sep]) => t + sep).join(''));

/** Well-formed commands: method, URL, headers and a body, each quoted some way. */
const commandOf = (quote: (arb: fc.Arbitrary<string>) => fc.Arbitrary<string>) =>
  fc
    .tuple(
      fc.constantFrom(
        '',
        '-X GET ',
        '-X POST ',
        '-X PUT ',
        '-X PATCH ',
        '-X DELETE ',
        '--request HEAD ',
      ),
      quote(url),
      fc.array(quote(headerLine), { maxLength: 4 }),
      fc.option(quote(payload)),
    )
    .map(
      ([method, target, headers, body]) =>
        `curl ${method}${target}${headers.map((h) => ` -H ${h}`).join('')}${body === null ? '' : ` --data-raw ${body}`}`,
    );
const wellFormed: fc.Arbitrary<string> = commandOf(word);
/** Only bash quoting that keeps each word one word (no unquoted `>`, `;`, open quotes, ^"…^"). */
const bashSafe: fc.Arbitrary<string> = commandOf((arb) =>
  fc.tuple(arb, fc.constantFrom(0, 1, 2, 3)).map(([text, style]) => quoted(text, style)),
);

const pathological: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(
      "'",
      '"',
      "$'",
      '\\',
      '^',
      '$(',
      '${',
      '`',
      '-H ',
      '\\\n',
      '^\n',
      '{',
      '[',
      '%',
      '&',
      '#',
    ),
    // `^`-newline, the slowest unit, costs ~0.3 µs a character: 50 000 of them stay far below the
    // bound even on a busy 2-core machine (the 1 MB cap itself is checked once, below).
    fc.integer({ min: 1, max: 50_000 }),
    fc.boolean(),
  )
  .map(([unit, count, prefixed]) => (prefixed ? `curl ${BASE}/v1/x ` : '') + unit.repeat(count));

const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.json(),
  curlish,
  wellFormed,
  pathological,
);

describe('importCurl, property-based', () => {
  it('answers any text with a request or a typed error, quickly, without throwing', () => {
    fc.assert(
      fc.property(anyText, (command) => {
        importChecked(command);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('answers grammar-ish curl commands the same way, on any base URL', () => {
    fc.assert(
      fc.property(
        curlish,
        fc.oneof(fc.constant(BASE), fc.webUrl(), fc.string({ maxLength: 20 })),
        (command, baseUrl) => {
          importChecked(command, baseUrl);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('imports most well-formed commands', () => {
    let accepted = 0;
    fc.assert(
      fc.property(wellFormed, (command) => {
        if (importChecked(command).ok) accepted += 1;
      }),
      { numRuns: NUM_RUNS },
    );
    // The generator is aimed at real commands; if nearly none import, it tests nothing.
    expect(accepted).toBeGreaterThan(NUM_RUNS / 10);
  });

  it('stays fast on long, hostile text (the input is capped, every step linear)', () => {
    fc.assert(
      fc.property(pathological, (command) => {
        importChecked(command);
      }),
      { numRuns: 100 },
    );
    const huge = importChecked(`curl ${BASE}/v1/x -d '${'a'.repeat(MAX_CURL_INPUT)}'`);
    expect(huge.ok).toBe(false);
  });

  it('never keeps a credential from the command in the result', () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9]{12,24}$/).map((tail) => `S3cr3t${tail}`);
    const carrier = fc.constantFrom(
      (s: string) => `-H 'Authorization: Bearer ${s}'`,
      (s: string) => `-H "authorization: Basic ${s}"`,
      (s: string) => `-H 'x-api-key: ${s}'`,
      (s: string) => `-H 'X-Api-Key:${s}'`,
      (s: string) => `-H 'apikey: ${s}'`,
      (s: string) => `-H 'api-key: ${s}'`,
      (s: string) => `-H 'x-auth-token: ${s}'`,
      (s: string) => `-H 'x-access-token: ${s}'`,
      (s: string) => `-H 'Proxy-Authorization: Basic ${s}'`,
      (s: string) => `-H 'Cookie: session=${s}'`,
      (s: string) => `-b 'session=${s}'`,
      (s: string) => `--cookie session=${s}`,
      (s: string) => `-u user:${s}`,
      (s: string) => `--user 'user:${s}'`,
      (s: string) => `--oauth2-bearer ${s}`,
      (s: string) => `-H $'Authorization: Bearer ${s}'`,
      (s: string) => `-H "Authorization: Bearer "'${s}'`,
      (s: string) => `-H Authorization:\\ Bearer\\ ${s}`,
    );
    fc.assert(
      fc.property(
        secret,
        carrier,
        // Bash carriers in a command of safely quoted bash words. Not in any command: an unquoted
        // `>` is a redirection (so `--data-raw > -H 'Authorization: …'` faithfully sends the
        // header text as the body), and a ^"…^" word makes the command cmd-flavoured, where
        // '…' quotes are literal (that mix is a finding of its own, below).
        bashSafe,
        fc.boolean(),
        fc.constantFrom('', 'user:', 'u:p'),
        (value, place, command, before, userinfo) => {
          const withSecret = before
            ? command.replace(/^curl /, `curl ${place(value)} `)
            : `${command} ${place(value)}`;
          const withUrlSecret =
            userinfo === ''
              ? withSecret
              : // Not inside ^"…^" of a bash-read command: there the URL text keeps the carets and
                // is no URL at all (see the findings below).
                withSecret.replace(
                  /(?<=(?<!\^)['"]|\s)https:\/\/api\.example\.com/,
                  `https://${userinfo}${value}@api.example.com`,
                );
          const result = importChecked(withUrlSecret);
          expect(JSON.stringify(result)).not.toContain(value);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('never keeps a credential from a cmd-flavoured command (Chrome\'s "Copy as cURL (cmd)")', () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9]{12,24}$/).map((tail) => `S3cr3t${tail}`);
    const header = fc.constantFrom(
      'Authorization: Bearer ',
      'x-api-key: ',
      'Cookie: s=',
      'apikey: ',
    );
    fc.assert(
      fc.property(secret, header, fc.constantFrom('GET', 'POST'), (value, name, method) => {
        const command = `curl ^"${BASE}/v1/orders^" -X ${method} -H ^"${name}${value}^" -H ^"Accept: */*^" --compressed`;
        const result = importChecked(command);
        expect(result.ok).toBe(true);
        expect(JSON.stringify(result)).not.toContain(value);
      }),
      { numRuns: 100 },
    );
  });

  // Regression guard: in a command that the reader takes as bash (here because the
  // URL is single-quoted), a header written the cmd way, -H ^"Authorization: Bearer X^", is read
  // as bash reads it: a header named "^Authorization" with the value "Bearer X^". That is not one
  // of the credential headers, so the bearer token is kept in the imported request (and would be
  // saved into a shared collection). The shell reading is faithful; the secret-dropping is by
  // exact header name only. The mirror case also leaks: curl ^"https://api.example.com/v1/^"
  // -H 'X-Api-Key:S3cr3t…' is read as cmd, so the header is named "'X-Api-Key" and is kept. Found by the property above before its carriers were made
  // flavour-consistent.
  it('drops a cmd-quoted Authorization header even inside a bash-flavoured command', () => {
    const value = 'S3cr3taAaaaAAaa0a0';
    const result = importChecked(`curl '${BASE}/v1/orders' -H ^"Authorization: Bearer ${value}^"`);
    expect(JSON.stringify(result)).not.toContain(value);
  });

  // Regression guard: a URL with a typo before its user info, such as
  // https:/user:password@host/v2/x (one slash), is not recognised as carrying user info; when it
  // is refused as outside /v1/, the error message quotes it whole, password included. Error texts
  // are meant never to carry a secret (src/protocol/errors.ts). Same with a bash-read
  // ^"https://user:password@host/v2/x^" (the URL becomes http://^https://user:password@…).
  it('keeps a would-be password out of the "not under /v1/" error', () => {
    const value = 'S3cr3tXYZ';
    const result = importChecked(`curl 'https:/user:${value}@api.example.com/v2/x'`);
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).not.toContain(value);
  });

  it('drops a bash-quoted API-key header even inside a cmd-flavoured command', () => {
    const value = 'S3cr3taa0aAa0A0aAA';
    const result = importChecked(`curl ^"${BASE}/v1/^" -H 'X-Api-Key:${value}'`);
    expect(JSON.stringify(result)).not.toContain(value);
  });
});
