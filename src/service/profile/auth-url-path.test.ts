import { describe, expect, it } from 'vitest';
import { tokenEndpoint } from '../token/token-request';
import { withoutTokenPath } from './auth-url-path';

describe('withoutTokenPath', () => {
  it('drops a pasted token path, so that the token endpoint is right again', () => {
    expect(withoutTokenPath('https://host/o/oauth/accesstoken')).toBe('https://host');
    expect(withoutTokenPath(' https://auth.example.com/o/oauth/accesstoken/ ')).toBe(
      'https://auth.example.com',
    );
    expect(withoutTokenPath('https://host/O/OAuth/AccessToken?grant_type=client_credentials')).toBe(
      'https://host',
    );
    expect(withoutTokenPath('https://host/gateway/o/oauth/accesstoken')).toBe(
      'https://host/gateway',
    );
    expect(withoutTokenPath('http://127.0.0.1:8787/o/oauth/accesstoken')).toBe(
      'http://127.0.0.1:8787',
    );
    const fixed = withoutTokenPath('https://host/o/oauth/accesstoken') ?? '';
    expect(tokenEndpoint(fixed)).toBe('https://host/o/oauth/accesstoken');
  });

  it('leaves alone a URL without it, or with it elsewhere than at the end', () => {
    expect(withoutTokenPath('https://host')).toBeNull();
    expect(withoutTokenPath('https://host/o/oauth')).toBeNull();
    expect(withoutTokenPath('https://host/o/oauth/accesstoken/more')).toBeNull();
    expect(withoutTokenPath('https://host/o/oauth/accesstokens')).toBeNull();
    expect(withoutTokenPath('/o/oauth/accesstoken')).toBeNull();
    expect(withoutTokenPath('')).toBeNull();
  });
});
