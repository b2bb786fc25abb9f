import { describe, expect, it } from 'vitest';
import { captured, PROFILES } from '../testing/fixtures/capture/capture-samples';
import {
  API,
  apiKeyCallWithoutCompany,
  bearerOrderCall,
  CANARIES,
  chromeEntry,
  cookieCall,
  pageTokenRequest,
} from '../testing/fixtures/har/har-samples';
import { accepted, refusal } from '../testing/results';
import { matchCall } from './call-matching';
import { draftFromCapture } from './composer-draft';

async function draft(entry: Record<string, unknown>) {
  const call = await captured(entry);
  return draftFromCapture(call, matchCall(call, PROFILES));
}

describe('draftFromCapture ("Open in composer")', () => {
  it('takes method, path after /v1/, query, the page’s own headers and the body', async () => {
    const result = accepted(await draft(bearerOrderCall()));
    expect(result.request).toEqual({
      method: 'POST',
      path: 'orders',
      query: [],
      headers: [
        { name: 'accept', value: '*/*' },
        { name: 'x-request-id', value: 'req-7f3e' },
      ],
      body: '{"productId":"prd_1001","quantity":2}',
    });
  });

  it('drops the auth headers, companyId and browser headers, and the notes say so', async () => {
    const result = accepted(await draft(bearerOrderCall()));
    expect(result.notes).toEqual([
      'Authorization header recognised and dropped: the active profile authenticates calls.',
      'companyId header dropped: the active profile sends its own Company ID.',
      'Browser headers dropped: :authority, :method, :path, :scheme, accept-encoding, accept-language, origin, priority, referer, sec-ch-ua, sec-ch-ua-mobile, sec-ch-ua-platform, and 4 more.',
    ]);
  });

  it('drops the API key and the cookies, and keeps the query', async () => {
    const products = accepted(await draft(apiKeyCallWithoutCompany()));
    expect(products.request.query).toEqual([
      { name: 'category', value: 'garden' },
      { name: 'limit', value: '20' },
    ]);
    expect(products.notes).toContain(
      'x-apikey header recognised and dropped: the active profile authenticates calls.',
    );
    const company = accepted(await draft(cookieCall()));
    expect(company.notes).toContain('Cookies dropped: calls from the panel carry no cookies.');
    expect(JSON.stringify([products, company])).not.toMatch(/CANARY|••••/);
  });

  it('drops query parameters that carried credentials, by name', async () => {
    const entry = chromeEntry({
      url: `${API}/v1/search?q=tea&access_token=${CANARIES.accessToken}`,
    });
    const result = accepted(await draft(entry));
    expect(result.request.query).toEqual([{ name: 'q', value: 'tea' }]);
    expect(result.notes).toContain(
      'Query parameters that carried credentials were dropped: access_token.',
    );
  });

  it('says that credentials in the body are masked and must be replaced', async () => {
    const entry = chromeEntry({
      method: 'POST',
      url: `${API}/v1/users`,
      body: { mimeType: 'application/json', text: '{"name":"Ann","password":"hunter2hunter2"}' },
    });
    const result = accepted(await draft(entry));
    expect(result.request.body).toBe('{"name":"Ann","password":"••••er2"}');
    expect(result.notes).toContain(
      'The body held credentials (password); they are masked (••••) in the body: replace them before sending.',
    );
  });

  it('opens a /v1 call to another address on the active profile, and says so', async () => {
    const entry = chromeEntry({ url: 'https://staging.example.test/v1/ping' });
    const result = accepted(await draft(entry));
    expect(result.request.path).toBe('ping');
    expect(result.notes[0]).toBe(
      'The call went to https://staging.example.test; the composer sends it to the active profile’s Base URL.',
    );
  });

  it('refuses a token request and a call outside /v1, saying what to open instead', async () => {
    expect(refusal(await draft(pageTokenRequest()), 'invalid_request').message).toBe(
      'A token request cannot be opened in the composer: the profile gets its own tokens.',
    );
    const outside = chromeEntry({ url: 'https://cdn.example.test/lib.js' });
    expect(refusal(await draft(outside), 'path_outside_v1').message).toBe(
      'The call to https://cdn.example.test/lib.js is not under /v1/.',
    );
  });
});
