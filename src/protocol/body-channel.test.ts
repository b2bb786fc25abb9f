import { afterAll, describe, expect, it } from 'vitest';
import { ok } from '../vocabulary/errors';
import {
  BODY_BY_CHANNEL_MIN_CHARS,
  BODY_CHANNEL,
  bodyReceiver,
  postLargeBody,
} from './body-channel';

/** The worker's end, on a channel of its own, as in the extension. */
const worker = new BroadcastChannel(BODY_CHANNEL);
afterAll(() => worker.close());

const answer = (bodyText: string) => ({ status: 200, bodyText });
const large = (fill: string) => fill.repeat(BODY_BY_CHANNEL_MIN_CHARS);

describe('a large answer body by the channel', () => {
  it('keeps a small body in the reply and posts nothing', () => {
    const posted: unknown[] = [];
    const value = answer('{"ok":true}');
    expect(postLargeBody({ postMessage: (message) => posted.push(message) }, 'r1', value)).toBe(
      value,
    );
    expect(posted).toEqual([]);
  });

  it('puts a large body back into the reply of the call it belongs to', async () => {
    const receiver = bodyReceiver('r2');
    try {
      // Another call's body first: it must not be taken for this one's.
      postLargeBody(worker, 'other', answer(large('y')));
      const reply = postLargeBody(worker, 'r2', answer(large('x')));
      expect(reply).toEqual({ status: 200, bodyText: '', bodyByChannel: true });
      expect(await receiver.fill(ok(reply))).toEqual(ok({ status: 200, bodyText: large('x') }));
    } finally {
      receiver.close();
    }
  });

  it('says the body did not arrive rather than showing an empty one', async () => {
    const receiver = bodyReceiver('r3', 30);
    try {
      const reply = ok({ status: 200, bodyText: '', bodyByChannel: true as const });
      expect(await receiver.fill(reply)).toMatchObject({
        ok: false,
        error: { code: 'worker_unavailable' },
      });
    } finally {
      receiver.close();
    }
  });

  it('leaves a reply that has its body as it is', async () => {
    const receiver = bodyReceiver('r4');
    const reply = ok(answer('{}'));
    expect(await receiver.fill(reply)).toBe(reply);
    receiver.close();
  });
});
