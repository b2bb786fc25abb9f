import { describe, expect, it } from 'vitest';
import { createWorkUnderWay } from './work-under-way';

const turns = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createWorkUnderWay', () => {
  it('waits for every work tracked so far, fulfilled or rejected', async () => {
    const work = createWorkUnderWay();
    let fulfil = () => {};
    let reject = (_error: Error) => {};
    work.track(
      new Promise<void>((resolve) => {
        fulfil = resolve;
      }),
    );
    const failing = work.track(
      new Promise<void>((_resolve, fail) => {
        reject = fail;
      }),
    );
    failing.catch(() => undefined); // its tracker's to handle
    let waited = false;
    const reading = work.settled().then(() => {
      waited = true;
    });
    fulfil();
    await turns();
    expect(waited).toBe(false);
    reject(new Error('write refused'));
    await reading;
    expect(waited).toBe(true);
  });

  it('does not hold a read for work tracked after it began', async () => {
    const work = createWorkUnderWay();
    const reading = work.settled();
    work.track(new Promise<void>(() => {}));
    await expect(reading).resolves.toBeUndefined();
  });

  it('lets settled work go: a read after it waits for nothing', async () => {
    const work = createWorkUnderWay();
    await work.track(Promise.resolve('saved'));
    await turns();
    let waited = false;
    void work.settled().then(() => {
      waited = true;
    });
    await turns();
    expect(waited).toBe(true);
  });
});
