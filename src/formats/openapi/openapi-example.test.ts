import { describe, expect, it } from 'vitest';
import { exampleFromSchema, newExampleBudget } from './openapi-example';

const AT = '#/components/schemas/X';

function example(schema: unknown, forRequest = true) {
  return exampleFromSchema(schema, AT, forRequest).value;
}

describe('exampleFromSchema', () => {
  it('takes the schema’s own example, then examples[0], const, default, the first enum value', () => {
    expect(example({ type: 'string', example: 'given', default: 'd' })).toBe('given');
    expect(example({ type: 'string', examples: ['first', 'second'] })).toBe('first');
    expect(example({ const: 'fixed' })).toBe('fixed');
    expect(example({ type: 'integer', default: 5 })).toBe(5);
    expect(example({ type: 'string', enum: ['a', 'b'] })).toBe('a');
    expect(example({ type: 'object', example: null })).toBeNull();
  });

  it('makes values by type and format within the schema’s bounds', () => {
    expect(example({ type: 'string', format: 'date-time' })).toBe('2024-01-01T00:00:00Z');
    expect(example({ type: 'string', format: 'email' })).toBe('user@example.com');
    expect(example({ type: 'string', minLength: 8 })).toBe('stringxx');
    expect(example({ type: 'string', maxLength: 3 })).toBe('str');
    expect(example({ type: 'integer', minimum: 3, maximum: 9 })).toBe(3);
    expect(example({ type: 'number', exclusiveMinimum: 0 })).toBe(1);
    expect(example({ type: 'boolean' })).toBe(true);
    expect(example({ type: ['null', 'integer'] })).toBe(0);
    expect(example({ type: 'null' })).toBeNull();
  });

  it('keeps only required properties, in the order of `properties`, without read-only ones in requests', () => {
    const schema = {
      type: 'object',
      required: ['b', 'a', 'id', 'missing'],
      properties: {
        id: { type: 'integer', readOnly: true },
        a: { type: 'string' },
        b: { type: 'array', items: { type: 'integer' } },
        optional: { type: 'string' },
        secret: { type: 'string', writeOnly: true },
      },
    };
    expect(example(schema)).toEqual({ a: 'string', b: [0] });
    expect(example({ ...schema, required: ['id', 'secret'] }, false)).toEqual({ id: 0 });
    expect(example({ type: 'object', properties: { a: { type: 'string' } } })).toEqual({});
    expect(
      example({
        type: 'array',
        items: { type: 'object', required: ['x'], properties: { x: { type: 'string' } } },
      }),
    ).toEqual([{ x: 'string' }]);
  });

  it('merges allOf members, nested ones too, with `required` across members', () => {
    const base = {
      type: 'object',
      properties: { id: { type: 'string' }, name: { type: 'string' } },
    };
    const schema = {
      allOf: [
        base,
        {
          allOf: [
            { required: ['name'] },
            { type: 'object', required: ['size'], properties: { size: { type: 'integer' } } },
          ],
        },
      ],
      required: ['id'],
    };
    expect(example(schema)).toEqual({ id: 'string', name: 'string', size: 0 });
    expect(example({ allOf: [{ type: 'string', enum: ['active'] }], description: 'Status' })).toBe(
      'active',
    );
  });

  it('takes the first oneOf/anyOf choice that gives a value, null-only choices last', () => {
    expect(example({ oneOf: [{ type: 'null' }, { type: 'integer' }] })).toBe(0);
    expect(example({ anyOf: [{ type: 'string', format: 'uuid' }, { type: 'integer' }] })).toBe(
      '3fa85f64-5717-4562-b3fc-2c963f66afa6',
    );
    expect(
      example({
        type: 'object',
        required: ['kind'],
        properties: { kind: { type: 'string' } },
        oneOf: [{ required: ['card'], properties: { card: { type: 'string', example: '4242' } } }],
      }),
    ).toEqual({ kind: 'string', card: '4242' });
  });

  it('cuts a cycle where the schema repeats, and says so', () => {
    const node: Record<string, unknown> = {
      type: 'object',
      required: ['name', 'children', 'parent'],
    };
    node.properties = {
      name: { type: 'string' },
      children: { type: 'array', items: node },
      parent: node,
    };
    const built = exampleFromSchema(node, AT);
    expect(built.value).toEqual({ name: 'string', children: [] });
    expect(built.cycle).toBe(true);
    // The resolver copies a target's fields into each $ref site: a copy sharing `properties`.
    const site = { ...node };
    (node.properties as Record<string, unknown>).parent = site;
    expect(exampleFromSchema(node, AT).value).toEqual({ name: 'string', children: [] });
  });

  it('stays within its budget when every property is the same large schema', () => {
    let level: Record<string, unknown> = { type: 'string' };
    for (let depth = 0; depth < 10; depth++) {
      const properties: Record<string, unknown> = {};
      for (let i = 0; i < 10; i++) properties[`p${i}`] = level;
      level = { type: 'object', required: Object.keys(properties), properties };
    }
    const started = performance.now();
    const built = exampleFromSchema(level, AT);
    // 10^10 leaves unbounded; a few milliseconds within the budget, 5 s even on a loaded CI run.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(built.truncated).toBe(true);
    expect(JSON.stringify(built.value).length).toBeLessThan(200_000);
    const budget = { nodes: 5 };
    expect(exampleFromSchema(level, AT, true, budget).truncated).toBe(true);
    expect(budget.nodes).toBeLessThan(0);
    expect(newExampleBudget().nodes).toBeGreaterThan(100_000);
  });

  it('reports $refs left in place: other files as external, local ones as broken with their place', () => {
    const schema = {
      type: 'object',
      required: ['a', 'b'],
      properties: { a: { $ref: 'other.yaml#/A' }, b: { $ref: '#/info/title' } },
    };
    const built = exampleFromSchema(schema, AT);
    expect(built.value).toEqual({});
    expect(built.external).toBe(true);
    expect(built.broken).toEqual({ at: `${AT}/properties/b`, ref: '#/info/title' });
  });

  it('never defines a property through a prototype setter', () => {
    const properties = JSON.parse('{"__proto__": {"type": "string"}}');
    const value = example({ type: 'object', required: ['__proto__'], properties }) as object;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__']);
  });
});
