import { describe, expect, it, vi } from 'vitest';
import { createRedactor } from '../../src/redaction/known-secret-redaction';

/** The secrets the worker holds right now: a handler may add one (a token it just obtained). */
const held = vi.hoisted(() => ({ secrets: [] as string[] }));

vi.mock('./stores/known-secrets', () => ({
  replyRedactor: async () => createRedactor({ secrets: [...held.secrets], pairs: [] }),
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
});
