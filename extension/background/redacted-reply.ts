/**
 * The reply wrapper for handlers whose replies may carry text the worker did not write (answers,
 * echoes, history, drafts): the reply passes through the one redaction of every secret the worker
 * holds before it reaches the panel.
 *
 * The redactor is built after the handler has run, never before: a handler may obtain a secret
 * while it runs (a call with no cached token gets one first), and a server that echoes that token
 * in the very answer the handler returns must see it masked in that reply, not only in later ones.
 *
 * A worker's first reply starts building one as its handler starts, too: a woken worker has none
 * yet (its secrets opened, its patterns compiled, about 3 - 5 ms), and a Send's handler spends most
 * of its time waiting on the network, so that build is done by the time the reply needs it. The
 * reply's own redactor is still the one built after the handler: the same secrets give the same
 * redactor (known-secrets.ts keeps the last one built), a secret the handler obtained a new one.
 */
import { replyRedactor } from './stores/known-secrets';

/** Whether this worker has started building a redactor yet. */
let started = false;

export function redactedReply<H extends (payload: never) => Promise<unknown>>(handler: H): H {
  return (async (payload: never) => {
    if (!started) {
      started = true;
      // Not awaited: a failure here is met again, and reported, by the reply's own build below.
      void replyRedactor().catch((error: unknown) => error);
    }
    const reply = await handler(payload);
    return (await replyRedactor()).deep(reply);
  }) as H;
}
