/**
 * Import cURL against the forms people paste that issue 13 found refused or read wrong: Chrome's
 * older (cmd) quoting, prompts and command substitutions, an unquoted `&`, cmd's doubled quotes,
 * form bodies, browser headers in a hand-written command, shell variables, path prefixes, secrets
 * in a body and `{{Host}}`-style hosts. One fixture per class, built from the shapes described;
 * each asserts the imported request and the notes a user reads.
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: shell text holds ${VAR} on purpose
import { describe, expect, it } from 'vitest';
import {
  BASE,
  BROWSER_NOISE,
  type ChromeRequest,
  chromeCurl,
  imported,
  refused,
  rows,
  URL_V1,
} from '../../testing/fixtures/curl/curl-import-fixture';

const FORM_NOTE =
  'curl would send the data as a form (application/x-www-form-urlencoded), which the panel cannot send: its calls carry a JSON body. The body was left empty; the form fields were:';

describe('Chrome "Copy as cURL (cmd)" as Chrome wrote it up to about version 110', () => {
  it('reads "…" arguments whose quotes inside are ^\\^" and whose & is ^&', () => {
    const command = [
      'curl "https://api.example.com/v1/orders?status=open^&limit=20" ^',
      '  -H "authority: api.example.com" ^',
      '  -H "accept: application/json, text/plain, */*" ^',
      '  -H "content-type: application/json" ^',
      '  -H "sec-ch-ua: ^\\^"Chromium^\\^";v=^\\^"110^\\^"" ^',
      '  --data-raw "^{^\\^"sku^\\^":^\\^"A-1^\\^",^\\^"note^\\^":^\\^"50^% off ^& more^\\^"^}" ^',
      '  --compressed',
    ].join('\n');
    const { request, notes } = imported(command);
    expect(request).toEqual({
      method: 'POST',
      path: 'orders',
      query: rows(['status', 'open'], ['limit', '20']),
      headers: rows(['accept', 'application/json, text/plain, */*']),
      body: '{"sku":"A-1","note":"50% off & more"}',
    });
    expect(notes).toEqual(['Browser headers dropped: authority, sec-ch-ua.']);
  });

  it('reads Chrome 85 to 110, which left & unescaped inside its quotes', () => {
    // As Chrome 100 on Windows wrote it: `&` is text inside "…", while `^\^"` is a quote.
    const command = [
      'curl "https://api.example.com/v1/orders?status=open&limit=20&sort=-created" ^',
      '  -H "authority: api.example.com" ^',
      '  -H "accept: application/json, text/plain, */*" ^',
      '  -H "sec-ch-ua: ^\\^" Not A;Brand^\\^";v=^\\^"99^\\^", ^\\^"Chromium^\\^";v=^\\^"100^\\^"" ^',
      '  -H "sec-ch-ua-platform: ^\\^"Windows^\\^"" ^',
      '  -H "content-type: application/json" ^',
      '  --data-raw "^{^\\^"note^\\^":^\\^"salt & pepper^\\^",^\\^"qty^\\^":2^}" ^',
      '  --compressed',
    ].join('\r\n');
    const { request, notes } = imported(command);
    expect(request).toEqual({
      method: 'POST',
      path: 'orders',
      query: rows(['status', 'open'], ['limit', '20'], ['sort', '-created']),
      headers: rows(['accept', 'application/json, text/plain, */*']),
      body: '{"note":"salt & pepper","qty":2}',
    });
    expect(notes).toEqual(['Browser headers dropped: authority, sec-ch-ua, sec-ch-ua-platform.']);
  });

  it('keeps & as text in a ^"…^" body with a line break, and a backslash before the quote', () => {
    // One line, as Chrome wrote it, but for the line break in the body (`^`, break, break).
    const command = [
      'curl "https://api.example.com/v1/notes" -X PUT -H "content-type: application/json" --data-raw ^"^{^\\^"text^\\^":^\\^"a & b^\\^",^\\^"dir^\\^":^\\^"C:^\\^\\^\\^\\^\\^"^}^',
      '',
      '^" --compressed',
    ].join('\n');
    const { request } = imported(command);
    expect(request.method).toBe('PUT');
    expect(request.body).toBe('{"text":"a & b","dir":"C:\\\\"}\n');
  });

  const requests: ChromeRequest[] = [
    {
      url: `${BASE}/v1/products?filter[tag]={new}&q=a%20b&sort=-price`,
      method: 'GET',
      headers: [['accept', 'application/json'], ...BROWSER_NOISE],
    },
    {
      url: `${BASE}/v1/notes`,
      method: 'PUT',
      headers: [
        ['content-type', 'application/json'],
        ['x-trace', 'it\'s "quoted" 100%done ^caret <tag> | pipe'],
      ],
      body: '{"text":"He said \\"hi\\" & \'bye\'! $5 %PATH% ^ <>|","n":"a\\\\b"}',
    },
    {
      url: `${BASE}/v1/notes/7`,
      method: 'PATCH',
      headers: [['content-type', 'application/json']],
      body: '{"lines":"one\\ntwo"}\nsecond line with "quotes" & 50%',
    },
  ];

  it('gives the request that the same copy as bash, or as cmd today, gives', () => {
    for (const request of requests) {
      const bash = imported(chromeCurl(request, 'bash'));
      const before = imported(chromeCurl(request, 'cmd-before-111'));
      expect(before.request).toEqual(bash.request);
      expect(before.notes).toEqual(bash.notes);
      expect(imported(chromeCurl(request, 'cmd')).request).toEqual(bash.request);
    }
  });
});

