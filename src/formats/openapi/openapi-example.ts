/**
 * A minimal example value built from a (dereferenced) OpenAPI or JSON Schema schema, for the body
 * of an imported request: the schema's own example when it has one, else its required properties
 * only, one item per array, the first choice of a `oneOf`/`anyOf`, the members of an `allOf`
 * merged, read-only properties left out of requests. Bounded whatever the schema: a schema that
 * refers to itself is cut where it repeats, and depth and size have a budget, so that a schema
 * whose parts fan out (each property the same large schema) cannot grow an example without end.
 */

import { isObject, type JsonObject } from '../importing/untrusted-json';
import { pointerTo } from './openapi-pointer';
import { explicitValue, numberExample, schemaType, stringExample } from './openapi-schema-values';

export interface SchemaExample {
  /** `undefined` when the schema gives nothing to show. */
  value: unknown;
  /** A schema referred to itself; the example stops where it would repeat. */
  cycle: boolean;
  /** Parts of the schema live in other files and were left out. */
  external: boolean;
  /** The schema was too deep or too large; the example was shortened. */
  truncated: boolean;
  /** A `$ref` within the document that leads to no schema: where it is, and what it names. */
  broken: { at: string; ref: string } | null;
}

const MAX_DEPTH = 24;
/** Schemas visited for one example: plenty for a real body, a bound for a hostile one. */
const MAX_NODES = 2_000;

/**
 * Schemas visited for all the examples of one import, shared by them: thousands of operations
 * whose bodies are the same large schema stay within a bound too.
 */
export interface ExampleBudget {
  nodes: number;
}

