import { describe, expect, it } from 'vitest';
import { bearerOrderCall, SCRIPT } from '../../testing/fixtures/har/har-samples';
import { headerValue, headerValues, MAX_HAR_ROWS, readHarEntry } from './har-entry';

describe('readHarEntry', () => {
  it('reads a Chrome entry, its _-prefixed fields and the script that made the call', () => {
    const view = readHarEntry(bearerOrderCall());
    expect(view).toMatchObject({
      method: 'POST',
      url: 'https://api.example.test/v1/orders',
      startedMs: Date.parse('2025-10-14T09:12:04.402Z'),
      time: 84.37,
      status: 201,
      resourceType: 'fetch',
      initiator: { type: 'script', url: SCRIPT, lineNumber: 42 },
      transferSize: 812,
      fromCache: null,
      error: null,
      postData: { mimeType: 'application/json', text: '{"productId":"prd_1001","quantity":2}' },
      content: { mimeType: 'application/json', text: '{"orderId":"ord_5521","status":"created"}' },
      rowsCut: false,
    });
    expect(headerValue(view?.requestHeaders ?? [], 'CompanyId')).toBe(
      'c0a80101-7e57-4d2a-9b1e-5a4db0c0ffee',
    );
  });

  it('takes the script from an async parent when the first stack has no URL', () => {
    const entry = bearerOrderCall();
    entry._initiator = {
      type: 'script',
      stack: { callFrames: [], parent: { callFrames: [{ url: SCRIPT, lineNumber: 9 }] } },
    };
    expect(readHarEntry(entry)?.initiator).toEqual({ type: 'script', url: SCRIPT, lineNumber: 10 });
  });

  it('reads fields of the wrong type as absent, and refuses an entry with no method or URL', () => {
    expect(readHarEntry({ request: { method: 'GET' } })).toBeNull();
    expect(readHarEntry([])).toBeNull();
    const view = readHarEntry({
      request: { method: 'GET', url: 'https://x.test/v1/a', headers: 'no', postData: 7 },
      response: { status: '200', content: { size: 'big' } },
      startedDateTime: 'yesterday',
      time: -1,
      _resourceType: 5,
    });
    expect(view).toMatchObject({
      requestHeaders: [],
      postData: null,
      status: 0,
      startedMs: null,
      time: null,
      resourceType: null,
      content: { size: null, text: null },
    });
  });

  it('reads at most MAX_HAR_ROWS rows of a list and says it cut', () => {
    const headers = Array.from({ length: MAX_HAR_ROWS + 5 }, (_, i) => ({
      name: `h${i}`,
      value: 'v',
    }));
    const view = readHarEntry({ request: { method: 'GET', url: 'https://x.test/', headers } });
    expect(view?.requestHeaders).toHaveLength(MAX_HAR_ROWS);
    expect(view?.rowsCut).toBe(true);
  });

  it('finds every value of a repeated header', () => {
    const rows = [
      { name: 'x-apikey', value: 'a' },
      { name: 'X-ApiKey', value: 'b' },
    ];
    expect(headerValues(rows, 'x-apikey')).toEqual(['a', 'b']);
    expect(headerValue(rows, 'authorization')).toBeNull();
  });
});
