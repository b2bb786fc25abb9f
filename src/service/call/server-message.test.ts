import { describe, expect, it } from 'vitest';
import { readServerMessage } from './server-message';

const JSON_TYPE = 'application/json';

const INVALID_CLIENT = JSON.stringify({
  ErrorCode: 'invalid_client',
  Error: 'ClientId is Invalid',
});

describe('readServerMessage', () => {
  it('reads an OAuth error body {error, error_description}', () => {
    const body = JSON.stringify({ error: 'invalid_client', error_description: 'Bad secret' });
    expect(readServerMessage(body, JSON_TYPE)).toEqual({
      kind: 'oauth',
      code: 'invalid_client',
      message: 'Bad secret',
    });
    expect(readServerMessage('{"error":"invalid_grant"}', JSON_TYPE)).toEqual({
      kind: 'oauth',
      code: 'invalid_grant',
      message: null,
    });
  });

  it('reads an Apigee policy fault {fault: {faultstring, detail: {errorcode}}}', () => {
    const body = JSON.stringify({
      fault: { faultstring: 'Invalid ApiKey', detail: { errorcode: 'oauth.v2.InvalidApiKey' } },
    });
    expect(readServerMessage(body, JSON_TYPE)).toEqual({
      kind: 'apigee_fault',
      code: 'oauth.v2.InvalidApiKey',
      message: 'Invalid ApiKey',
    });
    expect(readServerMessage('{"fault":{"faultstring":"Oops"}}', JSON_TYPE)).toEqual({
      kind: 'apigee_fault',
      code: null,
      message: 'Oops',
    });
    expect(readServerMessage('{"fault":{}}', JSON_TYPE)).toMatchObject({
      kind: 'apigee_fault',
      message: 'fault without faultstring',
    });
  });

  it('reads an Apigee token endpoint error {ErrorCode, Error}', () => {
    expect(readServerMessage(INVALID_CLIENT, JSON_TYPE)).toEqual({
      kind: 'apigee_error',
      code: 'invalid_client',
      message: 'ClientId is Invalid',
    });
  });

  it('recognises an HTML page by content type or by its start, with its title', () => {
    const page = '<html><head><title> 502 Bad Gateway </title></head><body>nginx</body></html>';
    expect(readServerMessage(page, 'text/html; charset=utf-8')).toEqual({
      kind: 'html',
      title: '502 Bad Gateway',
    });
    expect(readServerMessage(`  <!DOCTYPE html>${page}`, '')).toEqual({
      kind: 'html',
      title: '502 Bad Gateway',
    });
    expect(readServerMessage('<html><body>no title</body></html>', '')).toEqual({
      kind: 'html',
      title: null,
    });
  });

  it('shows other text as an excerpt of at most 300 characters', () => {
    expect(readServerMessage('Service Unavailable', 'text/plain')).toEqual({
      kind: 'text',
      excerpt: 'Service Unavailable',
    });
    const long = readServerMessage('x'.repeat(5000), 'text/plain');
    expect(long.kind === 'text' && long.excerpt.length).toBe(300);
    // JSON, but in none of the known shapes.
    expect(readServerMessage('{"message":"nope"}', JSON_TYPE)).toEqual({
      kind: 'text',
      excerpt: '{"message":"nope"}',
    });
    expect(readServerMessage('[1,2]', JSON_TYPE).kind).toBe('text');
    expect(readServerMessage('{"error":{"code":5}}', JSON_TYPE).kind).toBe('text');
  });

  it('says there was nothing for an empty or blank body', () => {
    expect(readServerMessage('', JSON_TYPE)).toEqual({ kind: 'none' });
    expect(readServerMessage(' \r\n\t', 'text/plain')).toEqual({ kind: 'none' });
  });

  it('does not read error fields inherited through a __proto__ key', () => {
    const body = '{"__proto__":{"error":"invalid_client"}}';
    expect(readServerMessage(body, JSON_TYPE).kind).toBe('text');
    expect(({} as Record<string, unknown>).error).toBeUndefined();
  });
});
