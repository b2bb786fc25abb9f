/**
 * The reply wrapper for handlers whose replies may carry text the worker did not write (answers,
 * echoes, history, drafts): the reply passes through the one redaction of every secret the worker
 * holds before it reaches the panel.
 *
 * The redactor is built after the handler has run, never before: a handler may obtain a secret
 * while it runs (a call with no cached token gets one first), and a server that echoes that token
 * in the very answer the handler returns must see it masked in that reply, not only in later ones.
 */
import { replyRedactor } from './stores/known-secrets';

export function redactedReply<H extends (payload: never) => Promise<unknown>>(handler: H): H {
  return (async (payload: never) => {
    const reply = await handler(payload);
    return (await replyRedactor()).deep(reply);
  }) as H;
}
