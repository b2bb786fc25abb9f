import { describe, expect, it } from 'vitest';
import { findSecretInText } from './secret-patterns';

const JWT =
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.c2lnbmF0dXJlLXBhcnQtaGVyZQ';

describe('findSecretInText', () => {
  it.each([
    ['the shortest assignment', 'token=x', 'a value for "token"'],
    ['an assignment with a colon', 'secret: hunter2', 'a value for "secret"'],
    ['the shortest Basic credentials', 'Basic dTpw', 'a Basic credentials value'],
    ['a Bearer token in any case', 'authorization: bEaReR abcd1234', 'a Bearer token'],
    ['a JWT in a URL', `https://a.example/cb?state=1&t2=${JWT}`, 'a JWT'],
    [
      'a random token just long enough',
      'k9Xq2Lm7Vb4Nz8Rt1Wc5Yp3H',
      'a long random-looking token, like an API key',
    ],
  ])('finds %s', (_label, text, reason) => {
    expect(findSecretInText(text, [])?.reason).toBe(reason);
  });

  it.each([
    ['a short word', 'token'],
    ['a variable', 'Bearer {{token}}'],
    ['a UUID', 'req-0b8a7c2e-6f1d-4e3b-9a5c-2d7e8f9a0b1c'],
    ['a random-looking run one character short', 'k9Xq2Lm7Vb4Nz8Rt1Wc5Yp3'],
    ['an ordinary JSON body', '{"sku": "SKU-1", "qty": 1, "note": "generated"}'],
  ])('passes %s', (_label, text) => {
    expect(findSecretInText(text, [])).toBeNull();
  });

  it('finds a stored secret however short the text', () => {
    expect(findSecretInText('ab3f', ['ab3f'])?.reason).toBe('one of your stored secrets');
  });
});
