/**
 * Tells every open panel what just changed in the worker (src/protocol/events.ts). Every event
 * passes the same redaction of held secrets as a reply (known-secrets.ts `replyRedactor`) before it
 * leaves: a refused token's view may quote what a hostile server echoed (a Basic value, the client
 * secret), and nothing the worker holds may reach the panel that way.
 *
 * Events leave in the order they were told: the redactor for each is asked for at once (so it
 * knows the secrets held at that moment, before a lock drops them), and the sends are chained, so
 * an event whose redactor is ready sooner never overtakes an earlier one.
 *
 * A broadcast with no page listening (no panel open) is refused by the browser: that is the normal
 * case, and the panel reads the state afresh when it opens, so the refusal is dropped on purpose.
 */
import browser from 'webextension-polyfill';
import { type EventEnvelope, WORKER_EVENT, type WorkerEvent } from '../../src/protocol/events';
import type { Redactor } from '../../src/redaction/known-secret-redaction';
import { replyRedactor } from './known-secrets';

/** The last event on its way out; the next one leaves after it. */
let queue: Promise<void> = Promise.resolve();

export function tell(event: WorkerEvent): void {
  const redacting = replyRedactor();
  queue = queue.then(() => redacting.then((redactor) => send(redactor, event), dropUnmaskable));
}

/** Hands the masked event to the browser; the chain above hands over the next one after it. */
function send(redactor: Redactor, event: WorkerEvent): void {
  const envelope: EventEnvelope = { channel: WORKER_EVENT, event: redactor.deep(event) };
  void browser.runtime.sendMessage(envelope).catch(noListenerIsNormal);
}

/**
 * The secrets could not be read (storage damaged): the event is not sent rather than sent
 * unmasked. The panel loses no state by it: the reply it is waiting for fails with the same
 * storage error, and it reads the worker's state afresh when it opens.
 */
function dropUnmaskable(): void {}

/** "Receiving end does not exist": no panel is open to hear it. */
function noListenerIsNormal(): void {}
