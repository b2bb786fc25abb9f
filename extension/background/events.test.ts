import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkerEvent } from '../../src/protocol/events';
import { createRedactor } from '../../src/redaction/known-secret-redaction';

const SECRET = 'canarySECRET-events-7c1d9e';

/** The messages the worker broadcast, and redactors handed out one by one, each when released. */
const fake = vi.hoisted(() => ({
  sent: [] as unknown[],
  pending: [] as { release: () => void; fail: () => void }[],
}));

vi.mock('./ext', () => ({
  browser: {
    runtime: {
      async sendMessage(message: unknown) {
        fake.sent.push(message);
      },
    },
  },
}));

vi.mock('./stores/known-secrets', () => ({
  replyRedactor: () =>
    new Promise((resolve, reject) => {
      fake.pending.push({
        release: () => resolve(createRedactor({ secrets: [SECRET], pairs: [] })),
        fail: () => reject(new Error('storage damaged')),
      });
    }),
}));

const refused = (atMs: number): WorkerEvent => ({
  kind: 'token',
  profileId: 'p1',
  change: 'refused',
  why: 'asked',
  atMs,
  view: { outcome: 'failure', echoed: `client_secret=${SECRET}` } as never,
  held: null,
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  fake.sent.length = 0;
  fake.pending.length = 0;
});

describe('tell', () => {
  it('masks every held secret in an event and keeps the order told, whatever masks first', async () => {
    const { tell } = await import('./events');
    tell(refused(1));
    tell({ kind: 'history', profileId: 'p1' });
    tell(refused(3));
    const [first, second, third] = fake.pending;
    third?.release();
    second?.release();
    await settle();
    expect(fake.sent).toEqual([]); // the first is not masked yet: nothing overtakes it
    first?.release();
    await settle();
    const events = fake.sent.map((message) => (message as { event: WorkerEvent }).event);
    expect(events.map((event) => event.kind)).toEqual(['token', 'history', 'token']);
    expect(events.map((event) => ('atMs' in event ? event.atMs : null))).toEqual([1, null, 3]);
    expect(JSON.stringify(fake.sent)).not.toContain(SECRET);
    expect(JSON.stringify(fake.sent)).toContain('client_secret=••••');
  });

  it('drops an event it cannot mask, never sends it in clear, and goes on with the next', async () => {
    const { tell } = await import('./events');
    tell(refused(1));
    tell(refused(2));
    fake.pending[0]?.fail();
    fake.pending[1]?.release();
    await settle();
    expect(fake.sent).toHaveLength(1);
    expect(JSON.stringify(fake.sent)).toContain('"atMs":2');
    expect(JSON.stringify(fake.sent)).not.toContain(SECRET);
  });
});
