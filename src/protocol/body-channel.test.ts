import { describe, expect, it } from 'vitest';
import { ok } from '../vocabulary/errors';
import {
  BODY_BY_CHANNEL_MIN_CHARS,
  bodyChannelName,
  bodyReceiver,
  postLargeBody,
} from './body-channel';

const answer = (bodyText: string) => ({ status: 200, bodyText });
const large = (fill: string) => fill.repeat(BODY_BY_CHANNEL_MIN_CHARS);

describe('a large answer body by the channel', () => {
  it('keeps a small body in the reply and posts nothing', () => {
    const opened: string[] = [];
    const value = answer('{"ok":true}');
    const open = (name: string) => {
      opened.push(name);
      return new BroadcastChannel(name);
    };
    expect(postLargeBody('r1', value, open)).toBe(value);
    expect(opened).toEqual([]);
  });

  it('puts a large body back into the reply of the call it belongs to', async () => {
    const receiver = bodyReceiver('r2');
    try {
      // Another call's body first: it must not be taken for this one's.
      postLargeBody('other', answer(large('y')));
      const reply = postLargeBody('r2', answer(large('x')));
      expect(reply).toEqual({ status: 200, bodyText: '', bodyByChannel: true });
      expect(await receiver.fill(ok(reply))).toEqual(ok({ status: 200, bodyText: large('x') }));
    } finally {
      receiver.close();
    }
  });

  it("posts a call's body only on that call's channel: another panel never hears it", async () => {
    const opened: string[] = [];
    const open = (name: string) => {
      opened.push(name);
      return new BroadcastChannel(name);
    };
    const receiver = bodyReceiver('r5');
    try {
      const reply = postLargeBody('r5', answer(large('z')), open);
      expect(await receiver.fill(ok(reply))).toEqual(ok({ status: 200, bodyText: large('z') }));
      expect(opened).toEqual([bodyChannelName('r5')]);
      expect(bodyChannelName('r5')).not.toBe(bodyChannelName('r6'));
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
