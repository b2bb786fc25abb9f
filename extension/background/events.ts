/**
 * Tells every open panel what just changed in the worker (src/protocol/events.ts). Every event
 * passes the same redaction of held secrets as a reply (known-secrets.ts `replyRedactor`) before it
 * leaves: a refused token's view may quote what a hostile server echoed (a Basic value, the client
 * secret), and nothing the worker holds may reach the panel that way.
 *
 * Events leave in the order they were told: each is masked at once (with the secrets held at that
 * moment, before a lock drops them), and the sends are chained, so an event masked sooner never
 * overtakes an earlier one.
 *
 * A broadcast with no page listening (no panel open) is refused by the browser: that is the normal
 * case, and the panel reads the state afresh when it opens, so the refusal is dropped on purpose.
 */

import { type EventEnvelope, WORKER_EVENT, type WorkerEvent } from '../../src/protocol/events';
import { browser } from './ext';
import { replyRedactor } from './stores/known-secrets';

/** The last event on its way out; the next one leaves after it. Never rejects. */
let queue: Promise<void> = Promise.resolve();

export function tell(event: WorkerEvent): void {
  const masked = replyRedactor()
    .then((redactor) => redactor.deep(event))
    .catch(unmaskable);
  queue = queue.then(() => masked).then(handOver);
}

function handOver(event: WorkerEvent | null): void {
  if (event === null) return;
  const envelope: EventEnvelope = { channel: WORKER_EVENT, event };
  void browser.runtime.sendMessage(envelope).catch(noListenerIsNormal);
}

/**
 * The secrets could not be read (storage damaged): the event is not sent rather than sent
 * unmasked. The panel loses no state by it: the reply it is waiting for fails with the same
 * storage error, and it reads the worker's state afresh when it opens.
 */
function unmaskable(): null {
  return null;
}

/** "Receiving end does not exist": no panel is open to hear it. */
function noListenerIsNormal(): void {}
