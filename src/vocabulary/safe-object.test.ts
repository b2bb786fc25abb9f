import { describe, expect, it } from 'vitest';
import { describeUnsafeFile, findUnsafeShape, MAX_DEPTH } from './safe-object';

/** `levels` objects nested inside each other, the innermost holding a number. */
function nestObjects(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i += 1) value = { a: value };
  return value;
}

function nestArrays(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i += 1) value = [value];
  return value;
}

describe('findUnsafeShape', () => {
  it('accepts plain JSON data: objects, arrays, strings, numbers, booleans, null', () => {
    expect(
      findUnsafeShape({ a: [1, 'two', true, null, { b: [] }], c: { d: 'e' }, f: undefined }),
    ).toBeNull();
    expect(findUnsafeShape('text')).toBeNull();
    expect(findUnsafeShape(null)).toBeNull();
  });

  it('accepts an object without a prototype', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare.name = 'x';
    expect(findUnsafeShape(bare)).toBeNull();
  });

  it.each([
    ['__proto__', '{"__proto__": {"polluted": true}}'],
    ['constructor', '{"constructor": {"prototype": {"polluted": true}}}'],
    ['prototype', '{"prototype": {}}'],
  ])('refuses the key %s at the top level', (key, json) => {
    expect(findUnsafeShape(JSON.parse(json))).toEqual({ kind: 'forbidden_key', key, path: '$' });
  });

  it('refuses a __proto__ key deep inside arrays and objects and says where it is', () => {
    const value = JSON.parse('{"payload": {"headers": [{"name": "a", "__proto__": {"x": 1}}]}}');
    expect(findUnsafeShape(value)).toEqual({
      kind: 'forbidden_key',
      key: '__proto__',
      path: '$.payload.headers[0]',
    });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('spells the path of a problem through arrays and objects, and passes the leaves around it', () => {
    const value = { a: ['x', { b: [1, null, true, { c: 10n }] }], d: 'e' };
    expect(findUnsafeShape(value)).toEqual({ kind: 'not_plain', path: '$.a[1].b[3].c' });
  });

  it(`allows ${MAX_DEPTH} levels of nesting and refuses one more`, () => {
    expect(findUnsafeShape(nestObjects(MAX_DEPTH))).toBeNull();
    expect(findUnsafeShape(nestObjects(MAX_DEPTH + 1))).toMatchObject({ kind: 'too_deep' });
  });

  it('refuses 10 000-deep objects and arrays without overflowing the stack', () => {
    expect(() => findUnsafeShape(nestObjects(10_000))).not.toThrow();
    expect(findUnsafeShape(nestObjects(10_000))).toMatchObject({ kind: 'too_deep' });
    expect(findUnsafeShape(nestArrays(10_000))).toMatchObject({ kind: 'too_deep' });
  });

  it.each([
    ['a Date', new Date(0)],
    ['a Map', new Map([['a', 1]])],
    ['a RegExp', /x/],
    ['a class instance', new (class Thing {})()],
    ['a function', () => 1],
    ['a symbol', Symbol('s')],
    ['a bigint', 10n],
  ])('refuses %s as a nested value', (_label, value) => {
    expect(findUnsafeShape({ payload: { value } })).toEqual({
      kind: 'not_plain',
      path: '$.payload.value',
    });
  });
});

describe('describeUnsafeFile', () => {
  it('names the key and where it is, without the $ root', () => {
    const problem = findUnsafeShape(JSON.parse('{"info":{"__proto__":{"x":1}}}'));
    expect(problem).not.toBeNull();
    const text = describeUnsafeFile(problem as NonNullable<typeof problem>);
    expect(text).toContain('"__proto__" at info;');
    expect(text).not.toContain('$');
  });

  it('says how deep a file may be nested, and "the top level" for the root', () => {
    expect(describeUnsafeFile({ kind: 'too_deep', path: '$.a[0]' })).toBe(
      `The file is nested more than ${MAX_DEPTH} levels deep (at a[0]); a collection file never is.`,
    );
    expect(describeUnsafeFile({ kind: 'not_plain', path: '$' })).toBe(
      'The file contains a value that is not plain JSON data at the top level.',
    );
  });
});
