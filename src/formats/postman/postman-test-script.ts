/**
 * A saved request's assertions and answer variables as a Postman test script that newman runs
 * (`event: [{ listen: 'test' }]`): one `pm.test` per enabled assertion, deciding as our evaluator
 * does (src/checks/assertion-operators.ts), and `pm.collectionVariables.set` for each answer
 * variable, so the next request's `{{orderId}}` has it. The script is built from the parsed
 * expression and the parsed operand, written as JSON literals: no text of the user is ever pasted
 * into the code. A value that names variables (`eq {{orderId}}`) is resolved when the test runs,
 * with `pm.variables.replaceIn`, and read as our evaluator reads it (`operand`); the answer's own
 * variables are set before the tests, as ours are. An expression we cannot read becomes a test
 * that fails with the reason.
 */
import { parseExpression } from '../../checks/answer-expression';
import { parseList, parseOperand } from '../../checks/assertion-operand';
import type { AnswerVariable, Assertion, SavedRequest } from '../../collections/model';

/** The line of the script's `carry` helper that stores a value (the v3 export widens it). */
export const CARRY_SET_LINE =
  '  pm.collectionVariables.set(name, typeof value === "string" ? value : JSON.stringify(value));';

const literal = (value: unknown): string =>
  value === undefined ? 'undefined' : JSON.stringify(value);

/** The JavaScript that reads an expression from `pm.response` (with `body` parsed once). */
function accessor(expression: string): { code: string } | { problem: string } {
  const parsed = parseExpression(expression);
  if (!parsed.ok) return { problem: parsed.problem };
  const value = parsed.value;
  switch (value.part) {
    case 'status':
      return { code: 'pm.response.code' };
    case 'responseTime':
      return { code: 'pm.response.responseTime' };
    case 'headers':
      return {
        code:
          value.name === null
            ? 'pm.response.headers.toObject()'
            : `pm.response.headers.get(${literal(value.name)})`,
      };
    case 'body':
      return {
        code: `read(${literal(value.path.map((step) => ('index' in step ? step.index : step.key)))})`,
      };
  }
}

/** A value that names variables is read when the test runs, once they are known. */
const atRunTime = (value: string) => value.includes('{{');
const resolved = (value: string) => `pm.variables.replaceIn(${literal(value)})`;

/** The check an operator makes on `actual`, as JavaScript (the same verdicts as ours). */
function predicate(operator: Assertion['operator'], value: string): string {
  const v = () => (atRunTime(value) ? `operand(${resolved(value)})` : literal(parseOperand(value)));
  const listed = () =>
    atRunTime(value) ? `operands(${resolved(value)})` : literal(parseList(value));
  const text = 'typeof actual === "string"';
  const list = 'Array.isArray(actual)';
  switch (operator) {
    case 'eq':
      return `actual === ${v()}`;
    case 'neq':
      return `actual !== ${v()}`;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const sign = { gt: '>', gte: '>=', lt: '<', lte: '<=' }[operator];
      return `typeof actual === "number" && typeof ${v()} === "number" && actual ${sign} ${v()}`;
    }
    case 'in':
      return `${listed()}.includes(actual)`;
    case 'notIn':
      return `!${listed()}.includes(actual)`;
    case 'contains':
      return `(${text} && actual.includes(String(${v()}))) || (${list} && actual.includes(${v()}))`;
    case 'notContains':
      return `(${text} && !actual.includes(String(${v()}))) || (${list} && !actual.includes(${v()}))`;
    case 'startsWith':
      return `${text} && actual.startsWith(String(${v()}))`;
    case 'endsWith':
      return `${text} && actual.endsWith(String(${v()}))`;
    case 'matches':
    case 'notMatches': {
      const pattern = atRunTime(value) ? resolved(value) : literal(value);
      const test = `new RegExp(${pattern}).test(String(actual))`;
      const readable = `["string", "number", "boolean"].includes(typeof actual)`;
      return operator === 'matches' ? `${readable} && ${test}` : `${readable} && !${test}`;
    }
    case 'length':
      return `(${text} || ${list}) && actual.length === ${v()}`;
    case 'between': {
      if (atRunTime(value)) {
        const bounds = `${listed()}`;
        return `typeof actual === "number" && ((b) => b.length === 2 && typeof b[0] === "number" && typeof b[1] === "number" && actual >= b[0] && actual <= b[1])(${bounds})`;
      }
      const [low, high] = parseList(value);
      return `typeof actual === "number" && actual >= ${literal(low)} && actual <= ${literal(high)}`;
    }
    case 'isNumber':
      return 'typeof actual === "number"';
    case 'isString':
      return text;
    case 'isBoolean':
      return 'typeof actual === "boolean"';
    case 'isJson':
      return `actual !== null && typeof actual === "object" && !${list}`;
    case 'isNull':
      return 'actual === null';
    case 'isUndefined':
      return 'actual === undefined';
    case 'isDefined':
      return 'actual !== undefined';
    case 'isEmpty':
      return `isEmpty(actual) === true`;
    case 'isNotEmpty':
      return `isEmpty(actual) === false`;
    case 'isTruthy':
      return 'Boolean(actual)';
    case 'isFalsy':
      return '!actual';
  }
}

