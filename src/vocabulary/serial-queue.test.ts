import { describe, expect, it } from 'vitest';
import { createSerialQueue } from './serial-queue';

describe('createSerialQueue', () => {
  it('starts each task only after the earlier one has settled', async () => {
    const serially = createSerialQueue();
    const order: string[] = [];
    let releaseFirst = () => {};
    const first = serially(async () => {
      order.push('first start');
      await new Promise<void>((resolve) => {
        releaseFirst = resolve;
      });
      order.push('first end');
      return 1;
    });
    const second = serially(async () => {
      order.push('second start');
      return 2;
    });
    await Promise.resolve();
    expect(order).toEqual(['first start']);
    releaseFirst();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(order).toEqual(['first start', 'first end', 'second start']);
  });

  it('rejects only the failed task’s caller and runs the next one', async () => {
    const serially = createSerialQueue();
    const failed = serially(async () => {
      throw new Error('refused');
    });
    const next = serially(async () => 'ran');
    await expect(failed).rejects.toThrow('refused');
    expect(await next).toBe('ran');
  });

  it('keeps separate queues apart', async () => {
    const a = createSerialQueue();
    const b = createSerialQueue();
    let release = () => {};
    void a(() => new Promise<void>((resolve) => (release = resolve)));
    expect(await b(async () => 'not blocked by a')).toBe('not blocked by a');
    release();
  });
});
