import { describe, expect, it } from 'vitest';
import { replaceBodyCredentials } from './body-credentials';

const hide = (secret: string) => `<${secret.length}>`;
/** A JWT whose header and claims decode (the signature is never checked). */
const JWT = `${btoa('{"alg":"HS256","typ":"JWT"}').replace(/=+$/, '')}.${btoa('{"sub":"42"}').replace(/=+$/, '')}.c2lnbmF0dXJl`;

describe('replaceBodyCredentials', () => {
  it('replaces the credential fields of a token request form, keeping the others as written', () => {
    const result = replaceBodyCredentials(
      'grant_type=client_credentials&client_id=shop-web&client_secret=s3cr%2Bt',
      'application/x-www-form-urlencoded',
      hide,
    );
    expect(result).toEqual({
      text: 'grant_type=client_credentials&client_id=shop-web&client_secret=<6>',
      fields: ['client_secret'],
    });
  });

  it('replaces credential values of a JSON token response in place: numbers, order and spacing kept', () => {
    const text =
      '{\n  "access_token": "abc\\"def",\n  "expires_in": 3599.000,\n  "nested": {"refresh_token": "r"},\n  "scope": ""\n}';
    expect(replaceBodyCredentials(text, 'application/json', hide)).toEqual({
      text: '{\n  "access_token": "<7>",\n  "expires_in": 3599.000,\n  "nested": {"refresh_token": "<1>"},\n  "scope": ""\n}',
      fields: ['access_token', 'refresh_token'],
    });
  });

  it('replaces a JWT wherever it stands in JSON, and leaves ids and arrays under other keys', () => {
    const text = JSON.stringify({
      jwt: JWT,
      list: [JWT, 'prd_1001'],
      id: 'c0a80101-7e57-4d2a-9b1e-5a4db0c0ffee',
    });
    const result = replaceBodyCredentials(text, 'application/json', () => 'X');
    expect(JSON.parse(result.text)).toEqual({
      jwt: 'X',
      list: ['X', 'prd_1001'],
      id: 'c0a80101-7e57-4d2a-9b1e-5a4db0c0ffee',
    });
    expect(result.fields).toEqual(['a JWT']);
  });

  it('does not take a key for a value: a credential name as a value is kept', () => {
    const text = '{"field":"password","password":"hunter2"}';
    expect(replaceBodyCredentials(text, 'application/json', hide).text).toBe(
      '{"field":"password","password":"<7>"}',
    );
  });

  it('replaces what looks like a secret in other text', () => {
    const result = replaceBodyCredentials(
      'call me with Authorization: Bearer abcDEF123456ghiJKL789',
      'text/plain',
      () => '••••',
    );
    expect(result.text).toBe('call me with Authorization: Bearer ••••');
    expect(result.fields).toEqual(['a Bearer token']);
  });

  it('leaves a body without credentials as it is', () => {
    const text = '{"productId":"prd_1001","quantity":2}';
    expect(replaceBodyCredentials(text, 'application/json', hide)).toEqual({ text, fields: [] });
  });
});
