/**
 * The cmd.exe reader (curl-shell-cmd.ts), tested with what Chrome's "Copy as cURL (cmd)" writes:
 * verbatim samples, and the same generated requests as the bash tests in the (cmd) flavour.
 */
import { describe, expect, it } from 'vitest';
import {
  AUTH_DROPPED,
  BASE,
  BROWSER_NOISE,
  chromeCurl,
  imported,
  refused,
  rows,
} from '../../testing/fixtures/curl/curl-import-fixture';

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

  it('keeps %VARIABLES% as {{VARIABLES}} and says so, unless they sit in a dropped auth header', () => {
    const command =
      'curl "https://api.example.com/v1/orders/%ORDER_ID%" ^\n  -H "x-apikey: %API_KEY%" ^\n  -H "X-Trace: %TRACE%"';
    const { request, notes } = imported(command);
    expect(request.path).toBe('orders/{{ORDER_ID}}');
    expect(request.headers).toEqual(rows(['X-Trace', '{{TRACE}}']));
    expect(notes).toEqual([
      `x-apikey header ${AUTH_DROPPED}.`,
      "Shell variables were kept as {{variables}} (%ORDER_ID% as {{ORDER_ID}}, %TRACE% as {{TRACE}}): give them values in the profile's Variables, or replace them.",
    ]);
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
