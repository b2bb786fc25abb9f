import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAnswer } from '../../checks/answer-checks';
import {
  ASSERTION_OPERATORS,
  type Assertion,
  type Collection,
  type SavedRequest,
} from '../../collections/model';
import { createSandbox, type Sandbox } from '../../sandbox/server';
import { runNewman } from '../../testing/fixtures/postman/postman-newman-fixture';
import { exportPostman } from './postman-export';
import { testScriptLines } from './postman-test-script';

const check = (expression: string, operator: Assertion['operator'], value = ''): Assertion => ({
  expression,
  operator,
  value,
  enabled: true,
});

const request = (name: string, fields: Partial<SavedRequest>): SavedRequest => ({
  kind: 'request',
  id: name.replace(/ /g, '-'),
  name,
  method: 'GET',
  path: 'ping',
  query: [],
  headers: [],
  body: '',
  ...fields,
});

const collectionOf = (items: SavedRequest[]): Collection => ({
  id: 'newman-checks',
  name: 'Checks',
  auth: { method: 'apiKey', formEncodeCredentials: false },
  variables: [],
  items,
});

describe('testScriptLines', () => {
  it('writes nothing for a request without enabled checks', () => {
    expect(testScriptLines(request('a', {}))).toBeNull();
    expect(
      testScriptLines(
        request('a', { assertions: [{ ...check('res.status', 'eq', '200'), enabled: false }] }),
      ),
    ).toBeNull();
  });

  it('never pastes the user’s text into the code: expressions and values become JSON literals', () => {
    const hostile = '"); require("child_process").exec("x"); ("';
    const lines = testScriptLines(
      request('a', {
        assertions: [
          check(`res.body["${hostile.replace(/"/g, '\\"')}"]`, 'eq', hostile),
          check('process.exit()', 'isDefined'),
        ],
        answerVariables: [{ name: 'x', expression: 'res.body.constructor', enabled: true }],
      }),
    )?.join('\n');
    expect(lines).not.toContain('require("child_process")');
    expect(lines).toContain(JSON.stringify(hostile));
    expect(lines).toContain('throw new Error(');
    // The script is valid JavaScript (compiled, never run, here).
    expect(() => new Function('pm', lines ?? '')).not.toThrow();
  });
});

