import { describe, expect, it } from 'vitest';
import { joinPathQuery, splitPathQuery } from './path-query';

describe('the query typed into Path', () => {
  it('splits into pairs as typed, a bare name with no value', () => {
    expect(splitPathQuery('orders/42/lines?expand=items&limit=50&flag&q=a%20b')).toEqual({
      path: 'orders/42/lines',
      pairs: [
        { name: 'expand', value: 'items' },
        { name: 'limit', value: '50' },
        { name: 'flag', value: null },
        { name: 'q', value: 'a%20b' },
      ],
    });
  });

  it('keeps a path without a query as it is, and skips empty pairs', () => {
    expect(splitPathQuery('products')).toEqual({ path: 'products', pairs: [] });
    expect(splitPathQuery('products?&a=1&&')).toEqual({
      path: 'products',
      pairs: [{ name: 'a', value: '1' }],
    });
  });

  it('keeps an = inside a value', () => {
    expect(splitPathQuery('x?filter=a=b').pairs).toEqual([{ name: 'filter', value: 'a=b' }]);
  });

  it('puts pairs back as typed, and drops the ? with the last pair', () => {
    const { path, pairs } = splitPathQuery('orders?expand=items&flag');
    expect(joinPathQuery(path, pairs)).toBe('orders?expand=items&flag');
    expect(joinPathQuery(path, [{ name: 'expand', value: '1' }])).toBe('orders?expand=1');
    expect(joinPathQuery(path, [])).toBe('orders');
    expect(joinPathQuery(path, [{ name: '', value: '' }])).toBe('orders');
  });
});
