import { describe, expect, it, vi } from 'vitest';
import { createRedactor } from '../../src/redaction/known-secret-redaction';

/** The secrets the worker holds right now: a handler may add one (a token it just obtained). */
const held = vi.hoisted(() => ({ secrets: [] as string[], builds: 0 }));

vi.mock('./stores/known-secrets', () => ({
  replyRedactor: async () => {
    held.builds++;
    return createRedactor({ secrets: [...held.secrets], pairs: [] });
  },
}));

const { redactedReply } = await import('./redacted-reply');

const TOKEN = 'canaryTOKEN-first-reply-5e2c9a7f1b';

describe('redactedReply', () => {
  it('masks a token the handler obtained while it ran, in that same reply', async () => {
    held.secrets = [];
    const send = redactedReply(async (_payload: never) => {
      held.secrets.push(TOKEN); // the token grant of a call with no cached token
      return { ok: true, value: { bodyText: `{"echo":"Bearer ${TOKEN}"}` } };
    });
    const reply = JSON.stringify(await send(undefined as never));
    expect(reply).not.toContain(TOKEN);
    expect(reply).toContain('Bearer ••••');
  });

  it('masks what was already held, and leaves a reply without secrets as it was', async () => {
    held.secrets = [TOKEN];
    const echo = redactedReply(async (_payload: never) => ({ ok: true, value: `key ${TOKEN}` }));
    expect(JSON.stringify(await echo(undefined as never))).not.toContain(TOKEN);
    const plain = redactedReply(async (_payload: never) => ({ ok: true, value: 'nothing here' }));
    expect(await plain(undefined as never)).toEqual({ ok: true, value: 'nothing here' });
  });

  it("starts building a worker's first redactor as its first handler starts, not later ones", async () => {
    vi.resetModules();
    const { redactedReply: inNewWorker } = await import('./redacted-reply');
    held.secrets = [];
    held.builds = 0;
    const seen: number[] = [];
    const send = inNewWorker(async (_payload: never) => {
      seen.push(held.builds);
      return { ok: true, value: 'answer' };
    });
    await send(undefined as never);
    await send(undefined as never);
    // The first reply: one build started with its handler, its own after it; the second: its own.
    expect(seen).toEqual([1, 2]);
    expect(held.builds).toBe(3);
  });
});
