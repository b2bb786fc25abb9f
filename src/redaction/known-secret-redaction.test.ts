import { describe, expect, it } from 'vitest';
import { createRedactor } from './known-secret-redaction';
import { MASK, maskSecret } from './mask';

const KEY = 'AK-canary-5b1e9f0c7d2a4e';
const SECRET = 'cs/canary+Ωé "q"\\7Zp';
const TOKEN = 'tok.canary_Q8w2-Xr5';
const CLIENT = 'client id+1';
const redactor = createRedactor({
  secrets: [KEY, SECRET, TOKEN],
  pairs: [{ clientId: CLIENT, clientSecret: SECRET }],
});

function base64(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

/** As strict encoders write JSON: every character but letters and digits as `\uXXXX`. */
const jsonEscapedEverything = (text: string) =>
  Array.from(text, (c) =>
    /[A-Za-z0-9]/.test(c) ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  ).join('');

describe('createRedactor', () => {
  const forms: [string, string][] = [
    ['raw', SECRET],
    ['URL-encoded', encodeURIComponent(SECRET)],
    [
      'URL-encoded, lower-case hex',
      encodeURIComponent(SECRET).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()),
    ],
    ['form-encoded', new URLSearchParams([['x', SECRET]]).toString().slice(2)],
    ['JSON-escaped', JSON.stringify(SECRET).slice(1, -1)],
    ['JSON-escaped with \\/', JSON.stringify(SECRET).slice(1, -1).replace(/\//g, '\\/')],
    ['JSON \\uXXXX throughout', jsonEscapedEverything(SECRET)],
    [
      'JSON \\uXXXX upper-case hex',
      jsonEscapedEverything(SECRET).replace(
        /\\u[0-9a-f]{4}/g,
        (e) => `\\u${e.slice(2).toUpperCase()}`,
      ),
    ],
    ['base64 of id:secret', base64(`${CLIENT}:${SECRET}`)],
    [
      'base64 of form-encoded id:secret',
      base64(
        `${new URLSearchParams([['', CLIENT]]).toString().slice(1)}:${new URLSearchParams([['', SECRET]]).toString().slice(1)}`,
      ),
    ],
    ['base64 of the secret', base64(SECRET)],
  ];
  for (const [name, form] of forms) {
    it(`masks a secret written ${name}`, () => {
      const out = redactor.text(`echo: [${form}] done`);
      expect(out).not.toContain(form);
      expect(out).toMatch(/^echo: \[••••.*\] done$/);
    });
  }

  it('shows a found secret as its mask, as everywhere in the panel', () => {
    expect(redactor.text(`x-apikey: ${KEY}`)).toBe(`x-apikey: ${maskSecret(KEY)}`);
  });

  it('decodes a Basic value and hides it whole when it holds a secret', () => {
    const value = base64(`someone-else:${encodeURIComponent(TOKEN)}`);
    expect(redactor.text(`WWW-Authenticate: Basic ${value}`)).toBe(
      `WWW-Authenticate: Basic ${MASK}`,
    );
    const harmless = base64('user:password-of-nobody');
    expect(redactor.text(`Basic ${harmless}`)).toBe(`Basic ${harmless}`);
    expect(redactor.text('Basic realm="api"')).toBe('Basic realm="api"');
  });

  it('hides a JWT whole when its header or claims hold a secret, and leaves other JWTs alone', () => {
    const part = (json: object) =>
      base64(JSON.stringify(json)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const header = part({ alg: 'HS256', typ: 'JWT' });
    const leaking = `${header}.${part({ sub: 'partner', echo: SECRET })}.c2ln`;
    const leakingHeader = `${part({ alg: 'none', kid: KEY })}.${part({ sub: 'x' })}.`;
    const clean = `${header}.${part({ sub: 'partner', scope: 'read' })}.c2ln`;
    expect(redactor.text(`a ${leaking} b`)).toBe(`a ${MASK} b`);
    expect(redactor.text(`Bearer ${leakingHeader}`)).toBe(`Bearer ${MASK}`);
    expect(redactor.text(`Bearer ${clean}`)).toBe(`Bearer ${clean}`);
    expect(redactor.holds(leaking)).toBe(SECRET);
    expect(redactor.holds(clean)).toBeNull();
  });

  it('hides a secret a server echoes upper- or lower-cased, as its own mask', () => {
    for (const form of [KEY.toUpperCase(), KEY.toLowerCase(), TOKEN.toUpperCase()]) {
      const reply = redactor.deep({ bodyText: `{"echo":{"query":{"k":"${form}"}}}` });
      expect(reply.bodyText, form).not.toContain(form);
    }
    expect(redactor.text(`k=${encodeURIComponent(SECRET.toUpperCase())}`)).toBe(
      `k=${maskSecret(SECRET)}`,
    );
    expect(redactor.holds(KEY.toLowerCase())).toBe(KEY);
  });

  it('hides a JWT written in standard base64, padded, or with spaces in its JSON', () => {
    const header = base64('{ "alg": "none" }');
    const claims = base64(JSON.stringify({ sub: 'partner?>', key: KEY }));
    expect(claims).toMatch(/[+/=]/);
    const loose = `${header}.${claims}.`;
    const upper = `${header}.${base64(JSON.stringify({ key: KEY.toUpperCase() }))}.c2ln`;
    for (const jwt of [loose, upper, encodeURIComponent(loose)]) {
      expect(redactor.text(`{"t":"${jwt}"}`), jwt).toBe(`{"t":"${MASK}"}`);
    }
    const clean = `${header}.${base64(JSON.stringify({ sub: 'partner' }))}.`;
    expect(redactor.text(clean)).toBe(clean);
    expect(redactor.text('see example.com.au')).toBe('see example.com.au');
  });

  it('hides a typed start of a secret (a draft saved mid-typing)', () => {
    const typed = `keys/${KEY.slice(0, 14)}`;
    expect(redactor.text(typed)).toBe(`keys/${MASK}`);
    expect(redactor.text(`keys/${KEY.slice(0, 7)}`)).toBe(`keys/${KEY.slice(0, 7)}`);
  });

  it('masks every profile’s secrets in every string of a value, keys too', () => {
    const value = {
      headers: [{ name: 'x-echo', value: `Bearer ${TOKEN}` }],
      body: `{"access_token":"${TOKEN}","k":"${KEY}"}`,
      [KEY]: 1,
      status: 200,
      nothing: null,
    };
    const out = JSON.stringify(redactor.deep(value));
    for (const secret of [KEY, TOKEN]) expect(out).not.toContain(secret);
    expect(out).toContain('"status":200');
    expect(out).toContain('"nothing":null');
  });

  it('keeps a key named __proto__ a plain key', () => {
    const value = JSON.parse('{"__proto__":{"polluted":1}}') as object;
    const out = redactor.deep(value);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__']);
  });

  it('leaves text without secrets alone, and ignores secrets too short to find safely', () => {
    const short = createRedactor({ secrets: ['abc', ''], pairs: [] });
    expect(short.text('abc abc')).toBe('abc abc');
    expect(redactor.text('GET /v1/items?page=2')).toBe('GET /v1/items?page=2');
  });
});

describe('Redactor.holds', () => {
  it('names the secret a text holds in any form, Basic values included', () => {
    expect(redactor.holds(`x ${encodeURIComponent(SECRET)}`)).toBe(SECRET);
    expect(redactor.holds(`Authorization: Basic ${base64(`${CLIENT}:${SECRET}`)}`)).toBe(SECRET);
    expect(redactor.holds(`Basic ${base64(`other:${TOKEN}`)} and text`)).toBe(TOKEN);
    expect(redactor.holds('nothing here at all')).toBeNull();
  });

  it('does not count a start of a secret as the secret', () => {
    expect(redactor.holds(`keys/${KEY.slice(0, 14)}`)).toBeNull();
  });

  it('masks a Basic value and a raw secret in one text, each where it stands', () => {
    const text = `a ${KEY} b Basic ${base64(`u:${TOKEN}`)} c ${KEY} d`;
    expect(redactor.text(text)).toBe(`a ${maskSecret(KEY)} b Basic ${MASK} c ${maskSecret(KEY)} d`);
  });
});

describe('Redactor.masksIn', () => {
  it('lists the masks with a tail that the redaction writes, and none for encoded forms', () => {
    const text = `key=${KEY} token=${TOKEN} again ${KEY} encoded ${base64(SECRET)}`;
    expect(redactor.masksIn(text).sort()).toEqual([maskSecret(KEY), maskSecret(TOKEN)].sort());
    for (const mask of redactor.masksIn(text)) expect(redactor.text(text)).toContain(mask);
    expect(redactor.masksIn('nothing held here')).toEqual([]);
  });
});

describe('a secret of symbols only', () => {
  it('is still found, in every form (no run of letters to search for first)', () => {
    const symbols = '!@#$%^&*()_+{}';
    const only = createRedactor({ secrets: [symbols], pairs: [] });
    for (const form of [symbols, encodeURIComponent(symbols), JSON.stringify(symbols)]) {
      expect(only.text(`[${form}]`)).not.toContain(form.replace(/^"|"$/g, ''));
    }
  });
});

describe('the one scan for every form of every secret', () => {
  it('masks each form where it stands in a large generated body, and returns a clean one as it was', () => {
    const record = (i: number) =>
      `{"id":"item-${String(i).padStart(6, '0')}","name":"Item ${i}","owner":"user${i}@partner.test"},`;
    const filler = (from: number) =>
      Array.from({ length: 2000 }, (_, i) => record(from + i)).join('');
    const clean = filler(0) + filler(2000) + filler(4000) + filler(6000) + filler(8000);
    expect(redactor.text(clean)).toBe(clean);
    const parts = [
      [filler(0), filler(0)],
      [`"k":"${KEY}",`, `"k":"${maskSecret(KEY)}",`],
      [filler(2000), filler(2000)],
      [`"b":"${base64(SECRET)}",`, `"b":"${MASK}",`],
      [filler(4000), filler(4000)],
      [`"t":"${TOKEN.toUpperCase()}",`, `"t":"${maskSecret(TOKEN)}",`],
      [filler(6000), filler(6000)],
      [`"draft":"${KEY.slice(0, 12)}",`, `"draft":"${MASK}",`],
      [filler(8000), filler(8000)],
    ];
    const body = parts.map(([given]) => given).join('');
    expect(redactor.text(body)).toBe(parts.map(([, masked]) => masked).join(''));
  });

  it('hides the longer of two secrets one of which starts the other, and the shorter alone', () => {
    const short = 'prefix-secret-1234';
    const long = `${short}-longer-tail`;
    const pair = createRedactor({ secrets: [short, long], pairs: [] });
    expect(pair.text(`a ${long} b ${short} c prefix-secret-12 d`)).toBe(
      `a ${maskSecret(long)} b ${maskSecret(short)} c ${MASK} d`,
    );
  });

  it('hides overlapping secrets as one mask, the earlier one’s', () => {
    const left = 'abcdefgh-1111';
    const right = '1111-ijklmnop';
    const both = createRedactor({ secrets: [left, right], pairs: [] });
    expect(both.text(`x abcdefgh-1111-ijklmnop y ${right} z abcdefgh-11 w`)).toBe(
      `x ${maskSecret(left)} y ${maskSecret(right)} z ${MASK} w`,
    );
    const runs = createRedactor({ secrets: ['aaaaaaaaaa', 'aaaaaaaaaaaa'], pairs: [] });
    expect(runs.text(`${'a'.repeat(25)} b ${'a'.repeat(9)}`)).toBe(`${MASK}aaa b ${MASK}`);
  });

  it('looks for starts again in the text a found secret changed', () => {
    // The first secret's mask (••••wxyz) begins the second: its start appears only once masked.
    const held = createRedactor({ secrets: ['qwertyuiop-1wxyz', '••••wxyz-tail-99'], pairs: [] });
    expect(held.text('a qwertyuiop-1wxyz-tail b')).toBe(`a ${MASK} b`);
  });

  it('masks a 100 KB token, whose forms are too long for one regular expression', () => {
    const token = `L${'0123456789abcdef'.repeat(6400)}`;
    const long = createRedactor({ secrets: [token], pairs: [] });
    expect(long.text(`a ${token} b ${base64(token)} c`)).toBe(`a ${maskSecret(token)} b ${MASK} c`);
  });
});
