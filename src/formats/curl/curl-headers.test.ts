/**
 * Header filtering (curl-headers.ts): credentials and cookies dropped and named, never quoted;
 * browser noise dropped; the other -H headers kept as the panel would accept them.
 */
import { describe, expect, it } from 'vitest';
import { imported, rows, URL_V1 } from '../../testing/fixtures/curl/curl-import-fixture';

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
