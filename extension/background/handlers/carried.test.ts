import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkerEvent } from '../../../src/protocol/events';
import type { HttpExchange } from '../../../src/service/call/execute';

/** storage.session as a plain object, and the events the worker told. */
const fake = vi.hoisted(() => ({
  session: {} as Record<string, unknown>,
  told: [] as unknown[],
}));

vi.mock('../stores/session-store', () => ({
  async readSession(key: string) {
    return fake.session[key];
  },
  async writeSession(items: Record<string, unknown>) {
    Object.assign(fake.session, items);
  },
}));

vi.mock('../events', () => ({
  tell(event: WorkerEvent) {
    fake.told.push(event);
  },
}));

const { carryFromAnswer, clearCarried, forgetAllCarried } = await import('./carried');

const ORDER_ID = [{ name: 'orderId', expression: 'res.body.id', enabled: true }];

function answer(id: string | null): HttpExchange {
  return {
    status: 201,
    headers: [{ name: 'content-type', value: 'application/json' }],
    bodyText: JSON.stringify(id === null ? {} : { id }),
  } as HttpExchange;
}

beforeEach(() => {
  vi.useFakeTimers();
  fake.session = {};
  fake.told = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('carried values told to open panels', () => {
  it('tells a burst of carries once, with the latest values', async () => {
    for (const id of ['ord_1', 'ord_2', 'ord_3']) {
      await carryFromAnswer('p', ORDER_ID, answer(id), []);
    }
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.told).toEqual([]);
    await vi.advanceTimersByTimeAsync(250);
    expect(fake.told).toEqual([
      { kind: 'carried', profileId: 'p', values: [{ name: 'orderId', value: 'ord_3' }] },
    ]);
  });

  it('tells a clear at once, and a carry still waiting to be told never comes after it', async () => {
    await carryFromAnswer('p', ORDER_ID, answer('ord_1'), []);
    await carryFromAnswer('q', ORDER_ID, answer('ord_9'), []);
    await vi.advanceTimersByTimeAsync(0);
    await clearCarried({ profileId: 'p' });
    expect(fake.told).toEqual([{ kind: 'carried', profileId: 'p', values: [] }]);
    await vi.advanceTimersByTimeAsync(250);
    expect(fake.told).toEqual([
      { kind: 'carried', profileId: 'p', values: [] },
      { kind: 'carried', profileId: 'q', values: [{ name: 'orderId', value: 'ord_9' }] },
    ]);
  });

  it('tells nothing when no value was carried', async () => {
    await carryFromAnswer('p', ORDER_ID, answer(null), []);
    await carryFromAnswer('p', [], answer('ord_1'), []);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fake.told).toEqual([]);
  });
});

describe('forgetAllCarried (on Lock)', () => {
  it('drops every profile’s values, a token in base64 among them, and tells each panel at once', async () => {
    const inBase64 = Buffer.from('canaryTOKEN-carried-9d3f').toString('base64');
    await carryFromAnswer('p', ORDER_ID, answer(inBase64), ['canaryTOKEN-carried-9d3f']);
    await carryFromAnswer('q', ORDER_ID, answer('ord_9'), []);
    await vi.advanceTimersByTimeAsync(0);
    expect(JSON.stringify(fake.session)).toContain(inBase64); // the carry check let it through
    await forgetAllCarried();
    expect(fake.session.carried).toEqual({});
    expect(fake.told).toEqual([
      { kind: 'carried', profileId: 'p', values: [] },
      { kind: 'carried', profileId: 'q', values: [] },
    ]);
    await vi.advanceTimersByTimeAsync(1_000); // the carries still waiting to be told stay untold
    expect(JSON.stringify(fake.told)).not.toContain(inBase64);
  });
});
