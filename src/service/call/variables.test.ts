import { describe, expect, it } from 'vitest';
import { resolveCall, resolveText, variablesOf } from './variables';

const profile = {
  companyId: 'c0a80101-7e57-4d2a-9b1e-5a4db0c0ffee',
  baseUrl: 'http://127.0.0.1:8787',
  variables: [
    { name: 'orderId', value: 'o-42' },
    { name: 'companyId', value: 'shadowed' },
    { name: ' ', value: 'ignored' },
  ],
};

describe('variables', () => {
  const values = variablesOf(profile);

  it('defines companyId and baseUrl from the profile, over a user variable of the same name', () => {
    expect(values.get('companyId')).toBe(profile.companyId);
    expect(values.get('baseUrl')).toBe(profile.baseUrl);
    expect(values.get('orderId')).toBe('o-42');
    expect(values.has(' ')).toBe(false);
  });

  it('replaces every {{name}}, with or without inner spaces, and reports unknown names once', () => {
    expect(resolveText('orders/{{orderId}}/{{ orderId }}', values)).toEqual({
      text: 'orders/o-42/o-42',
      unresolved: [],
    });
    expect(resolveText('{{a}}-{{a}}-{{b}}', values)).toEqual({
      text: '{{a}}-{{a}}-{{b}}',
      unresolved: ['a', 'b'],
    });
    expect(resolveText('no braces {x} {{ }}', values).unresolved).toEqual([]);
  });

  it('resolves path, query, headers and body, keeping other fields', () => {
    const { call, unresolved } = resolveCall(
      {
        requestId: 'r1',
        path: 'orders/{{orderId}}',
        query: [{ name: 'company', value: '{{companyId}}' }],
        headers: [{ name: 'X-{{orderId}}', value: '{{missing}}' }],
        body: '{"id":"{{orderId}}"}',
      },
      values,
    );
    expect(call).toEqual({
      requestId: 'r1',
      path: 'orders/o-42',
      query: [{ name: 'company', value: profile.companyId }],
      headers: [{ name: 'X-o-42', value: '{{missing}}' }],
      body: '{"id":"o-42"}',
    });
    expect(unresolved).toEqual(['missing']);
  });
});

describe('variables of a collection', () => {
  it('resolve a request opened from it, and the profile’s own win over them', () => {
    const profile = {
      companyId: 'c-1',
      baseUrl: 'https://api.example.com',
      variables: [{ name: 'region', value: 'eu' }],
    };
    const shared = [
      { name: 'productId', value: 'prd_1001' },
      { name: 'region', value: 'us' },
      { name: 'companyId', value: 'not this one' },
    ];
    const values = variablesOf(profile, shared);
    expect(values.get('productId')).toBe('prd_1001');
    expect(values.get('region')).toBe('eu');
    expect(values.get('companyId')).toBe('c-1');
    expect(variablesOf(profile).has('productId')).toBe(false);
  });
});
