import { describe, expect, it } from 'vitest';
import type { Assertion } from '../collections/model';
import { variablesOf } from '../service/call/variables';
import { checkAnswer, resolveAssertionValue } from './answer-checks';
import type { CheckedAnswer } from './answer-values';
import { withCarried } from './with-carried';

const answer = (body: unknown): CheckedAnswer => ({
  status: 200,
  headers: [{ name: 'X-Order', value: 'ord-77' }],
  bodyText: JSON.stringify(body),
  durationMs: 5,
});

const assert = (expression: string, operator: Assertion['operator'], value: string) => ({
  expression,
  operator,
  value,
  enabled: true,
});

const profile = {
  companyId: 'c-1',
  baseUrl: 'https://api.example.com',
  variables: [
    { name: 'orderId', value: 'ord-1' },
    { name: 'limit', value: '3' },
  ],
};

describe('{{variables}} in assertion values', () => {
  it('compares with the carried value, which wins over the profile’s own', async () => {
    const variables = variablesOf(withCarried(profile, [{ name: 'orderId', value: 'ord-77' }]));
    const outcome = await checkAnswer(
      { assertions: [assert('res.body.id', 'eq', '{{orderId}}')] },
      answer({ id: 'ord-77' }),
      variables,
    );
    expect(outcome.assertions[0]).toMatchObject({ passed: true, value: '{{orderId}}' });
  });

  it('fails with the resolved value when the answer differs', async () => {
    const outcome = await checkAnswer(
      { assertions: [assert('res.body.id', 'eq', '{{orderId}}')] },
      answer({ id: 'ord-77' }),
      variablesOf(profile),
    );
    expect(outcome.assertions[0]).toMatchObject({
      passed: false,
      found: '"ord-77"',
      why: 'expected "ord-1"',
    });
  });

  it('reads a resolved value as the operand it spells: a number stays a number', async () => {
    const variables = variablesOf(profile);
    const outcome = await checkAnswer(
      {
        assertions: [
          assert('res.body.items', 'length', '{{limit}}'),
          assert('res.body.count', 'eq', '{{limit}}'),
          assert('res.headers.x-order', 'in', '{{orderId}}, ord-77'),
          assert('res.body.note', 'eq', '"{{companyId}}/{{orderId}}"'),
        ],
      },
      answer({ items: [1, 2, 3], count: 3, note: 'c-1/ord-1' }),
      variables,
    );
    expect(outcome.assertions.map((item) => [item.passed, item.why])).toEqual([
      [true, ''],
      [true, ''],
      [true, ''],
      [true, ''],
    ]);
  });

  it('fails an assertion whose variable is not defined, naming it, and never passes it', async () => {
    const outcome = await checkAnswer(
      {
        assertions: [
          assert('res.body.id', 'neq', '{{nope}}'),
          assert('res.body.id', 'eq', '{{nope}}-{{other}}'),
        ],
      },
      answer({ id: 'ord-77' }),
      variablesOf(profile),
    );
    expect(outcome.assertions[0]).toMatchObject({
      passed: false,
      found: '"ord-77"',
      why: expect.stringMatching(/^\{\{nope\}\} is not defined: /),
    });
    expect(outcome.assertions[1]?.why).toMatch(/^\{\{nope\}\}, \{\{other\}\} are not defined: /);
  });

  it('without variables given, a {{name}} is undefined rather than compared as text', async () => {
    const outcome = await checkAnswer(
      { assertions: [assert('res.body.id', 'eq', '{{orderId}}')] },
      answer({ id: '{{orderId}}' }),
    );
    expect(outcome.assertions[0]?.passed).toBe(false);
  });

  it('reports variables that name each other in a loop', () => {
    const variables = new Map([
      ['a', '{{b}}'],
      ['b', '{{a}}'],
    ]);
    expect(resolveAssertionValue('{{a}}', variables)).toEqual({
      problem: 'variables name each other in a loop: {{a}} → {{b}} → {{a}}',
    });
  });

  it('leaves a value without braces as written', () => {
    expect(resolveAssertionValue('200, 201', new Map())).toEqual({ value: '200, 201' });
  });
});