describe('prompts, assignments and command substitutions around the command', () => {
  it('takes the command after a prompt: $, %, >, C:\\…> and PS C:\\…>', () => {
    for (const prompt of ['$ ', '% ', '> ', 'C:\\Users\\me>', 'PS C:\\Users\\me> ', '  $ ']) {
      const { request, notes } = imported(`${prompt}curl -s ${URL_V1}?page=2`);
      expect(request, prompt).toMatchObject({ path: 'orders', query: rows(['page', '2']) });
      expect(notes, prompt).toEqual([]);
    }
  });

  it('reads a terminal session whose continued lines start with "> "', () => {
    const session = `$ curl ${URL_V1} \\\n>   -H 'X-Trace: 7' \\\n>   -X DELETE`;
    expect(imported(session).request).toMatchObject({
      method: 'DELETE',
      headers: rows(['X-Trace', '7']),
    });
  });

  it('finds the command inside TOKEN=$(curl …) and RESPONSE=$(curl -s …), and says so', () => {
    const token = imported(
      `TOKEN=$(curl -s -X POST "${BASE}/v1/tokens" -H 'Content-Type: application/json' -d '{"user":"me"}' | jq -r .token)\necho "$TOKEN"`,
    );
    expect(token.request).toEqual({
      method: 'POST',
      path: 'tokens',
      query: [],
      headers: [],
      body: '{"user":"me"}',
    });
    expect(token.notes).toEqual([
      'The curl command was read from inside TOKEN=$(…), where the shell would keep its answer in TOKEN.',
      'Other shell commands in the text were ignored: echo, jq.',
    ]);
    const response = imported(`$ RESPONSE=$(curl -s "${URL_V1}/42")`);
    expect(response.request.path).toBe('orders/42');
    expect(response.notes).toEqual([
      'The curl command was read from inside RESPONSE=$(…), where the shell would keep its answer in RESPONSE.',
    ]);
    expect(imported(`ORDERS=\`curl -s ${URL_V1}\``).notes[0]).toBe(
      'The curl command was read from inside ORDERS=`…`, where the shell would keep its answer in ORDERS.',
    );
  });
});

