/**
 * The fake worker the workspace's command tests run against: its messages pass the real router
 * and schemas, so a command that sends what the worker would refuse fails its test.
 */
import { describe, expect, it } from 'vitest';
import { createFakeWorker, deferred } from '../testing/fake-worker';

describe('the fake worker', () => {
  it('answers through the real router, with the handler the test gave', async () => {
    const worker = createFakeWorker({
      'variables/carried': ({ profileId }) => ({
        ok: true,
        value: { values: [{ name: 'who', value: profileId }] },
      }),
    });
    const reply = await worker.ask('variables/carried', { profileId: 'p1' });
    expect(reply).toEqual({ ok: true, value: { values: [{ name: 'who', value: 'p1' }] } });
    expect(worker.payloads('variables/carried')).toEqual([{ profileId: 'p1' }]);
  });

  it('fails the test when a payload breaks the real schema, before any handler runs', async () => {
    const worker = createFakeWorker({
      'request/cancel': () => ({ ok: true, value: { cancelled: true } }),
    });
    const extra = { requestId: 'r1', why: 'extra key' } as unknown as { requestId: string };
    await expect(worker.ask('request/cancel', extra)).rejects.toThrow(/refused request\/cancel/);
    expect(worker.asked).toEqual([]);
  });

  it('fails the test for a message it was given no handler for', async () => {
    const worker = createFakeWorker();
    await expect(worker.ask('lock/status', {})).rejects.toThrow(/lock\/status/);
  });

  it('holds a reply until the test releases it', async () => {
    const held = deferred<{ ok: true; value: { state: 'locked' } }>();
    const worker = createFakeWorker({ 'lock/status': () => held.promise });
    let answered = false;
    const reply = worker.ask('lock/status', {}).then((value) => {
      answered = true;
      return value;
    });
    await Promise.resolve();
    expect(answered).toBe(false);
    held.resolve({ ok: true, value: { state: 'locked' } });
    expect(await reply).toEqual({ ok: true, value: { state: 'locked' } });
  });
});
