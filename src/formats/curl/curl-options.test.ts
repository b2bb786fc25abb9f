/**
 * The curl option reader (curl-options.ts, curl-option-table.ts): each option the import reads,
 * drops, notes or refuses, attached or not, long and short, imported through importCurl.
 */
import { describe, expect, it } from 'vitest';
import {
  AUTH_DROPPED,
  BASE,
  imported,
  refused,
  rows,
  URL_V1,
} from '../../testing/fixtures/curl/curl-import-fixture';

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
    const command = `curl -G ${URL_V1} -d a=1 --data 'b=2 3' --data-ascii c=4 --data-binary 'd=5' --data-raw '@e=6'`;
    expect(imported(command).request.query).toEqual(
      rows(['a', '1'], ['b', '2 3'], ['c', '4'], ['d', '5'], ['@e', '6']),
    );
    const json = `curl ${URL_V1} -H 'Content-Type: application/json' -d '{"a":1' --data-raw ',"b":2}'`;
    expect(imported(json).request.body).toBe('{"a":1&,"b":2}');
  });

  it('--data-urlencode encodes as curl: content, =content, name=content; a file is noted', () => {
    const command = `curl -G ${URL_V1} --data-urlencode 'q=a b&c/é!' --data-urlencode '=x y' --data-urlencode 'plain~text.' --data-urlencode 'mail=a@b.c'`;
    expect(imported(command).request.query).toEqual(
      rows(['q', 'a b&c/é!'], ['x y', ''], ['plain~text.', ''], ['mail', 'a@b.c']),
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

  it('a GET with a JSON body (-X GET -d) is kept but flagged, since the panel refuses it', () => {
    const { request, notes } = imported(`curl -X GET ${URL_V1} --json '{"a":1}'`);
    expect(request).toMatchObject({ method: 'GET', body: '{"a":1}' });
    expect(notes[0]).toMatch(/body of a GET request, which the panel refuses/);
  });
});
