/**
 * The values an expression reads from an answer. The body is parsed once (JSON when it is JSON,
 * else its text); keys are looked up as the object's own data only, so `__proto__`,
 * `constructor` or `toString` find nothing unless the answer itself has such a key. Header names
 * are matched whatever their case; repeated headers read as one value joined by ", ".
 */
import type { NameValue } from '../vocabulary/terms';
import type { AnswerExpression, PathStep } from './answer-expression';

/** What the checks read of an answer (an HttpExchange has all of it). */
export interface CheckedAnswer {
  status: number;
  headers: readonly NameValue[];
  bodyText: string;
  durationMs: number;
}

/** An answer ready to be read many times: the body parsed once. */
export interface ReadableAnswer {
  status: number;
  headers: readonly NameValue[];
  body: unknown;
  responseTime: number;
}

/** The body as JSON when it is JSON, else as text (as Bruno's `res.body` is). */
function parseBody(text: string): unknown {
  const start = text.trimStart()[0];
  if (start === undefined) return text;
  // Only text that can be JSON is parsed: a megabyte of HTML need not be tried.
  if (!'{["-0123456789tfn'.includes(start)) return text;
  try {
    return JSON.parse(text);
  } catch (error) {
    if (error instanceof SyntaxError) return text;
    throw error;
  }
}

export function readableAnswer(answer: CheckedAnswer): ReadableAnswer {
  return {
    status: answer.status,
    headers: answer.headers,
    body: parseBody(answer.bodyText),
    responseTime: answer.durationMs,
  };
}

/** An object's own data property, never an inherited or computed one. */
function ownValue(container: unknown, step: PathStep): unknown {
  if (container === null || typeof container !== 'object') return undefined;
  if ('index' in step) {
    return Array.isArray(container) ? (container as unknown[])[step.index] : undefined;
  }
  // Arrays are read by index only; `length` and friends are not data of the answer.
  if (Array.isArray(container)) {
    return /^\d{1,9}$/.test(step.key) ? (container as unknown[])[Number(step.key)] : undefined;
  }
  const descriptor = Object.getOwnPropertyDescriptor(container, step.key);
  return descriptor !== undefined && 'value' in descriptor ? descriptor.value : undefined;
}

function headerValue(headers: readonly NameValue[], name: string | null): unknown {
  if (name === null) {
    const all: Record<string, string> = Object.create(null);
    for (const header of headers) {
      const key = header.name.toLowerCase();
      all[key] = key in all ? `${all[key]}, ${header.value}` : header.value;
    }
    return all;
  }
  const values = headers
    .filter((header) => header.name.toLowerCase() === name)
    .map((header) => header.value);
  return values.length === 0 ? undefined : values.join(', ');
}

/** The value the expression names in the answer; `undefined` when there is none. */
export function readValue(expression: AnswerExpression, answer: ReadableAnswer): unknown {
  switch (expression.part) {
    case 'status':
      return answer.status;
    case 'responseTime':
      return answer.responseTime;
    case 'headers':
      return headerValue(answer.headers, expression.name);
    case 'body': {
      let value = answer.body;
      for (const step of expression.path) {
        value = ownValue(value, step);
        if (value === undefined) return undefined;
      }
      return value;
    }
  }
}