describe('an unquoted & in the URL, as API docs print it', () => {
  it('takes the whole URL and the options after it, and says to quote it in a shell', () => {
    const { request, notes } = imported(
      `curl ${URL_V1}?status=open&limit=20&page=2 -H 'X-Trace: 1'`,
    );
    expect(request).toEqual({
      method: 'GET',
      path: 'orders',
      query: rows(['status', 'open'], ['limit', '20'], ['page', '2']),
      headers: rows(['X-Trace', '1']),
      body: '',
    });
    expect(notes).toEqual([
      'The URL has an unquoted &, where a shell would cut the command: the import took the whole URL (limit=20&page=2 included) and the options after it (-H). Put the URL in quotes before running the command in a shell.',
    ]);
  });

  it('reads a documented call with the method before the URL', () => {
    // As printed by API docs: the query last, unquoted, after the options.
    const { request } = imported(
      `curl -X GET -H "Accept: application/json" ${BASE}/v1/products?category=books&sort=price&order=asc`,
    );
    expect(request.query).toEqual(rows(['category', 'books'], ['sort', 'price'], ['order', 'asc']));
  });

  it('never shows a value that looks like a secret', () => {
    const { request, notes } = imported(`curl ${URL_V1}?a=1&api_key=sk_live_9f8A7b6C5d4E3f2G1h0J`);
    expect(request.query.map(({ name }) => name)).toEqual(['a', 'api_key']);
    expect(notes).toEqual([
      'The URL has an unquoted &, where a shell would cut the command: the import took the whole URL (api_key=… included). Put the URL in quotes before running the command in a shell.',
    ]);
  });

  it('leaves a command run in the background alone', () => {
    const { notes } = imported(`curl '${URL_V1}?a=1' & wait`);
    expect(notes).toEqual(['Other shell commands in the text were ignored: wait.']);
  });
});

describe("cmd's doubled quotes in a one-line command", () => {
  it('reads the text as cmd when it doubles quotes and has no sign of bash', () => {
    const { request, notes } = imported(
      `curl -X POST "${URL_V1}" -H "Content-Type: application/json" -d "{""sku"":""A-1"",""note"":""""}"`,
    );
    expect(request.body).toBe('{"sku":"A-1","note":""}');
    expect(notes).toEqual([]);
  });

  it('keeps reading bash as bash, where "" inside single quotes is text', () => {
    const { request } = imported(
      `curl -X POST "${URL_V1}" -H 'Content-Type: application/json' -d '{"sku":"A-1","note":""}'`,
    );
    expect(request.body).toBe('{"sku":"A-1","note":""}');
  });
});

describe('-d and --data-urlencode without a Content-Type: what curl sends as a form', () => {
  it('does not offer form fields as the body, and shows them', () => {
    const { request, notes } = imported(
      `curl -X POST ${BASE}/v1/oauth/token -d grant_type=authorization_code --data-urlencode 'redirect_uri=https://app.example.com/cb?x=1' -d 'scope=read%20write'`,
    );
    expect(request).toMatchObject({ method: 'POST', body: '' });
    expect(notes).toEqual([
      `${FORM_NOTE} grant_type = authorization_code, redirect_uri = https://app.example.com/cb?x=1, scope = read write.`,
    ]);
  });

  it('masks a field that looks like a secret', () => {
    const { notes } = imported(
      `curl ${URL_V1} -d client_id=abc -d client_secret=Xy7kQ2mN9pR4sT6v -d password=hunter2`,
    );
    expect(notes).toEqual([
      `${FORM_NOTE} client_id = abc, client_secret = (looks like a secret: not shown), password = (looks like a secret: not shown).`,
    ]);
    expect(notes.join('\n')).not.toMatch(/Xy7kQ2mN9pR4sT6v|hunter2/);
  });

  it('reads an explicit form Content-Type the same way', () => {
    const { request, notes } = imported(
      `curl ${URL_V1} -H 'Content-Type: application/x-www-form-urlencoded' -d 'a=1&b=2'`,
    );
    expect(request.body).toBe('');
    expect(notes).toEqual([
      `${FORM_NOTE} a = 1, b = 2.`,
      'Content-Type application/x-www-form-urlencoded dropped: calls always send Content-Type: application/json.',
    ]);
  });

  it('offers JSON data as the body, saying what curl would have labelled it', () => {
    const { request, notes } = imported(`curl ${URL_V1} -d '{"sku":"A-1","qty":2}'`);
    expect(request).toMatchObject({ method: 'POST', body: '{"sku":"A-1","qty":2}' });
    expect(notes).toEqual([
      'Without a Content-Type, curl would send the data as a form (application/x-www-form-urlencoded); it is JSON, so the panel sends it as JSON (application/json).',
    ]);
  });

  it('keeps other text as written, saying it is neither JSON nor form fields', () => {
    const { request, notes } = imported(`curl ${URL_V1} --data-raw 'hello there'`);
    expect(request.body).toBe('hello there');
    expect(notes).toEqual([
      'Without a Content-Type, curl would send the data as a form (application/x-www-form-urlencoded); it is neither JSON nor form fields, and was kept as the body, which the panel sends as JSON (application/json): check it.',
    ]);
  });
});

