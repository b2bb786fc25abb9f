import { describe, expect, it } from 'vitest';
import { credentialHeaderLabel, isBrowserHeader, isJsonContentType } from './header-kinds';

describe('header kinds', () => {
  it('names credential headers as they are usually written, even behind stray quotes', () => {
    expect(credentialHeaderLabel('authorization')).toBe('Authorization');
    expect(credentialHeaderLabel('x-apikey')).toBe('x-apikey');
    expect(credentialHeaderLabel("'x-api-key")).toBe('x-api-key');
    expect(credentialHeaderLabel('x-request-id')).toBeUndefined();
  });

  it('recognises what the browser adds, HTTP/2 pseudo-headers and client hints included', () => {
    for (const name of [
      ':authority',
      ':path',
      'user-agent',
      'sec-ch-ua-platform',
      'sec-fetch-mode',
    ]) {
      expect(isBrowserHeader(name)).toBe(true);
    }
    expect(isBrowserHeader('accept')).toBe(false);
    expect(isBrowserHeader('x-request-id')).toBe(false);
  });

  it('accepts application/json with parameters and nothing else as JSON', () => {
    expect(isJsonContentType('application/json')).toBe(true);
    expect(isJsonContentType(' Application/JSON; charset=utf-8')).toBe(true);
    expect(isJsonContentType('text/plain;charset=UTF-8')).toBe(false);
    expect(isJsonContentType('application/json-patch+json')).toBe(false);
  });
});
