/**
 * A Postman test script read back as assertions and answer variables, where it maps: every line
 * of a script our export wrote (postman-test-script.ts), and the simple forms people write by
 * hand: `pm.response.to.have.status(200)`, `pm.expect(pm.response.code).to.eql(200)`,
 * `pm.expect(pm.response.json().a.b[0]).to.eql("x")` and
 * `pm.environment.set("id", pm.response.json().id)` (or collectionVariables, variables, globals).
 * Nothing is run: each line is matched against these shapes, and what reads no expression we
 * know is left out (the import's notes say a script was not imported). Bounded: MAX_SCRIPT_LINES
 * lines, each up to MAX_LINE characters.
 */
import { parseExpression } from '../../checks/answer-expression';
import { MAX_CHECKS, MAX_TEXT, VARIABLE_NAME_PATTERN } from '../../collections/collection-schema';
import {
  type AnswerVariable,
  ASSERTION_OPERATORS,
  type Assertion,
  type AssertionOperator,
} from '../../collections/model';
import { isObject, type JsonObject, scriptLines, textOf } from '../importing/untrusted-json';
import { TEST_SCRIPT_MARKER } from './postman-test-script';

const MAX_SCRIPT_LINES = 5_000;
const MAX_LINE = 4_096;

export interface ReadChecks {
  assertions: Assertion[];
  answerVariables: AnswerVariable[];
  /** Whether every line was understood (a script our export wrote is). */
  complete: boolean;
}

const JSON_STRING = String.raw`"(?:[^"\\]|\\.)*"`;
/** Built once: a thousand requests' scripts are read line by line. */
const TEST_LINE = new RegExp(`^pm\\.test\\((${JSON_STRING}), function \\(\\) \\{$`);
const CARRIED_LINE = new RegExp(
  `^(?:carry\\(|pm\\.(?:environment|collectionVariables|variables|globals)\\.set\\()(${JSON_STRING}), (.+)\\);$`,
);
const OPERATORS: ReadonlySet<string> = new Set(ASSERTION_OPERATORS);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/** `res.body` and a path read from a JSON array of keys and indexes, as the export writes it. */
function bodyExpression(steps: unknown): string | null {
  if (!Array.isArray(steps)) return null;
  let expression = 'res.body';
  for (const step of steps) {
    if (typeof step === 'number' && Number.isInteger(step) && step >= 0) expression += `[${step}]`;
    else if (typeof step === 'string') {
      expression += /^[A-Za-z0-9_$]+$/.test(step) ? `.${step}` : `[${JSON.stringify(step)}]`;
    } else return null;
  }
  return expression;
}

/** The expression a JavaScript accessor of our export (or a plain `pm.response` one) reads. */
function expressionOf(code: string): string | null {
  const text = code.trim();
  if (text === 'pm.response.code') return 'res.status';
  if (text === 'pm.response.responseTime') return 'res.responseTime';
  if (text === 'pm.response.headers.toObject()') return 'res.headers';
  const header = new RegExp(`^pm\\.response\\.headers\\.get\\((${JSON_STRING})\\)$`).exec(text);
  if (header) {
    const name = parseJson(header[1] as string);
    return typeof name === 'string' ? `res.headers[${JSON.stringify(name)}]` : null;
  }
  const read = /^read\((\[.*\])\)$/.exec(text);
  if (read) return bodyExpression(parseJson(read[1] as string));
  const json = /^pm\.response\.json\(\)(.*)$/.exec(text);
  if (json) return `res.body${json[1]}`;
  return null;
}

const known = (expression: string | null): expression is string =>
  expression !== null && parseExpression(expression).ok;

/** Operator and value from an exported test's title ("res.status eq 200"), after its expression. */
function fromTitle(title: string): { operator: AssertionOperator; value: string } | null {
  for (let at = title.indexOf(' '); at >= 0; at = title.indexOf(' ', at + 1)) {
    if (!parseExpression(title.slice(0, at)).ok) continue;
    const rest = title.slice(at + 1);
    const space = rest.indexOf(' ');
    const operator = space < 0 ? rest : rest.slice(0, space);
    if (OPERATORS.has(operator)) {
      return {
        operator: operator as AssertionOperator,
        value: space < 0 ? '' : rest.slice(space + 1),
      };
    }
  }
  return null;
}

