import { afterAll, describe, expect, it } from 'vitest';
import { ok } from '../vocabulary/errors';
import { BODY_BY_CHANNEL_MIN_CHARS, BODY_CHANNEL, bodyHolder, takeBody } from './body-channel';

/** The worker's end, on a channel of its own, as in the extension. */
const workerChannel = new BroadcastChannel(BODY_CHANNEL);
const holder = bodyHolder(workerChannel, 200);
afterAll(() => workerChannel.close());

const answer = (bodyText: string) => ({ status: 200, bodyText });
const large = (fill: string) => fill.repeat(BODY_BY_CHANNEL_MIN_CHARS);

describe('a large answer body by the channel', () => {
  it('keeps a small body in the reply', () => {
    const value = answer('{"ok":true}');
    expect(holder.hold('r1', value)).toBe(value);
  });

  it('holds a large body back and hands it to the panel that takes it, once', async () => {
    const other = holder.hold('other', answer(large('y')));
    const reply = holder.hold('r2', answer(large('x')));
    expect(reply).toEqual({ status: 200, bodyText: '', bodyByChannel: true });
    expect(other.bodyText).toBe('');
    expect(await takeBody('r2', ok(reply))).toEqual(ok({ status: 200, bodyText: large('x') }));
    expect(await takeBody('other', ok(other))).toEqual(ok({ status: 200, bodyText: large('y') }));
    // Taken: asked again, there is nothing to hand.
    expect(await takeBody('r2', ok(reply), 30)).toMatchObject({
      ok: false,
      error: { code: 'worker_unavailable' },
    });
  });

  it('drops a body nobody took', async () => {
    const reply = holder.hold('r3', answer(large('z')));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(holder.held()).toBe(0);
    expect(await takeBody('r3', ok(reply), 30)).toMatchObject({ ok: false });
  });

  it('leaves a reply that has its body as it is', async () => {
    const reply = ok(answer('{}'));
    expect(await takeBody('r4', reply)).toBe(reply);
  });
});