export function newExampleBudget(): ExampleBudget {
  return { nodes: 1_000_000 };
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // Keys come from the document's `properties`, which passed the prototype-key check; defined,
  // not assigned, all the same.
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

class ExampleBuilder {
  readonly outcome: Omit<SchemaExample, 'value'> = {
    cycle: false,
    external: false,
    truncated: false,
    broken: null,
  };
  private readonly ancestors = new Set<object>();
  private readonly keys: (string | number)[] = [];
  private nodes = 0;

  constructor(
    private readonly at: string,
    private readonly forRequest: boolean,
    private readonly budget: ExampleBudget,
  ) {}

  /** One more schema visited; false when this example or the import has visited enough. */
  private spend(): boolean {
    this.budget.nodes--;
    return ++this.nodes <= MAX_NODES && this.budget.nodes >= 0;
  }

  build(schema: unknown, depth: number): unknown {
    if (schema === true) return {};
    if (!isObject(schema)) return undefined;
    if (typeof schema.$ref === 'string') {
      this.noteReference(schema.$ref);
      return undefined;
    }
    const properties = isObject(schema.properties) ? schema.properties : null;
    // The resolver copies a target's fields into each $ref site, so a site and its target share
    // their `properties` object: either one seen before means the schema repeats.
    if (this.ancestors.has(schema) || (properties !== null && this.ancestors.has(properties))) {
      this.outcome.cycle = true;
      return undefined;
    }
    if (depth > MAX_DEPTH || !this.spend()) {
      this.outcome.truncated = true;
      return undefined;
    }
    const explicit = explicitValue(schema);
    if (explicit.found) return explicit.value;
    this.ancestors.add(schema);
    if (properties !== null) this.ancestors.add(properties);
    try {
      return this.byShape(schema, depth);
    } finally {
      this.ancestors.delete(schema);
      if (properties !== null) this.ancestors.delete(properties);
    }
  }

  /**
   * The resolver replaced every $ref it could follow: one left names another file, or a place in
   * this document that holds no schema.
   */
  private noteReference(ref: string): void {
    if (ref.startsWith('#')) this.outcome.broken ??= { at: pointerTo(this.at, ...this.keys), ref };
    else this.outcome.external = true;
  }

  private inside<T>(keys: readonly (string | number)[], read: () => T): T {
    this.keys.push(...keys);
    try {
      return read();
    } finally {
      this.keys.length -= keys.length;
    }
  }

  private byShape(schema: JsonObject, depth: number): unknown {
    if (!Array.isArray(schema.allOf) || schema.allOf.length === 0)
      return this.shapeOf(schema, depth);
    const { merged, members } = this.mergeAllOf(schema);
    const explicit = explicitValue(merged);
    if (explicit.found) return explicit.value;
    // The members stand for the merged schema in cycle checks while its parts are built.
    const added: object[] = [];
    for (const member of members) {
      for (const part of [member, member.properties]) {
        if (isObject(part) && !this.ancestors.has(part)) {
          this.ancestors.add(part);
          added.push(part);
        }
      }
    }
    try {
      return this.shapeOf(merged, depth);
    } finally {
      for (const part of added) this.ancestors.delete(part);
    }
  }

  /**
   * One schema from `schema` and its `allOf` members (nested ones too): properties and `required`
   * united, so that a member may require what another defines; any other keyword from the first
   * schema that has it, the parent first.
   */
  private mergeAllOf(schema: JsonObject): { merged: JsonObject; members: JsonObject[] } {
    const merged: JsonObject = {};
    const properties: JsonObject = {};
    const required: string[] = [];
    const members: JsonObject[] = [];
    const collect = (part: unknown, level: number) => {
      if (!isObject(part)) return;
      if (level > 0) {
        if (typeof part.$ref === 'string') {
          this.noteReference(part.$ref);
          return;
        }
        if (this.ancestors.has(part) || members.includes(part)) {
          this.outcome.cycle = true;
          return;
        }
        if (level > MAX_DEPTH || !this.spend()) {
          this.outcome.truncated = true;
          return;
        }
        members.push(part);
      }
      for (const key of Object.keys(part)) {
        const value = part[key];
        if (key === 'allOf') continue;
        if (key === 'properties' && isObject(value)) {
          for (const name of Object.keys(value)) setOwn(properties, name, value[name]);
        } else if (key === 'required') required.push(...stringsOf(value));
        else if (!Object.hasOwn(merged, key)) setOwn(merged, key, value);
      }
      if (Array.isArray(part.allOf)) {
        for (const [index, member] of part.allOf.entries()) {
          this.inside(['allOf', index], () => collect(member, level + 1));
        }
      }
    };
    collect(schema, 0);
    if (Object.keys(properties).length > 0) merged.properties = properties;
    if (required.length > 0) merged.required = required;
    return { merged, members };
  }

  /** The example of a schema's type, completed by the first workable choice of a oneOf/anyOf. */
  private shapeOf(schema: JsonObject, depth: number): unknown {
    const value = this.ofType(schema, depth);
    const keyword = Array.isArray(schema.oneOf)
      ? 'oneOf'
      : Array.isArray(schema.anyOf)
        ? 'anyOf'
        : null;
    if (keyword === null) return value;
    const chosen = this.firstChoice(schema[keyword] as unknown[], keyword, depth);
    if (isObject(value) && isObject(chosen)) return Object.assign(value, chosen);
    const empty = value === undefined || (isObject(value) && Object.keys(value).length === 0);
    return empty && chosen !== undefined ? chosen : value;
  }

  /** The first choice that gives a value, choices that are only `null` last. */
  private firstChoice(list: readonly unknown[], keyword: string, depth: number): unknown {
    const order = list
      .map((member, index) => ({ member, index }))
      .sort((a, b) => Number(isNullOnly(a.member)) - Number(isNullOnly(b.member)));
    for (const { member, index } of order) {
      const value = this.inside([keyword, index], () => this.build(member, depth + 1));
      if (value !== undefined) return value;
    }
    return undefined;
  }

  private ofType(schema: JsonObject, depth: number): unknown {
    switch (schemaType(schema)) {
      case 'object':
        return this.object(schema, depth);
      case 'array': {
        const items =
          schema.items ?? (Array.isArray(schema.prefixItems) ? schema.prefixItems[0] : undefined);
        const item = this.inside(['items'], () => this.build(items, depth + 1));
        return item === undefined ? [] : [item];
      }
      case 'string':
        return stringExample(schema);
      case 'integer':
        return numberExample(schema, true);
      case 'number':
        return numberExample(schema, false);
      case 'boolean':
        return true;
      case 'null':
        return null;
      default:
        return Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf) ? undefined : {};
    }
  }

  private object(schema: JsonObject, depth: number): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    if (!isObject(schema.properties)) return result;
    const properties = schema.properties;
    const required = new Set(stringsOf(schema.required));
    for (const name of Object.keys(properties)) {
      if (!required.has(name)) continue;
      const property = properties[name];
      if (isObject(property) && property[this.forRequest ? 'readOnly' : 'writeOnly'] === true)
        continue;
      const value = this.inside(['properties', name], () => this.build(property, depth + 1));
      if (value !== undefined) setOwn(result, name, value);
    }
    return result;
  }
}

function isNullOnly(schema: unknown): boolean {
  return (
    isObject(schema) &&
    (schema.type === 'null' ||
      (Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === 'null'))
  );
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((entry): entry is string => typeof entry === 'string')
    : [];
}

/**
 * An example for `schema`, found at the JSON pointer `at`. `forRequest` leaves read-only
 * properties out (a response example leaves write-only ones out).
 */
export function exampleFromSchema(
  schema: unknown,
  at: string,
  forRequest = true,
  budget: ExampleBudget = newExampleBudget(),
): SchemaExample {
  const builder = new ExampleBuilder(at, forRequest, budget);
  const value = builder.build(schema, 0);
  return { value, ...builder.outcome };
}
