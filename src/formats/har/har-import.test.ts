import { describe, expect, it } from 'vitest';
import { validateCollection } from '../../collections/collection-schema';
import type { Folder, SavedRequest } from '../../collections/model';
import {
  API,
  apiKeyCallWithoutCompany,
  bearerOrderCall,
  canaryValues,
  chromeEntry,
  chromeSavedHar,
  cookieCall,
  pageResources,
  pageTokenRequest,
} from '../../testing/fixtures/har/har-samples';
import { accepted, refusal } from '../../testing/results';
import { importHar, MAX_HAR_CHARS } from './har-import';

function counter(): () => string {
  let next = 0;
  return () => `id_${++next}`;
}

function importText(text: string) {
  return importHar(text, counter());
}

function importEntries(entries: Record<string, unknown>[]) {
  return importText(JSON.stringify(chromeSavedHar(entries)));
}

function requests(items: readonly (SavedRequest | Folder)[]): SavedRequest[] {
  return items.flatMap((item) => (item.kind === 'request' ? [item] : requests(item.items)));
}

describe('importHar: a HAR saved from Chrome’s Network panel', () => {
  const text = JSON.stringify(chromeSavedHar(), null, 2);
  const result = accepted(importText(text));

  it('imports the /v1 calls the page made, in order, named by method and path', () => {
    expect(result.collection.name).toBe('HAR of shop.example.test');
    expect(requests(result.collection.items).map((request) => request.name)).toEqual([
      'GET /v1/products',
      'POST /v1/orders',
      'GET /v1/company',
    ]);
    expect(validateCollection(result.collection).ok).toBe(true);
  });

  it('keeps the path after /v1/, the query, the page’s own headers and the JSON body', () => {
    const [products, order] = requests(result.collection.items);
    expect(products).toMatchObject({
      method: 'GET',
      path: 'products',
      query: [
        { name: 'category', value: 'garden' },
        { name: 'limit', value: '20' },
      ],
      headers: [{ name: 'accept', value: '*/*' }],
      body: '',
    });
    expect(order).toMatchObject({
      method: 'POST',
      path: 'orders',
      headers: [
        { name: 'accept', value: '*/*' },
        { name: 'x-request-id', value: 'req-7f3e' },
      ],
      body: '{"productId":"prd_1001","quantity":2}',
    });
  });

  it('holds no credential of the file anywhere in the collection or the summary', () => {
    const everything = JSON.stringify(result);
    for (const canary of canaryValues()) expect(everything).not.toContain(canary);
  });

  it('names in the summary what it dropped and what it skipped, without a value', () => {
    expect(result.summary).toEqual(
      expect.arrayContaining([
        'Credential headers were dropped: the profile authenticates every call (3): x-apikey, Authorization, ….',
        'Cookies were dropped: calls from the panel carry no cookies (1): "https://api.example.test/v1/company".',
        'companyId headers were dropped: the profile sends its own Company ID (2): "https://api.example.test/v1/orders", "https://api.example.test/v1/company".',
        'Token requests were not imported: the profile gets its own tokens (1): "https://auth.example.test/o/oauth/accesstoken".',
        'Page resources that are not API calls were skipped (documents, scripts, images, …) (3): "document", "script", "image".',
        'CORS preflight requests, which the browser sends by itself, were skipped (1): "https://api.example.test/v1/orders".',
      ]),
    );
    expect(result.summary.find((line) => line.startsWith('Headers the browser adds'))).toMatch(
      /^Headers the browser adds by itself were dropped \(\d+\): :authority, :method, :path, :scheme, accept-encoding, …\.$/,
    );
  });

  it('chooses the auth method most calls used, and says the calls mixed two', () => {
    expect(result.collection.auth).toEqual({ method: 'apiKey', formEncodeCredentials: false });
    expect(result.summary).toContain(
      'The calls used both API keys and Bearer tokens; the collection uses the one most calls used (1): "HAR of shop.example.test".',
    );
  });
});

