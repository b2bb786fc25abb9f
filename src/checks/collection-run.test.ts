import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assertion, Collection, SavedRequest } from '../collections/model';
import { createSandbox, type Sandbox } from '../sandbox/server';
import { sandboxSender } from '../testing/sandbox-send';
import { fail } from '../vocabulary/errors';
import { failedSteps, loadPatternSearch, runCollection, runSteps } from './collection-run';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox({ port: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

const assertion = (expression: string, operator: Assertion['operator'], value = ''): Assertion => ({
  expression,
  operator,
  value,
  enabled: true,
});

const request = (id: string, fields: Partial<SavedRequest>): SavedRequest => ({
  kind: 'request',
  id,
  name: id,
  method: 'GET',
  path: 'ping',
  query: [],
  headers: [],
  body: '',
  ...fields,
});

/** Create an order, read its id, then use it: the journey of issue 25. */
const ORDERS: Collection = {
  id: 'c1',
  name: 'Orders',
  auth: { method: 'apiKey', formEncodeCredentials: false },
  variables: [{ name: 'sku', value: 'A-1' }],
  items: [
    request('create', {
      method: 'POST',
      path: 'orders',
      body: '{"sku":"{{sku}}","qty":2}',
      assertions: [
        assertion('res.status', 'eq', '201'),
        assertion('res.body.data.id', 'matches', '^ord_[0-9a-f]+$'),
      ],
      answerVariables: [{ name: 'orderId', expression: 'res.body.data.id', enabled: true }],
    }),
    {
      kind: 'folder',
      id: 'f1',
      name: 'Follow-up',
      items: [
        request('read', {
          path: 'orders/{{orderId}}',
          assertions: [
            assertion('res.body.echo.path', 'endsWith', '{{orderId}}'),
            assertion('res.status', 'eq', '200'),
          ],
        }),
        request('product', {
          path: 'products/prd_9999',
          assertions: [assertion('res.status', 'eq', '200')],
        }),
        request('ping', { assertions: [assertion('res.body.data.pong', 'eq', 'true')] }),
      ],
    },
  ],
};

function profile() {
  const { apiKey, companyId } = sandbox.credentials;
  return sandboxSender(
    { baseUrl: sandbox.url, companyId, apiKey, variables: [] },
    ORDERS.variables,
  );
}

describe('runCollection', () => {
  it('lists the requests depth first, with their folders', () => {
    expect(runSteps(ORDERS.items).map((step) => [step.request.id, step.folder])).toEqual([
      ['create', ''],
      ['read', 'Follow-up'],
      ['product', 'Follow-up'],
      ['ping', 'Follow-up'],
    ]);
  });

  it('sends in order, carries a value into the next request, and goes on past a failure', async () => {
    const sender = profile();
    const steps = runSteps(ORDERS.items);
    const seen: string[] = [];
    const { results, end } = await runCollection(steps, {
      ...sender,
      stopOnFailure: false,
      cancelled: () => false,
      onStep: (result) => seen.push(result.step.request.id),
      search: await loadPatternSearch(steps),
    });
    expect(end).toBe('done');
    expect(seen).toEqual(['create', 'read', 'product', 'ping']);
    expect(results.map((result) => result.passed)).toEqual([true, true, false, true]);
    const orderId = sender.carried().find((row) => row.name === 'orderId')?.value ?? '';
    expect(orderId).toMatch(/^ord_[0-9a-f]+$/);
    // The second request went to the carried id, and its assertion compared with that value.
    const read = sandbox.requests.find((item) => item.path === `/v1/orders/${orderId}`);
    expect(read).toBeDefined();
    expect(results[1]?.checks.assertions.map((item) => item.passed)).toEqual([true, true]);
    expect(results[2]?.checks.assertions[0]).toMatchObject({ passed: false, found: '404' });
  });

  it('stops on the first failure when asked, and runs only the failed ones again', async () => {
    const sender = profile();
    const steps = runSteps(ORDERS.items);
    const search = await loadPatternSearch(steps);
    const first = await runCollection(steps, {
      ...sender,
      stopOnFailure: true,
      cancelled: () => false,
      search,
    });
    expect(first.end).toBe('stopped on a failure');
    expect(first.results.map((result) => result.step.request.id)).toEqual([
      'create',
      'read',
      'product',
    ]);
    const again = await runCollection(failedSteps(first.results), {
      ...sender,
      stopOnFailure: false,
      cancelled: () => false,
      search,
    });
    expect(again.results.map((result) => result.step.request.id)).toEqual(['product']);
  });

  it('stops between requests when cancelled, and fails a step whose variable is unknown', async () => {
    const sender = profile();
    let sent = 0;
    const steps = runSteps(ORDERS.items).slice(1);
    const { results, end } = await runCollection(steps, {
      ...sender,
      send: (item) => {
        sent += 1;
        return sender.send(item);
      },
      stopOnFailure: false,
      cancelled: () => sent >= 2,
      search: await loadPatternSearch(steps),
    });
    expect(end).toBe('cancelled');
    expect(results.length).toBe(2);
    expect(results[0]?.outcome).toMatchObject({
      ok: false,
      error: { code: 'unresolved_variable' },
    });
    expect(results[0]?.passed).toBe(false);
  });

  it('compares {{variables}} in assertion values with the value carried so far, or names the unknown one', async () => {
    const sender = profile();
    const steps = runSteps([
      request('first', {
        path: 'orders/{{orderId}}',
        assertions: [assertion('res.status', 'eq', '{{orderId}}')],
      }),
      request('create', {
        method: 'POST',
        path: 'orders',
        body: '{"sku":"A-1","qty":1}',
        answerVariables: [{ name: 'orderId', expression: 'res.body.data.id', enabled: true }],
        assertions: [assertion('res.body.data.id', 'eq', '{{orderId}}')],
      }),
      request('other', {
        method: 'POST',
        path: 'orders',
        body: '{"sku":"A-1","qty":1}',
        assertions: [assertion('res.body.data.id', 'eq', '{{orderId}}')],
      }),
    ]);
    const { results } = await runCollection(steps, {
      ...sender,
      send: (item) => sender.send({ ...item, path: item.path.replace('{{orderId}}', 'x') }),
      stopOnFailure: false,
      cancelled: () => false,
      search: await loadPatternSearch(steps),
    });
    expect(results[0]?.checks.assertions[0]?.why).toMatch(/^\{\{orderId\}\} is not defined/);
    // Its own answer's value: carried before its assertions run, as Bruno runs them.
    expect(results[1]?.passed).toBe(true);
    const orderId = sender.carried()[0]?.value ?? '';
    expect(results[2]?.checks.assertions[0]).toMatchObject({
      passed: false,
      why: `expected ${JSON.stringify(orderId)}`,
    });
  });

  it('never carries a value into a secret’s name', async () => {
    const sender = profile();
    const steps = runSteps([
      request('steal', {
        answerVariables: [{ name: 'apiKey', expression: 'res.body.data.pong', enabled: true }],
      }),
    ]);
    const { results } = await runCollection(steps, {
      ...sender,
      stopOnFailure: false,
      cancelled: () => false,
      search: await loadPatternSearch(steps),
    });
    expect(results[0]?.refused[0]?.name).toBe('apiKey');
    expect(sender.carried()).toEqual([]);
  });
});

describe('runCollection and the gateway’s rate limits', () => {
  const pings = ['a', 'b', 'c'].map((id) => ({
    request: request(id, { path: 'ping' }),
    folder: '',
  }));

  it('paces the next steps to a spike arrest’s decoded rate, without retrying the refused one', async () => {
    sandbox.switches.spikeArrestPerMinute = 60;
    try {
      const waits: number[] = [];
      const paces: number[] = [];
      const { results, end } = await runCollection(pings, {
        ...profile(),
        stopOnFailure: false,
        cancelled: () => false,
        search: await loadPatternSearch(pings),
        onPace: (ms) => paces.push(ms),
        wait: async (ms) => {
          waits.push(ms);
          await new Promise((resolve) => setTimeout(resolve, ms));
        },
      });
      expect(end).toBe('done');
      expect(
        results.map((result) => (result.outcome.ok ? result.outcome.value.status : 0)),
      ).toEqual([200, 500, 200]);
      expect(waits).toEqual([1000]);
      // Told once, when the spike arrest set the pace.
      expect(paces).toEqual([1000]);
    } finally {
      sandbox.switches.spikeArrestPerMinute = null;
    }
  });

  it('stops a run on a quota, even when asked to go on past failures', async () => {
    sandbox.switches.quotaPerMinute = 1;
    try {
      const { results, end } = await runCollection(pings, {
        ...profile(),
        stopOnFailure: false,
        cancelled: () => false,
        search: await loadPatternSearch(pings),
      });
      expect(end).toBe('stopped on a quota');
      expect(results).toHaveLength(2);
    } finally {
      sandbox.switches.quotaPerMinute = null;
    }
  });
});

describe('a run whose token is refused', () => {
  const steps = Array.from({ length: 500 }, (_, index) => ({
    request: request(`step${index}`, { path: 'ping' }),
    folder: '',
  }));
  const refusedAnswer = (again: boolean) => ({
    status: 401,
    headers: [],
    bodyText: '{"fault":{"faultstring":"Invalid Access Token"}}',
    durationMs: 1,
    tokenRenewed: true,
    ...(again ? { tokenRefusedAgain: true } : {}),
  });

  it('stops after the step whose renewed token was refused again, with that reason', async () => {
    let sent = 0;
    const { results, end } = await runCollection(steps, {
      send: async () => {
        sent += 1;
        return { ok: true, value: refusedAnswer(true) };
      },
      carry: async () => [],
      stopOnFailure: false,
      cancelled: () => false,
      search: await loadPatternSearch(steps),
    });
    expect(end).toBe('token refused again');
    expect(sent).toBe(1);
    expect(results).toHaveLength(1);
  });

  it('stops when no token could be got, and goes on after a renewal that worked', async () => {
    const search = await loadPatternSearch(steps);
    const noToken = await runCollection(steps, {
      send: async () => fail('token_refused', 'No token for this call: refused.', 'Get token.'),
      carry: async () => [],
      stopOnFailure: false,
      cancelled: () => false,
      search,
    });
    expect(noToken).toMatchObject({ end: 'token refused again', results: [{ passed: false }] });
    const renewed = await runCollection(steps.slice(0, 3), {
      send: async () => ({ ok: true, value: { ...refusedAnswer(false), status: 200 } }),
      carry: async () => [],
      stopOnFailure: false,
      cancelled: () => false,
      search,
    });
    expect(renewed.end).toBe('done');
    expect(renewed.results).toHaveLength(3);
  });
});
