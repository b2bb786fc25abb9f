/**
 * fast-check arbitraries of HAR data in Chrome's shape with random parts, the sample canary
 * credentials scattered through headers, query strings, cookies and bodies: for the property
 * tests of the HAR import and of the capture. Used by tests only.
 */
import fc from 'fast-check';
import { API, canaryValues } from './fixtures/har/har-samples';

const json = fc.jsonValue({ maxDepth: 2 });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, json);
const canary = fc.constantFrom(...canaryValues());
const shortText = fc.oneof(
  fc.string({ maxLength: 30 }),
  canary,
  fc.constantFrom('Authorization', 'x-apikey', 'Cookie', 'companyId', ':path', 'content-type'),
);
const headerValue = fc.oneof(
  shortText,
  canary.map((secret) => `Bearer ${secret}`),
  canary.map((secret) => `session=${secret}`),
);
const rows = maybe(
  fc.array(
    maybe(fc.record({ name: maybe(shortText), value: maybe(headerValue) }, { requiredKeys: [] })),
    { maxLength: 6 },
  ),
);
const url = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc
    .tuple(fc.webPath(), canary, fc.boolean())
    .map(([path, secret, inQuery]) => `${API}/v1${path}${inQuery ? `?api_key=${secret}` : ''}`),
  fc.constantFrom(`${API}/o/oauth/accesstoken`, `${API}/v1`, 'not a url', `${API}/v1/%zz`),
  shortText,
);
const body = fc.oneof(
  shortText,
  canary.map((secret) => `grant_type=client_credentials&client_secret=${secret}`),
  canary.map((secret) => JSON.stringify({ access_token: secret, nested: { password: secret } })),
  fc.json({ maxDepth: 2 }),
);

/** Entries with Chrome's shape and random parts, credentials (canaries) scattered through. */
export const harEntry = fc.record(
  {
    _resourceType: maybe(
      fc.constantFrom('fetch', 'xhr', 'document', 'preflight', 'other', 'image'),
    ),
    _initiator: maybe(fc.record({ type: maybe(shortText), url: maybe(shortText) })),
    startedDateTime: maybe(fc.constantFrom('2025-10-14T09:12:03.118Z', 'yesterday')),
    time: maybe(fc.double()),
    request: maybe(
      fc.record(
        {
          method: maybe(fc.constantFrom('GET', 'POST', 'PUT', 'get', 'PROPFIND', '')),
          url: maybe(url),
          headers: rows,
          queryString: rows,
          cookies: rows,
          postData: maybe(
            fc.record(
              { mimeType: maybe(shortText), text: maybe(body), params: rows },
              { requiredKeys: [] },
            ),
          ),
        },
        { requiredKeys: [] },
      ),
    ),
    response: maybe(
      fc.record({ status: maybe(fc.integer()), headers: rows }, { requiredKeys: [] }),
    ),
  },
  { requiredKeys: [] },
);

export const harShaped: fc.Arbitrary<string> = fc
  .record(
    {
      log: maybe(
        fc.record(
          {
            version: maybe(fc.constant('1.2')),
            pages: maybe(fc.array(maybe(fc.record({ title: maybe(shortText) })), { maxLength: 2 })),
            entries: maybe(fc.array(maybe(harEntry), { maxLength: 8 })),
          },
          { requiredKeys: [] },
        ),
      ),
    },
    { requiredKeys: [] },
  )
  .map((file) => JSON.stringify(file));
