/**
 * An answer checked against the response schemas its request kept from the OpenAPI operation it
 * was imported from (src/formats/openapi/openapi-responses.ts): its status must be one the
 * operation documents (the code, its range such as "2XX", or "default"), and its body must match
 * that response's JSON schema. Each failure is listed like an assertion: where (`res.body.data.id`)
 * and what was expected. The validator (@cfworker/json-schema: it interprets schemas, where one
 * that compiles them to code would need `eval`, which an extension page forbids) loads with the
 * first answer that has a schema to check.
 */
import type { ResponseSchemas } from '../collections/model';
import type { CheckedAnswer } from './answer-values';
import { describeValue } from './assertion-operand';

export interface SchemaFinding {
  /** Where in the answer, as an expression reads it: `res.status`, `res.body.items[0].id`. */
  path: string;
  expected: string;
  found: string;
}

export interface SchemaOutcome {
  /** The operation in the document ("GET /v1/orders/{orderId}"). */
  operation: string;
  /** The documented response the answer was checked against ("200", "2XX", "default"), if any. */
  status: string | null;
  findings: SchemaFinding[];
  /** Findings past MAX_FINDINGS, counted but not listed. */
  more: number;
}

/** Listed findings at most: a wrong answer to a large schema can fail in thousands of places. */
export const MAX_FINDINGS = 20;

/** Keywords whose failure only says that a part below failed; that part's own failure is listed. */
const SUMMARY_KEYWORDS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'allOf',
  '$ref',
  '$dynamicRef',
]);

/** The documented response for `status`: its code, then its range, then `default`. */
export function responseFor(
  schemas: ResponseSchemas,
  status: number,
): ResponseSchemas['responses'][number] | null {
  const keys = [String(status), `${String(status)[0]}XX`, 'default'];
  for (const key of keys) {
    const found = schemas.responses.find((item) => item.status === key);
    if (found !== undefined) return found;
  }
  return null;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/** `#/data/items/0/id` as `res.body.data.items[0].id`. */
export function bodyPath(pointer: string): string {
  const keys = pointer
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
  return keys.reduce((path, key) => {
    if (/^\d+$/.test(key)) return `${path}[${key}]`;
    return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
  }, 'res.body');
}

/** The value at a JSON pointer of the body, for "found …". */
function valueAt(body: unknown, pointer: string): unknown {
  let value = body;
  for (const raw of pointer.replace(/^#/, '').split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function parsedBody(text: string): { body: unknown } | null {
  try {
    return { body: JSON.parse(text) };
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
}

type Validate = (schema: unknown, draft: '4' | '2020-12', body: unknown) => ValidationUnit[];
interface ValidationUnit {
  keyword: string;
  instanceLocation: string;
  error: string;
}

let loaded: Promise<Validate> | null = null;

/** The validator, loaded once. */
function validator(): Promise<Validate> {
  loaded ??= import('@cfworker/json-schema').then(({ Validator }) => (schema, draft, body) => {
    const result = new Validator(schema as object, draft, false).validate(body);
    return result.valid ? [] : result.errors;
  });
  return loaded;
}

/** The leaf failures, in document order, each place and message once. */
function leafFindings(units: readonly ValidationUnit[], body: unknown): SchemaFinding[] {
  const seen = new Set<string>();
  const findings: SchemaFinding[] = [];
  for (const unit of units) {
    if (SUMMARY_KEYWORDS.has(unit.keyword)) continue;
    const key = `${unit.instanceLocation} ${unit.error}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push({
      path: bodyPath(unit.instanceLocation),
      expected: unit.error,
      found: describeValue(valueAt(body, unit.instanceLocation)),
    });
  }
  return findings;
}

/** The answer against the operation's documented responses. */
export async function checkResponseSchema(
  schemas: ResponseSchemas,
  answer: CheckedAnswer,
): Promise<SchemaOutcome> {
  const { operation } = schemas;
  const done = (status: string | null, findings: SchemaFinding[]): SchemaOutcome => ({
    operation,
    status,
    findings: findings.slice(0, MAX_FINDINGS),
    more: Math.max(0, findings.length - MAX_FINDINGS),
  });
  const response = responseFor(schemas, answer.status);
  if (response === null) {
    const documented = schemas.responses.map((item) => item.status).join(', ');
    return done(null, [
      {
        path: 'res.status',
        expected: `a status ${operation} documents (${documented})`,
        found: String(answer.status),
      },
    ]);
  }
  if (response.schema === '') return done(response.status, []);
  const parsed = parsedBody(answer.bodyText);
  if (parsed === null) {
    const found = answer.bodyText === '' ? 'no body' : 'a body that is not JSON';
    return done(response.status, [{ path: 'res.body', expected: 'a JSON body', found }]);
  }
  const schema = JSON.parse(response.schema) as unknown;
  const draft = schemas.dialect === 'openapi-3.1' ? '2020-12' : '4';
  let units: ValidationUnit[];
  try {
    units = (await validator())(schema, draft, parsed.body);
  } catch (error) {
    // A schema the validator cannot use (a `$ref` to another file, an unknown dialect): said as a
    // finding, so the answer is never reported as matching a schema that was not checked.
    const why = error instanceof Error ? error.message : String(error);
    return done(response.status, [
      { path: 'res.body', expected: `a schema that can be checked (${why})`, found: '—' },
    ]);
  }
  return done(response.status, leafFindings(units, parsed.body));
}
