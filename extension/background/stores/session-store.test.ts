import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for storage.session that counts its reads and can refuse a write. */
const fake = vi.hoisted(() => ({
  data: {} as Record<string, unknown>,
  gets: [] as string[][],
  sets: [] as string[][],
  refuseNextSet: false,
  /** Every set holding this key is refused (a value over the quota). */
  refuseKey: null as string | null,
}));

vi.mock('../ext', () => ({
  browser: {
    storage: {
      session: {
        async get(keys: string[]) {
          fake.gets.push(keys);
          return Object.fromEntries(
            keys.filter((k) => k in fake.data).map((k) => [k, fake.data[k]]),
          );
        },
        async set(items: Record<string, unknown>) {
          fake.sets.push(Object.keys(items));
          if (fake.refuseKey !== null && fake.refuseKey in items) throw new Error('too large');
          if (fake.refuseNextSet) {
            fake.refuseNextSet = false;
            throw new Error('quota');
          }
          Object.assign(fake.data, items);
        },
        async remove(keys: string[]) {
          for (const key of keys) delete fake.data[key];
        },
      },
    },
  },
}));

async function freshStore() {
  vi.resetModules();
  return import('./session-store');
}

beforeEach(() => {
  fake.data = { vaultKey: { salt: 's', bits: 'b' }, tokens: [1], answers: { big: true } };
  fake.gets = [];
  fake.sets = [];
  fake.refuseNextSet = false;
  fake.refuseKey = null;
});

describe('session store', () => {
  it('reads every small key a woken worker needs in one get, and once', async () => {
    const store = await freshStore();
    const [key, tokens, pending] = await Promise.all([
      store.readSession('vaultKey'),
      store.readSession('tokens'),
      store.readSession('historyPending'),
    ]);
    expect([key, tokens, pending]).toEqual([{ salt: 's', bits: 'b' }, [1], undefined]);
    await store.readSession('tokenFailures');
    expect(fake.gets).toHaveLength(1);
    expect(fake.gets[0]).not.toContain('answers');
  });

  it('reads the answers on their own, when they are asked for', async () => {
    const store = await freshStore();
    await store.readSession('tokens');
    expect(await store.readSession('answers')).toEqual({ big: true });
    expect(fake.gets).toEqual([expect.not.arrayContaining(['answers']), ['answers']]);
  });

  it('shows a write at once and keeps it in storage', async () => {
    const store = await freshStore();
    const written = store.writeSession({ tokens: [2] });
    expect(await store.readSession('tokens')).toEqual([2]);
    await written;
    expect(fake.data.tokens).toEqual([2]);
    await store.removeSession(['tokens']);
    expect(await store.readSession('tokens')).toBeUndefined();
    expect('tokens' in fake.data).toBe(false);
  });

  it('forgets a refused write: the next read asks storage again', async () => {
    const store = await freshStore();
    await store.readSession('tokens');
    fake.refuseNextSet = true;
    await expect(store.writeSession({ tokens: [3] })).rejects.toThrow('quota');
    expect(await store.readSession('tokens')).toEqual([1]);
    expect(fake.gets).toHaveLength(2);
  });

  it('writes what one task asks for in one set, each caller told when it is kept', async () => {
    const store = await freshStore();
    await Promise.all([
      store.writeSession({ carried: { p: [] } }),
      store.writeSession({ historyPending: [1] }),
      store.writeSession({ answers: { last: {} } }),
    ]);
    expect(fake.sets).toEqual([['carried', 'historyPending', 'answers']]);
    expect(fake.data).toMatchObject({ carried: { p: [] }, historyPending: [1] });
  });

  it('tries each write alone when the merged one is refused: only the refused one fails', async () => {
    const store = await freshStore();
    await store.readSession('tokens');
    fake.refuseKey = 'answers';
    const [carried, answers] = await Promise.allSettled([
      store.writeSession({ carried: { p: [] } }),
      store.writeSession({ answers: { huge: true } }),
    ]);
    expect(carried.status).toBe('fulfilled');
    expect(answers).toMatchObject({ status: 'rejected', reason: new Error('too large') });
    expect(fake.data.carried).toEqual({ p: [] });
    fake.refuseKey = null;
    expect(await store.readSession('answers')).toEqual({ big: true });
  });

  it('does not put back a key removed while its write was waiting', async () => {
    const store = await freshStore();
    const written = store.writeSession({ tokens: [5], carried: {} });
    await store.removeSession(['tokens']);
    await written;
    expect('tokens' in fake.data).toBe(false);
    expect(fake.data.carried).toEqual({});
  });
});
