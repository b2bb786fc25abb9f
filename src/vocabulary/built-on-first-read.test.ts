import { describe, expect, it } from 'vitest';
import { builtOnFirstRead } from './built-on-first-read';

describe('builtOnFirstRead', () => {
  it('builds a value only when it is first read, and once', () => {
    const built: string[] = [];
    const table = builtOnFirstRead({
      a: () => {
        built.push('a');
        return { name: 'a' };
      },
      b: () => {
        built.push('b');
        return { name: 'b' };
      },
    });
    expect(built).toEqual([]);
    const first = table.a;
    expect(built).toEqual(['a']);
    expect(table.a).toBe(first);
    expect(built).toEqual(['a']);
    expect(table.b).toEqual({ name: 'b' });
    expect(built).toEqual(['a', 'b']);
  });

  it('lists every key as its own before any is built', () => {
    const table = builtOnFirstRead({ a: () => 1, b: () => 2 });
    expect(Object.keys(table)).toEqual(['a', 'b']);
    expect(Object.hasOwn(table, 'b')).toBe(true);
    expect(Object.hasOwn(table, 'c')).toBe(false);
    expect(Object.hasOwn(table, 'toString')).toBe(false);
  });

  it('keeps a built value: it cannot be written over', () => {
    const table = builtOnFirstRead({ a: () => 1 });
    expect(table.a).toBe(1);
    expect(() => {
      (table as { a: number }).a = 2;
    }).toThrow(TypeError);
    expect(table.a).toBe(1);
  });
});
