/**
 * The plain values of a schema for an example: the value the schema states itself (`example`,
 * `examples`, `const`, `default`, `enum`), its type as one name, and a value made from a type and
 * its bounds (a date-time for `format: date-time`, the minimum of a number, …). No recursion.
 */
import { isObject, type JsonObject } from '../importing/untrusted-json';

const STRING_FORMATS: Record<string, string> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '00:00:00Z',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  iri: 'https://example.com',
  'uri-reference': '/',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'ZXhhbXBsZQ==',
  binary: '',
  password: '',
};

/** A schema's own value for an example: `example`, the first of `examples`, `const`, `default`, the first `enum`. */
export function explicitValue(schema: JsonObject): { found: boolean; value?: unknown } {
  if (Object.hasOwn(schema, 'example')) return { found: true, value: schema.example };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) {
    return { found: true, value: schema.examples[0] };
  }
  if (Object.hasOwn(schema, 'const')) return { found: true, value: schema.const };
  if (Object.hasOwn(schema, 'default')) return { found: true, value: schema.default };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    return { found: true, value: schema.enum[0] };
  }
  return { found: false };
}

/** `type` as one name: the first that is not "null" of a 3.1 type list, or read from the keywords. */
export function schemaType(schema: JsonObject): string | null {
  const { type } = schema;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) {
    const named = type.find((entry) => typeof entry === 'string' && entry !== 'null');
    if (typeof named === 'string') return named;
    return type.includes('null') ? 'null' : null;
  }
  if (isObject(schema.properties) || Array.isArray(schema.required)) return 'object';
  if (schema.items !== undefined || Array.isArray(schema.prefixItems)) return 'array';
  return null;
}

function numberOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function numberExample(schema: JsonObject, integer: boolean): number {
  const minimum = numberOf(schema.minimum);
  const exclusive = numberOf(schema.exclusiveMinimum);
  const maximum = numberOf(schema.maximum);
  let value = 0;
  if (minimum !== null) value = schema.exclusiveMinimum === true ? minimum + 1 : minimum;
  else if (exclusive !== null) value = exclusive + 1;
  if (maximum !== null && value > maximum) value = maximum;
  return integer ? Math.ceil(value) : value;
}

export function stringExample(schema: JsonObject): string {
  const format = typeof schema.format === 'string' ? schema.format : '';
  let value = STRING_FORMATS[format] ?? 'string';
  const minLength = numberOf(schema.minLength);
  const maxLength = numberOf(schema.maxLength);
  if (minLength !== null && value.length < minLength)
    value = value.padEnd(Math.min(minLength, 1_000), 'x');
  if (maxLength !== null && value.length > maxLength)
    value = value.slice(0, Math.max(0, maxLength));
  return value;
}
