import { describe, expect, it } from 'vitest';
import { statusMeaning } from './http-status';
import { explainServiceError } from './service-error';

describe('service error explanations', () => {
  it('name the Apigee fault and give its specific advice', () => {
    const body = JSON.stringify({
      fault: { faultstring: 'Invalid ApiKey', detail: { errorcode: 'oauth.v2.InvalidApiKey' } },
    });
    const explained = explainServiceError(401, 'application/json', body);
    expect(explained?.said).toBe('Invalid ApiKey [oauth.v2.InvalidApiKey]');
    expect(explained?.advice).toMatch(/API key/);
  });

  it('recognise an HTML error page and point at the Base URL', () => {
    const explained = explainServiceError(
      502,
      'text/html',
      '<html><title>502 Bad Gateway</title></html>',
    );
    expect(explained?.said).toContain('502 Bad Gateway');
    expect(explained?.advice).toContain('Base URL');
  });

  it('say nothing for success or for an error body it cannot read', () => {
    expect(explainServiceError(200, 'application/json', '{}')).toBeNull();
    expect(explainServiceError(500, 'text/plain', '')).toBeNull();
  });

  it('give every status a meaning', () => {
    expect(statusMeaning(401)).toMatch(/credentials/);
    expect(statusMeaning(418)).toBe('Client error');
    expect(statusMeaning(299)).toBe('Success');
    expect(statusMeaning(999)).toBe('Unknown status');
  });
});
