import { describe, expect, it } from 'vitest';
import { cycleError, resolveCall, resolveText, variablesOf } from './variables';

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
      cycles: [],
    });
    expect(resolveText('{{a}}-{{a}}-{{b}}', values)).toEqual({
      text: '{{a}}-{{a}}-{{b}}',
      unresolved: ['a', 'b'],
      cycles: [],
    });
    expect(resolveText('no braces {x} {{ }}', values).unresolved).toEqual([]);
  });

  it('resolves a value that names other variables, and reports an unknown name inside it', () => {
    const nested = variablesOf({
      ...profile,
      variables: [
        { name: 'root', value: '{{baseUrl}}/{{version}}' },
        { name: 'version', value: 'v{{n}}' },
        { name: 'n', value: '2' },
        { name: 'broken', value: 'x/{{nowhere}}' },
      ],
    });
    expect(resolveText('{{root}}', nested).text).toBe(`${profile.baseUrl}/v2`);
    expect(resolveText('{{broken}}', nested).unresolved).toEqual(['nowhere']);
  });

  it('refuses variables that name each other in a loop, by name, instead of sending braces', () => {
    const looping = variablesOf({
      ...profile,
      variables: [
        { name: 'a', value: '{{b}}' },
        { name: 'b', value: '{{a}}' },
        { name: 'self', value: 'x{{self}}' },
      ],
    });
    const { call, cycles } = resolveCall(
      { path: 'items/{{a}}', query: [], headers: [{ name: 'X', value: '{{self}}' }], body: '' },
      looping,
    );
    expect(cycles).toEqual(['{{a}} → {{b}} → {{a}}', '{{self}} → {{self}}']);
    expect(cycleError(cycles)?.error).toMatchObject({
      code: 'unresolved_variable',
      message: 'Variables name each other in a loop: {{a}} → {{b}} → {{a}}; {{self}} → {{self}}.',
    });
    expect(call.path).toContain('{{');
    expect(cycleError([])).toBeNull();
  });

  it('refuses nesting deeper than any real call needs, as a loop', () => {
    const deep = variablesOf({
      ...profile,
      variables: Array.from({ length: 12 }, (_, i) => ({ name: `v${i}`, value: `{{v${i + 1}}}` })),
    });
    expect(resolveText('{{v0}}', deep).cycles).toHaveLength(1);
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