describe('importHar: what it takes and leaves', () => {
  it('chooses API key for calls that sent x-apikey, without a note', () => {
    const result = accepted(importEntries([apiKeyCallWithoutCompany()]));
    expect(result.collection.auth.method).toBe('apiKey');
    expect(result.summary.join('\n')).not.toMatch(/assumed/);
  });

  it('chooses OAuth (form body) when the page’s own token request sent the secret in the body', () => {
    const result = accepted(importEntries([pageTokenRequest(), bearerOrderCall()]));
    expect(result.collection.auth).toEqual({ method: 'oauthBody', formEncodeCredentials: false });
    expect(result.summary.join('\n')).not.toContain('assumed');
  });

  it('assumes OAuth (Basic header) for Bearer calls without a token request, and says so', () => {
    const result = accepted(importEntries([bearerOrderCall()]));
    expect(result.collection.auth.method).toBe('oauthBasic');
    expect(result.summary.join('\n')).toContain('OAuth (Basic header) is assumed');
  });

  it('says API key is assumed when no call carried credentials', () => {
    const result = accepted(importEntries([chromeEntry({ url: `${API}/v1/ping`, headers: [] })]));
    expect(result.collection.auth.method).toBe('apiKey');
    expect(result.summary.join('\n')).toContain('The calls carried no credentials');
  });

  it('imports a repeated call once and says so', () => {
    const result = accepted(
      importEntries([apiKeyCallWithoutCompany(), apiKeyCallWithoutCompany(), cookieCall()]),
    );
    expect(requests(result.collection.items)).toHaveLength(2);
    expect(result.summary).toContain('Repeated calls were imported once (1): "GET /v1/products".');
  });

  it('puts calls to several API addresses into one folder each', () => {
    const other = chromeEntry({ url: 'https://sandbox.example.test/partner/v1/ping' });
    const result = accepted(importEntries([apiKeyCallWithoutCompany(), other]));
    expect(result.collection.items.map((item) => [item.kind, item.name])).toEqual([
      ['folder', API],
      ['folder', 'https://sandbox.example.test/partner'],
    ]);
    expect(validateCollection(result.collection).ok).toBe(true);
  });

  it('drops credential query parameters and empties credential fields of bodies', () => {
    const entry = chromeEntry({
      method: 'POST',
      url: `${API}/v1/users?access_token=CANARYqueryTok3n9Zx7Lm2Qp5&page=2`,
      body: {
        mimeType: 'application/json',
        text: '{"name":"Ann","password":"CANARYpassw0rdQx9Lm2Zp","age":41}',
      },
    });
    const result = accepted(importEntries([entry]));
    const [users] = requests(result.collection.items);
    expect(users?.query).toEqual([{ name: 'page', value: '2' }]);
    expect(users?.body).toBe('{"name":"Ann","password":"","age":41}');
    expect(JSON.stringify(result)).not.toMatch(/CANARY/);
    expect(result.summary).toEqual(
      expect.arrayContaining([
        'Headers and query parameters that carry credentials were not imported (1): "https://api.example.test/v1/users" (?"access_token").',
        'Credentials in bodies were removed, their values left empty (1): "password".',
      ]),
    );
  });

  it('skips a call with a credential in its path, and names neither in the summary', () => {
    const token = 'CANARYpathTok3n9Zx7Lm2Qp5Wd8Rt';
    const secretPath = chromeEntry({ method: 'GET', url: `${API}/v1/keys/${token}/usage` });
    const plain = chromeEntry({ method: 'GET', url: `${API}/v1/keys/1234/usage` });
    const result = accepted(importEntries([secretPath, plain]));
    expect(requests(result.collection.items).map((request) => request.path)).toEqual([
      'keys/1234/usage',
    ]);
    expect(JSON.stringify(result)).not.toMatch(/CANARY/);
    expect(result.summary).toContain(
      'Calls with what looks like a credential in their path were skipped (1): (a name that looks like a secret).',
    );
  });

  it('reads HAR files from other tools, which have no _resourceType', () => {
    const entry = bearerOrderCall();
    delete entry._resourceType;
    delete entry._initiator;
    const result = accepted(importEntries([entry]));
    expect(requests(result.collection.items).map((request) => request.name)).toEqual([
      'POST /v1/orders',
    ]);
  });

  it('reads a Chrome entry whose async call stack is nested deeper than the safety check', () => {
    const entry = apiKeyCallWithoutCompany();
    let stack: Record<string, unknown> = { callFrames: [] };
    for (let depth = 0; depth < 60; depth++) stack = { callFrames: [], parent: stack };
    entry._initiator = { type: 'script', stack };
    expect(accepted(importEntries([entry])).collection.items).toHaveLength(1);
  });
});

describe('importHar: refusals', () => {
  it('refuses a file without a /v1 call made by the page, saying how many entries it read', () => {
    const error = refusal(importEntries([...pageResources(), pageTokenRequest()]), 'bad_message');
    expect(error.message).toBe(
      'The HAR file holds no call under /v1/ that the page made (5 entries read).',
    );
  });

  it.each([
    ['', 'The file is empty.'],
    ['{"log": {"entries": [', 'The file is not valid JSON (line 1, column 22'],
    [
      '{"info": {"schema": "x"}, "item": []}',
      'This is not a HAR file: it has no log.entries list.',
    ],
    [
      '{"log": {"entries": [{"__proto__": {"polluted": "yes"}}]}}',
      'The file contains the key "__proto__" at log.entries[0]',
    ],
  ])('refuses %j', (text, message) => {
    expect(refusal(importText(text), 'bad_message').message).toContain(message);
  });

  it('refuses a file over the size limit before reading it', () => {
    const huge = ' '.repeat(MAX_HAR_CHARS + 1);
    expect(refusal(importText(huge), 'bad_message').message).toBe(
      'The file is larger than the 32 MB a HAR import may have.',
    );
  });
});
