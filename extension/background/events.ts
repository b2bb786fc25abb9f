/**
 * Tells every open panel what just changed in the worker (src/protocol/events.ts). A broadcast with
 * no page listening (no panel open) is refused by the browser: that is the normal case, and the
 * panel reads the state afresh when it opens, so the refusal is dropped on purpose.
 */
import browser from 'webextension-polyfill';
import { type EventEnvelope, WORKER_EVENT, type WorkerEvent } from '../../src/protocol/events';

export function tell(event: WorkerEvent): void {
  const envelope: EventEnvelope = { channel: WORKER_EVENT, event };
  void browser.runtime.sendMessage(envelope).catch(noListenerIsNormal);
}

/** "Receiving end does not exist": no panel is open to hear it. */
function noListenerIsNormal(): void {}
