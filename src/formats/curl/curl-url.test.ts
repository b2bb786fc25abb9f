/**
 * The URL of a pasted command (curl-url.ts): the path under /v1 and the query on the profile's
 * Base URL, replaced hosts and placeholders, dropped user:password@, and URLs outside /v1 refused.
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: shell text holds ${VAR} on purpose
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
    expect(request.path).toBe('orders/{{ORDER_ID}}');
    expect(notes).toEqual([
      `The URL starts with $BASE_URL: the profile's Base URL (${BASE}) takes its place.`,
      "Shell variables were kept as {{variables}} ($ORDER_ID as {{ORDER_ID}}): give them values in the profile's Variables, or replace them.",
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