describe('headers a browser adds, in a command a person wrote', () => {
  it('keeps Accept-Language and Cache-Control that a documented command sets', () => {
    const { request, notes } = imported(
      `curl ${URL_V1} -H 'Accept-Language: de-DE' -H 'Cache-Control: no-cache' -H 'User-Agent: partner-cli/2.1'`,
    );
    expect(request.headers).toEqual(
      rows(['Accept-Language', 'de-DE'], ['Cache-Control', 'no-cache']),
    );
    expect(notes).toEqual(['Browser headers dropped: user-agent.']);
  });

  it('drops them from a browser copy (sec-fetch-*, sec-ch-ua or a browser User-Agent)', () => {
    for (const sign of [
      'sec-fetch-mode: cors',
      'sec-ch-ua-mobile: ?0',
      'User-Agent: Mozilla/5.0 (X11; Linux x86_64)',
    ]) {
      const { request } = imported(`curl ${URL_V1} -H 'accept-language: de-DE' -H '${sign}'`);
      expect(request.headers, sign).toEqual([]);
    }
  });
});

describe('shell variables in values', () => {
  it('keeps $AUTH_CODE and ${TOKEN} recognisable as {{AUTH_CODE}} and {{TOKEN}}, and lists them', () => {
    const { request, notes } = imported(
      `curl -G ${BASE}/v1/exchange --data-urlencode "code=$AUTH_CODE" -H "X-Session: \${SESSION}" --url-query "state=$STATE"`,
    );
    expect(request.query).toEqual(rows(['code', '{{AUTH_CODE}}'], ['state', '{{STATE}}']));
    expect(request.headers).toEqual(rows(['X-Session', '{{SESSION}}']));
    expect(notes).toEqual([
      "Shell variables were kept as {{variables}} ($AUTH_CODE as {{AUTH_CODE}}, $STATE as {{STATE}}, ${SESSION} as {{SESSION}}): give them values in the profile's Variables, or replace them.",
    ]);
  });

  it('keeps a $ inside single quotes as text: the shell expands nothing there', () => {
    const { request, notes } = imported(
      `curl ${URL_V1} -H 'Content-Type: application/json' -d '{"$set":{"price":"$5"}}'`,
    );
    expect(request.body).toBe('{"$set":{"price":"$5"}}');
    expect(notes).toEqual([]);
  });
});

describe('a path prefix before /v1', () => {
  it('names the dropped prefix with the replaced host', () => {
    expect(imported('curl https://partner.other.example/content_api/v1/items').notes).toEqual([
      `The host partner.other.example and the path prefix /content_api were replaced by the profile's Base URL (${BASE}).`,
    ]);
  });

  it('names it when the URL has no host, or starts with a variable', () => {
    expect(imported('curl /api/v1/items').notes).toEqual([
      `The URL has no host: the profile's Base URL (${BASE}) is used.`,
      `The path prefix /api before /v1 was dropped: the profile's Base URL (${BASE}) takes its place.`,
    ]);
    expect(imported('curl "$BASE_URL/api/v1/items"').notes).toEqual([
      `The URL starts with $BASE_URL: the profile's Base URL (${BASE}) takes its place.`,
      `The path prefix /api before /v1 was dropped: the profile's Base URL (${BASE}) takes its place.`,
    ]);
  });

  it('says nothing of a prefix the Base URL already has', () => {
    expect(
      imported('curl https://gw.example.com/partner/v1/items', 'https://gw.example.com/partner')
        .notes,
    ).toEqual([]);
  });
});

