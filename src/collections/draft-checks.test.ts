import { describe, expect, it } from 'vitest';
import { locateJsonError } from '../json-text/json-syntax';
import type { ComposedCall } from '../vocabulary/terms';
import { bodyProblem, draftProblem, previewUrl } from './draft-checks';
import type { SavedRequest } from './model';
import { sameCall } from './same-call';

const profile = {
  baseUrl: 'https://api.example.com',
  companyId: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  variables: [{ name: 'productId', value: 'prd_1002' }],
};

function call(overrides: Partial<ComposedCall> = {}): ComposedCall {
  return { method: 'GET', path: 'products', query: [], headers: [], body: '', ...overrides };
}

describe('previewUrl', () => {
  it('gives the full URL, variables resolved from the profile and the collection', () => {
    const shared = [{ name: 'region', value: 'eu' }];
    const draft = call({
      path: 'products/{{productId}}',
      query: [{ name: 'r', value: '{{region}}' }],
    });
    expect(previewUrl(profile, draft, shared)).toEqual({
      url: 'https://api.example.com/v1/products/prd_1002?r=eu',
    });
  });

  it('names every unknown variable instead of a URL', () => {
    expect(previewUrl(profile, call({ path: 'products/{{nope}}/{{other}}' }))).toEqual({
      problem: 'Unknown variable: {{nope}}, {{other}}',
    });
  });

  it('says why a path outside /v1/ goes nowhere', () => {
    const target = previewUrl(profile, call({ path: '../admin' }));
    expect('problem' in target && target.problem).toContain('/v1/');
  });

  it('says which part is too long before anything else', () => {
    const target = previewUrl(profile, call({ path: `{{nope}}${'a'.repeat(5_000)}` }));
    expect('problem' in target && target.problem).not.toContain('Unknown variable');
  });
});

describe('bodyProblem', () => {
  it.each(['', '  ', '{"a": 1}', '[1, 2]', '{"id": {{productId}}}'])('accepts %j', (body) => {
    expect(bodyProblem(body)).toBeNull();
  });

  it('says where the body stops being JSON once the locator is there, and that it is not JSON before', () => {
    expect(bodyProblem('{"a": 1,}', locateJsonError)).toBe(
      'The body is not valid JSON: expected a field name in double quotes at line 1, column 9.',
    );
    expect(bodyProblem('{"a": 1,}')).toBe(
      'The body is not valid JSON (Content-Type is application/json).',
    );
  });
});

describe('draftProblem', () => {
  it('puts the URL first, then the body, and is null when both are fine', () => {
    expect(draftProblem(profile, call({ path: '{{nope}}', body: '{' }), [])).toBe(
      'Unknown variable: {{nope}}',
    );
    expect(draftProblem(profile, call({ method: 'POST', body: '{' }), [], locateJsonError)).toBe(
      'The body is not valid JSON: the file ends too early at line 1, column 2.',
    );
    expect(draftProblem(profile, call({ method: 'POST', body: '{}' }), [])).toBeNull();
  });
});

describe('sameCall', () => {
  const saved: SavedRequest = { kind: 'request', id: 'r1', name: 'Get product', ...call() };

  it('compares the call only, not the name or id of the saved request', () => {
    expect(sameCall(call(), saved)).toBe(true);
    expect(sameCall(call({ path: 'orders' }), saved)).toBe(false);
    expect(sameCall(call({ headers: [{ name: 'X-Trace', value: '1' }] }), saved)).toBe(false);
  });
});
