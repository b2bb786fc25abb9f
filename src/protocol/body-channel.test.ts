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

/** Opens real channels, noting each name. */
function noting() {
  const opened: string[] = [];
  const open = (name: string) => {
    opened.push(name);
    return new BroadcastChannel(name);
  };
  return { opened, open };
}

describe('a large answer body by the channel', () => {
  it('keeps a small body in the reply and posts nothing', () => {
    const { opened, open } = noting();
    const value = answer('{"ok":true}');
    expect(postLargeBody('c1', 'r1', value, open)).toBe(value);
    expect(opened).toEqual([]);
  });

  it('puts a large body back into the reply of the call it belongs to', async () => {
    const receiver = bodyReceiver('c2');
    try {
      // Another call's body first, on the same channel: it must not be taken for this one's.
      postLargeBody('c2', 'other', answer(large('y')));
      const reply = postLargeBody('c2', 'r2', answer(large('x')));
      expect(reply).toEqual({ status: 200, bodyText: '', bodyByChannel: true });
      expect(await receiver.fill('r2', ok(reply))).toEqual(
        ok({ status: 200, bodyText: large('x') }),
      );
    } finally {
      receiver.close();
    }
  });

  it('posts a body only on the channel the call named: another panel never hears it', async () => {
    const { opened, open } = noting();
    const mine = bodyReceiver('c5');
    const theirs = bodyReceiver('c6', 30);
    try {
      const reply = postLargeBody('c5', 'r5', answer(large('z')), open);
      expect(await mine.fill('r5', ok(reply))).toEqual(ok({ status: 200, bodyText: large('z') }));
      expect(opened).toEqual([bodyChannelName('c5')]);
      // The other panel's channel has no body for that call.
      expect(await theirs.fill('r5', ok(reply))).toMatchObject({ ok: false });
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it("carries the bodies of a run's calls on one channel, each to its own reply, in any order", async () => {
    const { opened, open } = noting();
    const receiver = bodyReceiver('run-1');
    try {
      const first = postLargeBody('run-1', 'call-1', answer(large('1')), open);
      const second = postLargeBody('run-1', 'call-2', answer(large('2')), open);
      // The second call's reply filled first: its body is found, the first's is kept for it.
      expect(await receiver.fill('call-2', ok(second))).toEqual(
        ok({ status: 200, bodyText: large('2') }),
      );
      expect(await receiver.fill('call-1', ok(first))).toEqual(
        ok({ status: 200, bodyText: large('1') }),
      );
      expect(new Set(opened)).toEqual(new Set([bodyChannelName('run-1')]));
    } finally {
      receiver.close();
    }
  });

  it('waits for a body posted after its reply is filled', async () => {
    const receiver = bodyReceiver('c7');
    try {
      const reply = ok({ status: 200, bodyText: '', bodyByChannel: true as const });
      const filled = receiver.fill('r7', reply);
      postLargeBody('c7', 'r7', answer(large('w')));
      expect(await filled).toEqual(ok({ status: 200, bodyText: large('w') }));
    } finally {
      receiver.close();
    }
  });

  it('says the body did not arrive rather than showing an empty one', async () => {
    const receiver = bodyReceiver('c3', 30);
    try {
      const reply = ok({ status: 200, bodyText: '', bodyByChannel: true as const });
      expect(await receiver.fill('r3', reply)).toMatchObject({
        ok: false,
        error: { code: 'worker_unavailable' },
      });
    } finally {
      receiver.close();
    }
  });

  it('leaves a reply that has its body as it is', async () => {
    const receiver = bodyReceiver('c4');
    const reply = ok(answer('{}'));
    expect(await receiver.fill('r4', reply)).toBe(reply);
    receiver.close();
  });
});