describe('a body that holds a secret', () => {
  it('is kept with the warning the Postman import gives', () => {
    for (const [body, field] of [
      ['{"username":"me","password":"hunter2"}', 'password'],
      ['{"client_id":"abc","client_secret":"Xy7kQ2mN9pR4sT6v"}', 'client_secret'],
    ] as const) {
      const { request, notes } = imported(
        `curl ${URL_V1} -H 'Content-Type: application/json' -d '${body}'`,
      );
      expect(request.body).toBe(body);
      expect(notes).toEqual([
        `The body looks like it holds a secret (a value for "${field}"): it was kept; review it before you save or share the request.`,
      ]);
    }
  });
});

describe('host variables in the notes', () => {
  it('keep their case', () => {
    expect(imported("curl 'https://{{Host}}/v1/items'").notes).toEqual([
      `The host {{Host}} was replaced by the profile's Base URL (${BASE}).`,
    ]);
    expect(imported("curl 'https://{{ApiHost}}:8443/v1/items'").notes).toEqual([
      `The host {{ApiHost}}:8443 was replaced by the profile's Base URL (${BASE}).`,
    ]);
  });
});

describe('here-documents that give curl its body, as API docs write them', () => {
  const NOTE = 'The body was read from the here-document (<<EOF) that gives curl its data.';

  it('reads --data @<(cat <<EOF … EOF) as the body, with the options after it', () => {
    const command = [
      `curl -X POST ${URL_V1} \\`,
      "  -H 'Content-Type: application/json' \\",
      '  --data @<(cat <<EOF',
      '{',
      '  "sku": "A-1",',
      '  "note": "it\'s \\"fine\\""',
      '}',
      'EOF',
      ') \\',
      "  -H 'X-Trace: 9'",
    ].join('\n');
    const { request, notes } = imported(command);
    expect(request).toEqual({
      method: 'POST',
      path: 'orders',
      query: [],
      headers: rows(['X-Trace', '9']),
      body: '{\n  "sku": "A-1",\n  "note": "it\'s \\"fine\\""\n}',
    });
    expect(notes).toEqual([NOTE]);
  });

  it("reads -d @- <<EOF and a quoted <<'EOF' as text, $ and all", () => {
    const plain = imported(
      `curl ${URL_V1} -H 'Content-Type: application/json' -d @- <<EOF\n{"sku":"$SKU"}\nEOF`,
    );
    expect(plain.request.body).toBe('{"sku":"{{SKU}}"}');
    expect(plain.notes[0]).toBe(NOTE);
    expect(plain.notes).toContain(
      "Shell variables were kept as {{variables}} ($SKU as {{SKU}}): give them values in the profile's Variables, or replace them.",
    );
    const quoted = imported(`curl ${URL_V1} \\\n  --data-binary @- <<'EOF'\n{"price":"$5"}\nEOF\n`);
    expect(quoted.request.body).toBe('{"price":"$5"}');
    expect(quoted.notes[0]).toBe(NOTE);
    expect(quoted.notes.join(' ')).not.toMatch(/variables/);
  });

  it('reads cat <<EOF | curl -d @- and strips the tabs of <<-EOF', () => {
    const piped = imported(`cat <<-EOF | curl -X PUT ${URL_V1}/7 -d @-\n\t{"qty": 3}\n\tEOF`);
    expect(piped.request).toMatchObject({ method: 'PUT', path: 'orders/7', body: '{"qty": 3}' });
    expect(piped.notes).toContain(NOTE);
  });

  it('keeps << inside a quoted body as text, and refuses a here-document that is no body', () => {
    expect(imported(`curl ${URL_V1} -d '{"shift": "a <<b"}'`).request.body).toBe(
      '{"shift": "a <<b"}',
    );
    expect(refused(`curl ${URL_V1} <<EOF\n{}\nEOF`).hint).toMatch(/-d @- <<EOF/);
  });
});
