/**
 * Property-based tests of the capture step: whatever entry DevTools (or a page that chose its own
 * URLs, headers and bodies) hands it, `captureCall` answers a call or null, quickly, without
 * throwing; and a credential in any place a credential goes (auth and key headers, cookies, query
 * parameters, form and JSON body fields, token responses) never survives into the call or its
 * HAR export.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportCapturedHar } from '../formats/har/har-export';
import {
  API,
  canaryValues,
  chromeEntry,
  defaultEntries,
} from '../testing/fixtures/har/har-samples';
import { harEntry } from '../testing/har-arbitraries';
import { expectPrototypesClean, MAX_MS, NUM_RUNS } from '../testing/property-checks';
import { type CapturedCall, captureCall } from './captured-call';

const canary = fc.constantFrom(...canaryValues());
const text = fc.string({ maxLength: 20 });

/** A call with canaries wherever credentials go, among random ordinary headers. */
const credentialCall = fc
  .record({
    header: fc.constantFrom(
      'Authorization',
      'x-apikey',
      'X-API-Key',
      'apikey',
      'x-auth-token',
      'Proxy-Authorization',
      'X-CSRF-Token',
      'Cookie',
      'companyId',
    ),
    scheme: fc.constantFrom('Bearer ', 'Basic ', 'Token ', '', 'session='),
    queryName: fc.constantFrom('api_key', 'access_token', 'apiKey', 'client_secret', 'token'),
    bodyKind: fc.constantFrom('form', 'json', 'nested-json'),
    response: fc.constantFrom('token', 'set-cookie'),
    others: fc.array(fc.record({ name: fc.stringMatching(/^[a-z][a-z-]{0,12}$/), value: text })),
    path: fc.webPath(),
    secrets: fc.tuple(canary, canary, canary, canary),
  })
  .map(({ header, scheme, queryName, bodyKind, response, others, path, secrets }) => {
    const [inHeader, inQuery, inBody, inResponse] = secrets;
    const body =
      bodyKind === 'form'
        ? {
            mimeType: 'application/x-www-form-urlencoded',
            text: `grant_type=client_credentials&client_secret=${encodeURIComponent(inBody)}`,
          }
        : bodyKind === 'json'
          ? { mimeType: 'application/json', text: JSON.stringify({ password: inBody, n: 1 }) }
          : {
              mimeType: 'application/json',
              text: JSON.stringify({ a: [{ refresh_token: inBody }] }),
            };
    return chromeEntry({
      method: 'POST',
      url: `${API}/v1${path}?${queryName}=${encodeURIComponent(inQuery)}`,
      headers: [...others, { name: header, value: `${scheme}${inHeader}` }],
      body,
      cookies: [{ name: 'session', value: inHeader }],
      responseHeaders:
        response === 'set-cookie'
          ? [{ name: 'set-cookie', value: `sid=${inResponse}; Path=/; HttpOnly` }]
          : [{ name: 'content-type', value: 'application/json' }],
      responseText: JSON.stringify({ access_token: inResponse, expires_in: 3599 }),
    });
  });

function leaks(call: CapturedCall): string[] {
  const written = JSON.stringify(call) + exportCapturedHar([call], { version: '0' });
  return canaryValues().filter((secret) => written.includes(secret));
}

describe('captureCall, property-based', () => {
  it('answers any entry with a call or null, quickly, without throwing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(harEntry, fc.anything(), fc.constantFrom(...defaultEntries())),
        async (entry) => {
          const started = performance.now();
          await captureCall(entry);
          expect(performance.now() - started).toBeLessThan(MAX_MS);
          expectPrototypesClean();
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('lets no credential through, wherever in the call the page put it', async () => {
    await fc.assert(
      fc.asyncProperty(credentialCall, async (entry) => {
        const call = await captureCall(entry);
        expect(call).not.toBeNull();
        expect(leaks(call as CapturedCall)).toEqual([]);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