/** Shared by every test of a request: the body read once, own keys only, emptiness. */
const PRELUDE = [
  'let body;',
  'try { body = pm.response.json(); } catch (error) { body = pm.response.text(); }',
  'function own(value, key) {',
  '  if (value === null || typeof value !== "object") return undefined;',
  '  if (Array.isArray(value)) return /^\\d+$/.test(String(key)) ? value[Number(key)] : undefined;',
  '  return Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;',
  '}',
  'function read(path) {',
  '  return path.reduce((value, key) => own(value, key), body);',
  '}',
  'function carry(name, value) {',
  '  if (value === undefined) return;',
  CARRY_SET_LINE,
  '}',
  // As src/checks/assertion-operand.ts reads a value: numbers, true/false/null/undefined, quoted text.
  'function operand(text) {',
  '  const value = text.trim();',
  '  if (/^-?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?$/.test(value)) return Number(value);',
  '  const named = { true: true, false: false, null: null, undefined: undefined };',
  '  if (Object.prototype.hasOwnProperty.call(named, value)) return named[value];',
  '  const quote = value[0];',
  '  if ((quote === "\\"" || quote === "\'") && value.length >= 2 && value.endsWith(quote)) {',
  '    return value.slice(1, -1).replace(/\\\\(.)/g, "$1");',
  '  }',
  '  return value;',
  '}',
  'function operands(text) {',
  '  const parts = [];',
  '  let current = "";',
  '  let quote = null;',
  '  for (let at = 0; at < text.length; at += 1) {',
  '    const char = text[at];',
  '    if (quote !== null) {',
  '      current += char;',
  '      if (char === "\\\\" && at + 1 < text.length) { at += 1; current += text[at]; }',
  '      else if (char === quote) quote = null;',
  '    } else if (char === ",") { parts.push(current); current = ""; }',
  '    else { if (char === "\\"" || char === "\'") quote = char; current += char; }',
  '  }',
  '  parts.push(current);',
  '  return parts.map(operand);',
  '}',
  'function isEmpty(value) {',
  '  if (typeof value === "string" || Array.isArray(value)) return value.length === 0;',
  '  if (value !== null && typeof value === "object") return Object.keys(value).length === 0;',
  '  return null;',
  '}',
];

function assertionLines(assertion: Assertion): string[] {
  const title = `${assertion.expression} ${assertion.operator}${assertion.value === '' ? '' : ` ${assertion.value}`}`;
  const read = accessor(assertion.expression);
  if ('problem' in read) {
    return [
      `pm.test(${literal(title)}, function () { throw new Error(${literal(read.problem)}); });`,
    ];
  }
  return [
    `pm.test(${literal(title)}, function () {`,
    `  const actual = ${read.code};`,
    `  pm.expect(${predicate(assertion.operator, assertion.value)}, "found " + JSON.stringify(actual)).to.equal(true);`,
    '});',
  ];
}

function variableLines(variable: AnswerVariable): string[] {
  const read = accessor(variable.expression);
  if ('problem' in read) return [];
  return [`carry(${literal(variable.name)}, ${read.code});`];
}

/** The test script of a request, or null when it has no enabled check. */
/** The first line of every exported test script: how an import knows the script is ours. */
export const TEST_SCRIPT_MARKER =
  '// Checks written by Partner API DevTools (assertions and answer variables).';

export function testScriptLines(request: SavedRequest): string[] | null {
  const assertions = (request.assertions ?? []).filter((item) => item.enabled);
  const variables = (request.answerVariables ?? []).filter((item) => item.enabled);
  if (assertions.length === 0 && variables.length === 0) return null;
  return [
    TEST_SCRIPT_MARKER,
    ...PRELUDE,
    // Set first, as our checks (and Bruno's) set them: `eq {{orderId}}` sees this answer's value.
    ...variables.flatMap(variableLines),
    ...assertions.flatMap(assertionLines),
  ];
}
