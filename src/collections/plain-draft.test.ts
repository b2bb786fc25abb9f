/**
 * isPlainDraft against previewUrl: whenever it says a call is plain, previewUrl gives the URL
 * exactly as the request line writes it (so the Full URL line stays hidden either way), over
 * generated base URLs, paths, rows and bodies; and it says false for what needs the URL rules.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ComposedCall } from '../vocabulary/terms';
import { previewUrl } from './draft-checks';
import { isPlainDraft } from './plain-draft';

const PROFILE = { baseUrl: 'http://127.0.0.1:8080', companyId: 'ACME-1', variables: [] };

function call(over: Partial<ComposedCall>): ComposedCall {
  return { method: 'GET', path: 'products', query: [], headers: [], body: '', ...over };
}

const piece = fc.constantFrom(
  'a',
  'Z',
  '0',
  '-',
  '_',
  '.',
  '~',
  '/',
  '?',
  '#',
  '%',
  '%2e',
  '%41',
  ' ',
  '{{x}}',
  '..',
  'é',
  '\\',
  ':',
);
const text = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(''));
const row = fc.record({
  name: fc.constantFrom('', 'q', ' ', 'X-A'),
  value: fc.constantFrom('', '1', '{{x}}', 'é'),
});
const baseUrl = fc.constantFrom(
  'http://127.0.0.1:8080',
  'https://api.example.com',
  'https://api.example.com/',
  'https://API.example.com',
  'https://api.example.com/base',
  'https://api.example.com/base/',
  'https://api.example.com:443',
  'http://[::1]:9000',
  'https://api.example.com/a%20b',
  'https://u:p@api.example.com',
  'https://api.example.com?x=1',
  'not a url',
  'foo://bar',
);

describe('isPlainDraft', () => {
  it('says plain only when previewUrl gives the URL as written', () => {
    fc.assert(
      fc.property(
        baseUrl,
        fc.constantFrom('ACME-1', 'é', 'a\nb', ''),
        fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'),
        text,
        fc.array(row, { maxLength: 2 }),
        fc.array(row, { maxLength: 2 }),
        fc.constantFrom('', ' ', '{"a":1}', '{{x}}', 'not json'),
        (base, companyId, method, path, query, headers, body) => {
          const profile = { baseUrl: base, companyId, variables: [] };
          const draft = call({
            method: method as ComposedCall['method'],
            path,
            query,
            headers,
            body,
          });
          if (!isPlainDraft(profile, draft)) return;
          expect(previewUrl(profile, draft)).toEqual({ url: `${base}/v1/${path}` });
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('says plain for the calls a panel usually opens with', () => {
    expect(isPlainDraft(PROFILE, call({ path: '' }))).toBe(true);
    expect(isPlainDraft(PROFILE, call({ path: 'products/42' }))).toBe(true);
    expect(isPlainDraft(PROFILE, call({ method: 'POST', body: '{"a":1}' }))).toBe(true);
    expect(isPlainDraft(PROFILE, call({ query: [{ name: '', value: '' }] }))).toBe(true);
  });

  it('leaves to previewUrl what has something to say', () => {
    expect(isPlainDraft(PROFILE, call({ path: 'products?limit=5' }))).toBe(false);
    expect(isPlainDraft(PROFILE, call({ path: '{{id}}' }))).toBe(false);
    expect(isPlainDraft(PROFILE, call({ path: '../admin' }))).toBe(false);
    expect(isPlainDraft(PROFILE, call({ query: [{ name: 'q', value: '' }] }))).toBe(false);
    expect(isPlainDraft(PROFILE, call({ headers: [{ name: 'X-A', value: '1' }] }))).toBe(false);
    expect(isPlainDraft(PROFILE, call({ body: '{}' }))).toBe(false);
    expect(isPlainDraft(PROFILE, call({ method: 'POST', body: '{{x}}' }))).toBe(false);
    expect(isPlainDraft({ ...PROFILE, baseUrl: 'https://api.example.com/' }, call({}))).toBe(false);
  });
});
