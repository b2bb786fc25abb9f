/**
 * The value a parameter is sent with: its example or default, in OpenAPI 3 (`example`,
 * `examples`, `schema`, `content`) or Swagger 2.0 (`x-example`, the schema keywords on the
 * parameter itself), as the texts of its rows. Texts never exceed a row's limit.
 */
import { MAX_ROWS, MAX_TEXT } from '../../collections/collection-schema';
import { isObject, type JsonObject } from '../importing/untrusted-json';
import { compactJson } from './openapi-json-text';

const SWAGGER_SEPARATORS: Record<string, string> = { csv: ',', ssv: ' ', tsv: '\t', pipes: '|' };

export interface ParameterValue {
  /** From an example or a default: worth sending even when the parameter is optional. */
  given: boolean;
  value: unknown;
}

function firstExampleValue(examples: unknown): ParameterValue | null {
  if (!isObject(examples)) return null;
  for (const name of Object.keys(examples)) {
    const example = examples[name];
    if (isObject(example) && Object.hasOwn(example, 'value'))
      return { given: true, value: example.value };
  }
  return null;
}

function schemaValue(schema: unknown): ParameterValue | null {
  if (!isObject(schema)) return null;
  if (Object.hasOwn(schema, 'example')) return { given: true, value: schema.example };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) {
    return { given: true, value: schema.examples[0] };
  }
  if (Object.hasOwn(schema, 'default')) return { given: true, value: schema.default };
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return { given: false, value: schema.enum[0] };
  return null;
}

/** The example or default of a parameter, OpenAPI 3 or Swagger 2.0 (`x-example`, top-level `default`). */
export function parameterValue(parameter: JsonObject): ParameterValue {
  if (Object.hasOwn(parameter, 'example')) return { given: true, value: parameter.example };
  if (Object.hasOwn(parameter, 'x-example')) return { given: true, value: parameter['x-example'] };
  const found =
    firstExampleValue(parameter.examples) ??
    schemaValue(parameter.schema) ??
    (isObject(parameter.content)
      ? (() => {
          const [first] = Object.values(parameter.content);
          if (!isObject(first)) return null;
          if (Object.hasOwn(first, 'example')) return { given: true, value: first.example };
          return firstExampleValue(first.examples) ?? schemaValue(first.schema);
        })()
      : null) ??
    // Swagger 2.0 keeps the schema keywords on the parameter itself.
    schemaValue(parameter);
  return found ?? { given: false, value: undefined };
}

/** A value as parameter text; null when its JSON would not fit a row. */
function scalarText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return '';
  return compactJson(value, MAX_TEXT);
}

/**
 * The texts a value is sent as: one row per item of an exploded list (OpenAPI 3's default for
 * query parameters, Swagger's `collectionFormat: multi`), else the items joined. Null when a
 * text would be longer than a row may be.
 */
export function valueTexts(parameter: JsonObject, value: unknown): string[] | null {
  if (!Array.isArray(value)) {
    const text = scalarText(value);
    return text === null ? null : [text];
  }
  const format = typeof parameter.collectionFormat === 'string' ? parameter.collectionFormat : null;
  const style = parameter.style;
  const explode =
    format !== null
      ? format === 'multi'
      : parameter.in === 'query' &&
        parameter.explode !== false &&
        style !== 'spaceDelimited' &&
        style !== 'pipeDelimited';
  // More items than a request has rows are not worth reading.
  const texts = value.slice(0, MAX_ROWS + 1).map(scalarText);
  if (texts.some((text) => text === null)) return null;
  if (explode) return texts as string[];
  const separator =
    format !== null
      ? (SWAGGER_SEPARATORS[format] ?? ',')
      : style === 'spaceDelimited'
        ? ' '
        : style === 'pipeDelimited'
          ? '|'
          : ',';
  const joined = texts.join(separator);
  return joined.length > MAX_TEXT ? null : [joined];
}
