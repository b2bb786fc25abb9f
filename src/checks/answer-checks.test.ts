import { describe, expect, it } from 'vitest';
import type { AnswerVariable, Assertion } from '../collections/model';
import { checkAnswer } from './answer-checks';
import type { CheckedAnswer } from './answer-values';
import { checksSummary } from './checks-summary';

const answer = (body: unknown, extra: Partial<CheckedAnswer> = {}): CheckedAnswer => ({
  status: 201,
  headers: [
    { name: 'Content-Type', value: 'application/json' },
    { name: 'Set-Cookie', value: 'a=1' },
    { name: 'set-cookie', value: 'b=2' },
  ],
  bodyText: typeof body === 'string' ? body : JSON.stringify(body),
  durationMs: 42,
  ...extra,
});

const assert = (expression: string, operator: Assertion['operator'], value = ''): Assertion => ({
  expression,
  operator,
  value,
  enabled: true,
});
const carry = (name: string, expression: string): AnswerVariable => ({
  name,
  expression,
  enabled: true,
});

const ORDER = { id: 'ord-77', total: 12.5, items: [{ sku: 'A1', qty: 2 }], 'odd key': { x: 1 } };

describe('checkAnswer', () => {
  it('checks the status, the time, headers and body paths, and says what it found', async () => {
    const outcome = await checkAnswer(
      {
        assertions: [
          assert('res.status', 'eq', '201'),
          assert('res.responseTime', 'lt', '1000'),
          assert('res.headers.content-type', 'contains', 'json'),
          assert('res.headers.set-cookie', 'eq', '"a=1, b=2"'),
          assert('res.body.items[0].sku', 'matches', '^A\\d$'),
          assert('res.body["odd key"].x', 'eq', '1'),
          assert('res.body.total', 'eq', '13'),
        ],
      },
      answer(ORDER),
    );
    expect(outcome.assertions.map((item) => item.passed)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(outcome.assertions[6]).toMatchObject({ found: '12.5', why: 'expected 13' });
    expect(checksSummary(outcome)).toBe('6 of 7 checks passed');
  });

  it('leaves out disabled checks, and has no summary without checks', async () => {
    const off = { ...assert('res.status', 'eq', '500'), enabled: false };
    const outcome = await checkAnswer({ assertions: [off] }, answer(ORDER));
    expect(outcome).toEqual({ assertions: [], carried: [] });
    expect(checksSummary(outcome)).toBeNull();
    expect(
      checksSummary(
        await checkAnswer({ assertions: [assert('res.status', 'eq', '201')] }, answer({})),
      ),
    ).toBe('1 of 1 check passed');
  });

  it('finds nothing on missing paths, and says so', async () => {
    const outcome = await checkAnswer(
      {
        assertions: [
          assert('res.body.missing.deeper[3]', 'isUndefined'),
          assert('res.body.items[5].sku', 'eq', '"A1"'),
          assert('res.body.id[0]', 'isDefined'),
          assert('res.headers.x-none', 'isDefined'),
          assert('res.body.items.length', 'eq', '1'),
        ],
      },
      answer(ORDER),
    );
    expect(outcome.assertions.map((item) => [item.passed, item.found])).toEqual([
      [true, 'undefined'],
      [false, 'undefined'],
      [false, 'undefined'],
      [false, 'undefined'],
      // A list's length is not data of the answer: use the length operator.
      [false, 'undefined'],
    ]);
  });

  it('reads a body that is not JSON as its text', async () => {
    const outcome = await checkAnswer(
      {
        assertions: [
          assert('res.body', 'startsWith', '<html'),
          assert('res.body.title', 'isUndefined'),
        ],
      },
      answer('<html><title>x</title></html>'),
    );
    expect(outcome.assertions.every((item) => item.passed)).toBe(true);
    const broken = await checkAnswer(
      { assertions: [assert('res.body', 'isString')] },
      answer('{"a":'),
    );
    expect(broken.assertions[0]?.passed).toBe(true);
  });

  it('never reaches into prototypes: __proto__, constructor and friends find nothing', async () => {
    const outcome = await checkAnswer(
      {
        assertions: [
          assert('res.body.constructor', 'isUndefined'),
          assert('res.body.__proto__', 'isUndefined'),
          assert('res.body.toString', 'isUndefined'),
          assert('res.body.items.constructor.name', 'isUndefined'),
          assert('res.body.id.length', 'isUndefined'),
          assert('res.headers.constructor', 'isUndefined'),
        ],
      },
      answer(ORDER),
    );
    expect(outcome.assertions.map((item) => item.passed)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads an own __proto__ key of the answer as data, without touching any prototype', async () => {
    const outcome = await checkAnswer(
      {
        assertions: [assert('res.body.__proto__.polluted', 'eq', 'true')],
        answerVariables: [carry('proto', 'res.body.__proto__')],
      },
      answer('{"__proto__": {"polluted": true}}'),
    );
    expect(outcome.assertions[0]?.passed).toBe(true);
    expect(outcome.carried[0]?.value).toBe('{"polluted":true}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('fails hostile expressions as checks, with the reason, and runs nothing', async () => {
    const outcome = await checkAnswer(
      {
        assertions: [
          assert('res.body.constructor.constructor("return process")()', 'isDefined'),
          assert('process.exit(1)', 'isUndefined'),
          assert('res.body[`id`]', 'isDefined'),
        ],
      },
      answer(ORDER),
    );
    for (const item of outcome.assertions) {
      expect(item.passed).toBe(false);
      expect(item.why).toMatch(/Use res\.status/);
    }
  });

  it('reads deep paths up to the depth limit, and huge values quickly and briefly', async () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 32; level += 1) deep = [deep];
    const path = `res.body${'[0]'.repeat(32)}`;
    const found = await checkAnswer({ assertions: [assert(path, 'eq', '"bottom"')] }, answer(deep));
    expect(found.assertions[0]?.passed).toBe(true);

    let hostile = '1';
    for (let level = 0; level < 5_000; level += 1) hostile = `[${hostile}]`;
    const nested = await checkAnswer(
      { assertions: [assert('res.body', 'isNotEmpty')] },
      answer(hostile),
    );
    expect(nested.assertions[0]?.passed).toBe(true);
    expect(nested.assertions[0]?.found.length).toBeLessThanOrEqual(121);

    const huge = {
      text: 'x'.repeat(8_000_000),
      list: Array.from({ length: 200_000 }, (_, n) => n),
    };
    const big = await checkAnswer(
      {
        assertions: [assert('res.body.text', 'length', '8000000'), assert('res.body', 'eq', '1')],
        answerVariables: [carry('text', 'res.body.text'), carry('last', 'res.body.list[199999]')],
      },
      answer(huge),
    );
    expect(big.assertions[0]?.passed).toBe(true);
    expect(big.assertions[1]?.found.length).toBeLessThanOrEqual(121);
    expect(big.carried).toEqual([
      {
        name: 'text',
        expression: 'res.body.text',
        value: null,
        problem: 'the value is longer than the 2048 characters a variable may hold',
      },
      { name: 'last', expression: 'res.body.list[199999]', value: '199999', problem: null },
    ]);
  });

  it('carries values forward as text: ids, numbers, headers, objects; or says why not', async () => {
    const outcome = await checkAnswer(
      {
        answerVariables: [
          carry('orderId', 'res.body.id'),
          carry('total', 'res.body.total'),
          carry('type', 'res.headers.content-type'),
          carry('first', 'res.body.items[0]'),
          carry('status', 'res.status'),
          carry('missing', 'res.body.nope'),
          carry('bad', 'res.body..x'),
          { ...carry('off', 'res.body.id'), enabled: false },
        ],
      },
      answer(ORDER),
    );
    expect(outcome.carried.map(({ name, value }) => [name, value])).toEqual([
      ['orderId', 'ord-77'],
      ['total', '12.5'],
      ['type', 'application/json'],
      ['first', '{"sku":"A1","qty":2}'],
      ['status', '201'],
      ['missing', null],
      ['bad', null],
    ]);
    expect(outcome.carried[5]?.problem).toBe('the answer has nothing there');
    expect(outcome.carried[6]?.problem).toMatch(/Expected a key/);
    expect(outcome.assertions).toEqual([]);
  });
});
