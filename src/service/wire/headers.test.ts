import { describe, expect, it } from 'vitest';
import { refusal } from '../../testing/results';
import { checkHeaderValue, checkUserHeader, redactHeaders } from './headers';

describe('checkHeaderValue', () => {
  it('accepts ordinary values, including a tab and Latin-1 letters', () => {
    expect(checkHeaderValue('abc-123 ; q=0.5\tx', 'Value')).toEqual({
      ok: true,
      value: 'abc-123 ; q=0.5\tx',
    });
    expect(checkHeaderValue('café', 'Value').ok).toBe(true);
  });

  it.each([
    ['CR LF (header injection)', 'value\r\nX-Injected: 1'],
    ['LF', 'value\n'],
    ['CR', 'value\rmore'],
  ])('refuses a value containing %s and names the field', (_label, value) => {
    const error = refusal(
      checkHeaderValue(value, 'The value of header X-Trace'),
      'invalid_request',
    );
    expect(error.message).toContain('X-Trace');
    expect(error.message).toMatch(/line break/);
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['BEL', 'a\u0007b'],
    ['ESC', '\u001b[31m'],
    ['DEL', 'a\u007f'],
  ])('refuses a value containing the control character %s', (_label, value) => {
    expect(refusal(checkHeaderValue(value, 'Value'), 'invalid_request').message).toMatch(
      /control character/,
    );
  });

  it('does not quote the refused value in its message', () => {
    const error = refusal(checkHeaderValue('sk_live_abcdef\n', 'API key'), 'invalid_request');
    expect(JSON.stringify(error)).not.toContain('sk_live_abcdef');
  });
});

describe('checkUserHeader', () => {
  it('accepts a valid header and trims blanks around its name', () => {
    expect(checkUserHeader({ name: '  X-Request-Id ', value: 'r-1' })).toEqual({
      ok: true,
      value: { name: 'X-Request-Id', value: 'r-1' },
    });
  });

  it.each(['', '   ', 'X Request', 'X:Request', 'X-Ärger', '(x)', 'a/b', 'x\r\ny'])(
    'refuses the invalid header name %j',
    (name) => {
      expect(refusal(checkUserHeader({ name, value: 'v' }), 'invalid_request').message).toMatch(
        /not valid/,
      );
    },
  );

  it.each([
    'Content-Type',
    'content-type',
    'CONTENT-TYPE',
    'companyId',
    'CompanyID',
    'companyid',
    'x-apikey',
    'X-APIKEY',
    'X-ApiKey',
    'Authorization',
    'authorization',
    ' AUTHORIZATION ',
  ])('refuses %j: the profile sets that header and a user header cannot replace it', (name) => {
    expect(
      refusal(checkUserHeader({ name, value: 'attacker' }), 'invalid_request').message,
    ).toMatch(/cannot be overridden/);
  });

  it('refuses a line break or control character in the value', () => {
    refusal(
      checkUserHeader({ name: 'X-Trace', value: 'a\r\nHost: evil.example' }),
      'invalid_request',
    );
    refusal(checkUserHeader({ name: 'X-Trace', value: 'a\u0000' }), 'invalid_request');
  });

  // Regression guard: fetch sends header values as ByteStrings; a character above U+00FF makes
  // fetch throw a TypeError, which executeRequest then reports as "server unreachable". The rule
  // should refuse such a value up front, with a typed invalid_request.
  it('refuses a value with characters that cannot be sent in a header (above U+00FF)', () => {
    refusal(checkUserHeader({ name: 'X-Note', value: 'price 5 €' }), 'invalid_request');
  });
});

describe('redactHeaders', () => {
  const apiKey = 'sk_live_0123456789abcdef3f9a';
  const token = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJwYXJ0bmVyIn0.c2lnbmF0dXJlX2E3Yjk';

  it('masks x-apikey in any case, keeping at most 4 characters', () => {
    expect(
      redactHeaders([
        { name: 'x-apikey', value: apiKey },
        { name: 'X-APIKEY', value: apiKey },
      ]),
    ).toEqual([
      { name: 'x-apikey', value: '••••3f9a' },
      { name: 'X-APIKEY', value: '••••3f9a' },
    ]);
  });

  it('masks the token of Authorization but keeps its scheme', () => {
    const [bearer] = redactHeaders([{ name: 'Authorization', value: `Bearer ${token}` }]);
    expect(bearer).toEqual({ name: 'Authorization', value: 'Bearer ••••3Yjk' });
    expect(bearer?.value.startsWith('Bearer ••••')).toBe(true);
    expect(bearer?.value).not.toContain(token.slice(0, 20));
  });

  it('hides a Basic credential whole: the tail of its base64 would give away the secret’s end', () => {
    const [basic] = redactHeaders([{ name: 'authorization', value: 'Basic Y2xpZW50OnNlY3JldA==' }]);
    expect(basic).toEqual({ name: 'authorization', value: 'Basic ••••' });
  });

  it('masks an Authorization value without a scheme completely', () => {
    const [only] = redactHeaders([{ name: 'Authorization', value: 'rawtokenwithoutscheme1234' }]);
    expect(only?.value).toBe('••••1234');
  });

  it('leaves other headers as they are, in order, and does not change its input', () => {
    const input = [
      { name: 'Content-Type', value: 'application/json' },
      { name: 'companyId', value: '3f2504e0-4f89-11d3-9a0c-0305e82c3301' },
      { name: 'x-apikey', value: apiKey },
      { name: 'X-Request-Id', value: 'r-1' },
    ];
    const copy = structuredClone(input);
    const output = redactHeaders(input);
    expect(output.map((h) => h.name)).toEqual(input.map((h) => h.name));
    expect(output[0]).toEqual(input[0]);
    expect(output[1]).toEqual(input[1]);
    expect(output[3]).toEqual(input[3]);
    expect(input).toEqual(copy);
    expect(JSON.stringify(output)).not.toContain(apiKey);
  });
});