describe('exported assertions run in newman against the sandbox', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await createSandbox({ port: 0 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  const variables = () => ({
    baseUrl: sandbox.url,
    companyId: sandbox.credentials.companyId,
    apiKey: sandbox.credentials.apiKey,
  });

  it('passes the checks that hold, carries a value forward, and fails the run on a failing one', async () => {
    const collection = collectionOf([
      request('Create order', {
        method: 'POST',
        path: 'orders',
        body: '{"sku":"A-1","qty":2}',
        assertions: [
          check('res.status', 'eq', '201'),
          check('res.body.data.id', 'matches', '^ord_'),
        ],
        answerVariables: [{ name: 'orderId', expression: 'res.body.data.id', enabled: true }],
      }),
      request('Read order', {
        path: 'orders/{{orderId}}',
        assertions: [
          check('res.body.echo.path', 'contains', 'ord_'),
          check('res.headers.content-type', 'startsWith', 'application/json'),
        ],
      }),
      request('Missing product', {
        path: 'products/prd_9999',
        assertions: [
          check('res.status', 'eq', '200'),
          check('res.body.error.code', 'eq', '"product.not_found"'),
        ],
      }),
    ]);
    const outcome = await runNewman(JSON.parse(exportPostman(collection)), variables());
    expect(outcome.sent.map(({ path, status }) => `${path} ${status}`)).toEqual([
      '/v1/orders 201',
      expect.stringMatching(/^\/v1\/orders\/ord_[0-9a-f]+ 200$/),
      '/v1/products/prd_9999 404',
    ]);
    expect(outcome.failures).toEqual([
      {
        at: 'assertion:0 in test-script',
        item: 'Missing product',
        message: expect.stringContaining('found 404'),
      },
    ]);
  });

  it('resolves {{variables}} in values when the test runs, the answer’s own ones set first', async () => {
    const collection = collectionOf([
      request('Create order', {
        method: 'POST',
        path: 'orders',
        body: '{"sku":"A-1","qty":2}',
        answerVariables: [{ name: 'orderId', expression: 'res.body.data.id', enabled: true }],
        assertions: [check('res.body.data.id', 'eq', '{{orderId}}')],
      }),
      request('Read order', {
        path: 'orders/{{orderId}}',
        assertions: [
          check('res.body.echo.path', 'endsWith', '{{orderId}}'),
          check('res.body.echo.path', 'matches', '{{orderId}}$'),
          check('res.status', 'in', '{{okStatus}}, 201'),
          check('res.status', 'between', '{{okStatus}}, 299'),
          check('res.status', 'eq', '{{okStatus}}'),
          check('res.body.echo.path', 'eq', '{{nope}}'),
        ],
      }),
    ]);
    const outcome = await runNewman(JSON.parse(exportPostman(collection)), {
      ...variables(),
      okStatus: '200',
    });
    expect(outcome.sent.map(({ status }) => status)).toEqual([201, 200]);
    // Only the variable nothing defines fails, as it fails in the panel.
    expect(outcome.failures).toEqual([
      { at: 'assertion:5 in test-script', item: 'Read order', message: expect.any(String) },
    ]);
  });

  it('decides every operator as the panel does, on the same answer', async () => {
    // One case per operator on GET /v1/products (data.items: 3 products, total 3); isNull and
    // isEmpty are asked of a product id, so they fail in both.
    const cases: Record<Assertion['operator'], [string, string]> = {
      eq: ['res.body.data.total', '3'],
      neq: ['res.body.data.total', '4'],
      gt: ['res.body.data.total', '2'],
      gte: ['res.body.data.total', '3'],
      lt: ['res.body.data.total', '4'],
      lte: ['res.body.data.total', '3'],
      in: ['res.status', '200, 201'],
      notIn: ['res.status', '400, 500'],
      contains: ['res.body.data.items[0].name', 'quote'],
      notContains: ['res.body.data.items[0].name', 'xyz'],
      startsWith: ['res.body.data.items[0].id', 'prd_'],
      endsWith: ['res.body.data.items[0].id', '1001'],
      matches: ['res.body.data.items[0].id', '^prd_\\d+$'],
      notMatches: ['res.body.data.items[0].id', '^ord_'],
      length: ['res.body.data.items', '3'],
      isNumber: ['res.body.data.total', ''],
      isString: ['res.body.data.items[0].id', ''],
      isBoolean: ['res.body.data.items[0].active', ''],
      isJson: ['res.body.data', ''],
      isNull: ['res.body.data.items[0].id', ''],
      isUndefined: ['res.body.data.nothing', ''],
      isDefined: ['res.body.data.items[2]', ''],
      isEmpty: ['res.body.data.items[0].id', ''],
      isNotEmpty: ['res.body.data.items', ''],
      isTruthy: ['res.body.data.items[0].active', ''],
      isFalsy: ['res.body.data.items[2].active', ''],
      between: ['res.status', '200, 299'],
    };
    const assertions = ASSERTION_OPERATORS.map((operator) =>
      check(cases[operator][0], operator, cases[operator][1]),
    );
    const collection = collectionOf([request('Products', { path: 'products', assertions })]);
    const outcome = await runNewman(JSON.parse(exportPostman(collection)), variables());
    expect(outcome.sent.map((item) => item.status)).toEqual([200]);
    const failedInNewman = outcome.failures.map((failure) =>
      Number(/assertion:(\d+)/.exec(failure.at)?.[1]),
    );

    const ours = await checkAnswer(
      { assertions },
      { status: 200, headers: [], bodyText: JSON.stringify(outcome.sent[0]?.body), durationMs: 1 },
    );
    const failedHere = ours.assertions.flatMap((item, index) => (item.passed ? [] : [index]));
    expect(failedHere).toEqual(
      ['isNull', 'isEmpty'].map((name) =>
        ASSERTION_OPERATORS.indexOf(name as Assertion['operator']),
      ),
    );
    expect(failedInNewman.sort((a, b) => a - b)).toEqual(failedHere);
  });
});
