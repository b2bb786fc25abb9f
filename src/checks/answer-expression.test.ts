import { describe, expect, it } from 'vitest';
import { MAX_EXPRESSION } from '../collections/collection-schema';
import { MAX_PATH_DEPTH, parseExpression } from './answer-expression';

const parsed = (text: string) => {
  const result = parseExpression(text);
  if (!result.ok) throw new Error(result.problem);
  return result.value;
};
const problem = (text: string) => {
  const result = parseExpression(text);
  if (result.ok) throw new Error(`read ${JSON.stringify(result.value)}`);
  return result.problem;
};

describe('parseExpression', () => {
  it('reads the status, the time, the headers and the body', () => {
    expect(parsed('res.status')).toEqual({ part: 'status' });
    expect(parsed(' res.responseTime ')).toEqual({ part: 'responseTime' });
    expect(parsed('res.headers')).toEqual({ part: 'headers', name: null });
    expect(parsed('res.headers.Content-Type')).toEqual({ part: 'headers', name: 'content-type' });
    expect(parsed('res.headers["x-request-id"]')).toEqual({
      part: 'headers',
      name: 'x-request-id',
    });
    expect(parsed('res.body')).toEqual({ part: 'body', path: [] });
  });

  it('reads body paths with keys, indexes and quoted keys', () => {
    expect(parsed('res.body.items[0].id')).toEqual({
      part: 'body',
      path: [{ key: 'items' }, { index: 0 }, { key: 'id' }],
    });
    expect(parsed(`res.body["odd key"]['it\\'s'][12].$ref`)).toEqual({
      part: 'body',
      path: [{ key: 'odd key' }, { key: "it's" }, { index: 12 }, { key: '$ref' }],
    });
    expect(parsed('res.body[0][1]')).toEqual({ part: 'body', path: [{ index: 0 }, { index: 1 }] });
    expect(parsed('res.body.__proto__')).toEqual({ part: 'body', path: [{ key: '__proto__' }] });
  });

  it('refuses what it does not read, saying what it does read', () => {
    for (const text of [
      '',
      'res',
      'res.statusCode',
      'req.body.id',
      'res.body.',
      'res.body..id',
      'res.body[',
      'res.body[-1]',
      'res.body[x]',
      'res.body["open',
      'res.body.items[0',
      'res.body.a b',
      'res.bodyX',
      'res.headers.a.b',
      'res.headers[0]',
      'res.headers.',
      'res.body.constructor("alert(1)")',
      'res.body.a; process.exit()',
      '{{res.status}}',
      'res.body.items.filter(i => i)',
    ]) {
      expect(problem(text), text).toMatch(/Use res\.status/);
    }
    expect(problem('res.body[x]')).toContain('character 1');
  });

  it('bounds the length and the depth', () => {
    expect(parsed(`res.body.${'a'.repeat(MAX_EXPRESSION - 9)}`).part).toBe('body');
    expect(problem(`res.body.${'a'.repeat(MAX_EXPRESSION - 8)}`)).toContain(
      `longer than ${MAX_EXPRESSION}`,
    );
    expect(parsed(`res.body${'[0]'.repeat(MAX_PATH_DEPTH)}`).part).toBe('body');
    expect(problem(`res.body${'[0]'.repeat(MAX_PATH_DEPTH + 1)}`)).toContain(
      `more than ${MAX_PATH_DEPTH} steps`,
    );
    // A huge input is refused by its length, before any scan.
    expect(problem(`res.body${'.a'.repeat(1_000_000)}`)).toContain('longer than');
  });
});