/** A JavaScript literal written by hand (`200`, `"ok"`, `true`) as an assertion value. */
function literalValue(code: string): string | null {
  const parsed = parseJson(code.trim());
  if (typeof parsed === 'string') return JSON.stringify(parsed);
  if (typeof parsed === 'number' || typeof parsed === 'boolean' || parsed === null)
    return String(parsed);
  return null;
}

const assertion = (expression: string, operator: AssertionOperator, value: string): Assertion => ({
  expression,
  operator,
  value,
  enabled: true,
});

export function readTestScript(lines: readonly string[]): ReadChecks {
  const assertions: Assertion[] = [];
  const answerVariables: AnswerVariable[] = [];
  const ours = lines[0] === TEST_SCRIPT_MARKER;
  let complete = lines.length <= MAX_SCRIPT_LINES;
  const shown = lines.slice(0, MAX_SCRIPT_LINES);
  for (const [index, raw] of shown.entries()) {
    const line = raw.length > MAX_LINE ? '' : raw.trim();
    const test = TEST_LINE.exec(line);
    const actual = /^const actual = (.+);$/.exec((shown[index + 1] ?? '').trim());
    if (test && actual) {
      const title = parseJson(test[1] as string);
      const expression = expressionOf(actual[1] as string);
      const rest = typeof title === 'string' ? fromTitle(title) : null;
      if (known(expression) && rest !== null) {
        assertions.push(assertion(expression, rest.operator, rest.value));
        continue;
      }
    }
    const carried = CARRIED_LINE.exec(line);
    if (carried) {
      const name = parseJson(carried[1] as string);
      const expression = expressionOf(carried[2] as string);
      if (typeof name === 'string' && VARIABLE_NAME_PATTERN.test(name) && known(expression)) {
        answerVariables.push({ name, expression, enabled: true });
        continue;
      }
    }
    const status =
      /^pm\.response\.to\.have\.status\((\d{3})\);?$/.exec(line) ??
      /^pm\.expect\(pm\.response\.code\)\.to\.(?:eql|equal)\((\d{3})\);?$/.exec(line);
    if (status) {
      assertions.push(assertion('res.status', 'eq', status[1] as string));
      continue;
    }
    const expected =
      /^pm\.expect\((pm\.response\.json\(\)[^)]*)\)\.to\.(?:eql|equal)\((.+)\);?$/.exec(line);
    if (expected) {
      const expression = expressionOf(expected[1] as string);
      const value = literalValue(expected[2] as string);
      if (known(expression) && value !== null && value.length <= MAX_TEXT) {
        assertions.push(assertion(expression, 'eq', value));
        continue;
      }
    }
    // Our own script's other lines (its helpers, the bodies of tests read above) are expected;
    // a test it wrote for an expression it could not read is not.
    if (line.startsWith('pm.test(') || (!ours && line !== '' && !/^[});]*$/.test(line))) {
      complete = false;
    }
  }
  return {
    assertions: assertions.slice(0, MAX_CHECKS),
    answerVariables: answerVariables.slice(0, MAX_CHECKS),
    complete: complete && assertions.length <= MAX_CHECKS && answerVariables.length <= MAX_CHECKS,
  };
}

/** The checks of an item's test scripts (its `event` list), as a saved request's fields. */
/** What the import has read of each test script entry: the summary's note and the checks ask both. */
const readEntries = new WeakMap<object, ReadChecks>();

/** `readTestScript` of a `test` event entry, read once however often it is asked. */
export function readTestEntry(entry: JsonObject): ReadChecks {
  let read = readEntries.get(entry);
  if (read === undefined) {
    read = readTestScript(scriptLines(entry));
    readEntries.set(entry, read);
  }
  return read;
}

export function testChecksOf(event: unknown): {
  assertions?: Assertion[];
  answerVariables?: AnswerVariable[];
} {
  if (!Array.isArray(event)) return {};
  const assertions: Assertion[] = [];
  const answerVariables: AnswerVariable[] = [];
  for (const entry of event) {
    if (!isObject(entry) || textOf(entry.listen) !== 'test') continue;
    const read = readTestEntry(entry);
    assertions.push(...read.assertions);
    answerVariables.push(...read.answerVariables);
  }
  return {
    ...(assertions.length > 0 ? { assertions: assertions.slice(0, MAX_CHECKS) } : {}),
    ...(answerVariables.length > 0
      ? { answerVariables: answerVariables.slice(0, MAX_CHECKS) }
      : {}),
  };
}
