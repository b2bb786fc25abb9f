import { describe, expect, it } from 'vitest';
import { resolveCall, variablesOf } from '../service/call/variables';
import { carriedNameProblem, carryValues, MAX_CARRIED } from './carried-values';
import { withCarried } from './with-carried';

const SECRETS = ['sk-live-abcdef123456', 'tok_9f8e7d6c5b4a'];

describe('carryValues', () => {
  it('adds new values and replaces a carried one in its place', () => {
    const first = carryValues(
      [],
      [
        { name: 'orderId', value: 'ord-1' },
        { name: 'total', value: '3' },
      ],
      SECRETS,
    );
    expect(first).toEqual({
      values: [
        { name: 'orderId', value: 'ord-1' },
        { name: 'total', value: '3' },
      ],
      refused: [],
    });
    const next = carryValues(first.values, [{ name: 'orderId', value: 'ord-2' }], SECRETS);
    expect(next.values).toEqual([
      { name: 'orderId', value: 'ord-2' },
      { name: 'total', value: '3' },
    ]);
  });

  it('refuses the names of profile settings and secrets, whatever their case', () => {
    for (const name of [
      'apiKey',
      'clientSecret',
      'CLIENTSECRET',
      'clientId',
      'baseUrl',
      'authUrl',
      'companyId',
    ]) {
      const result = carryValues([], [{ name, value: 'x' }], SECRETS);
      expect(result.values, name).toEqual([]);
      expect(result.refused[0]?.reason, name).toMatch(/the profile sets this name/);
    }
  });

  it('refuses a value that holds a secret the worker knows, and names not {{usable}}', () => {
    const result = carryValues(
      [],
      [
        { name: 'leak', value: 'Bearer tok_9f8e7d6c5b4a' },
        { name: 'key', value: 'sk-live-abcdef123456' },
        { name: 'bad name', value: '1' },
        { name: '', value: '1' },
        { name: 'long', value: 'x'.repeat(2_049) },
        { name: 'fine', value: 'ok' },
      ],
      SECRETS,
    );
    expect(result.values).toEqual([{ name: 'fine', value: 'ok' }]);
    expect(result.refused.map((item) => item.name)).toEqual([
      'leak',
      'key',
      'bad name',
      '',
      'long',
    ]);
    expect(result.refused[0]?.reason).toContain('secrets');
    expect(JSON.stringify(result)).not.toContain('tok_9f8e7d6c5b4a');
  });

  it('bounds how many values a profile carries', () => {
    const many = Array.from({ length: MAX_CARRIED + 5 }, (_, n) => ({
      name: `v${n}`,
      value: `${n}`,
    }));
    const result = carryValues([], many, []);
    expect(result.values.length).toBe(MAX_CARRIED);
    expect(result.refused.length).toBe(5);
  });

  it('says what is wrong with a name', () => {
    expect(carriedNameProblem('orderId')).toBeNull();
    expect(carriedNameProblem('1st')).toMatch(/not a usable variable name/);
  });
});

describe('withCarried', () => {
  it('resolves {{name}} from carried values, over the profile’s and the collection’s', () => {
    const profile = {
      companyId: 'c-1',
      baseUrl: 'http://x',
      variables: [{ name: 'orderId', value: 'from-profile' }],
    };
    const values = variablesOf(withCarried(profile, [{ name: 'orderId', value: 'ord-9' }]), [
      { name: 'orderId', value: 'from-collection' },
    ]);
    const call = { path: 'orders/{{orderId}}', query: [], headers: [], body: '' };
    expect(resolveCall(call, values).call.path).toBe('orders/ord-9');
    expect(withCarried(profile, [])).toBe(profile);
  });
});
