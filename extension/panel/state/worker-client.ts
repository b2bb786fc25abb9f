/**
 * The one module of the panel that talks to the background worker (tests/unit/boundaries.test.ts
 * holds it to that): `ask`, one typed call per message type, `listenToWorker`, which feeds the
 * workspace store every event the worker tells, and `wakeWorkerOnIntent`, which starts a stopped
 * worker as the user presses or types. Failures of the transport itself (worker stopped
 * mid-call, extension reloaded) come back as typed errors too, and a refusal by a worker of another
 * build than the panel's says so.
 *
 * It calls Chrome's own promise-returning `chrome.runtime.sendMessage` rather than
 * webextension-polyfill: the panel loads this at its first paint, and the polyfill (a no-op wrapper
 * in Chrome) would be a sixth of the panel's start-up JavaScript budget. The worker, which has no
 * such budget, uses the polyfill throughout.
 */

import { fromOtherBuild } from '../../../src/protocol/build-id';
import { isEventEnvelope } from '../../../src/protocol/events';
import type { MessageType, Reply, RequestOf } from '../../../src/protocol/messages';
import { fail } from '../../../src/vocabulary/errors';
import type { WorkspaceStore } from '../../../src/workspace/store';
import { createWorkerWake } from '../../../src/workspace/worker-wake';

/** `worker/wake` when the user presses or types after a pause (src/workspace/worker-wake.ts). */
const workerWake = createWorkerWake(() => void ask('worker/wake', {}), Date.now);

export async function ask<K extends MessageType>(
  type: K,
  payload: RequestOf<K>,
): Promise<Reply<K>> {
  try {
    workerWake.contact();
    const reply = (await chrome.runtime.sendMessage({ type, payload })) as Reply<K> | undefined;
    workerWake.contact();
    if (reply === undefined || reply === null || typeof reply !== 'object' || !('ok' in reply)) {
      return fail('worker_unavailable', 'The background worker gave no answer.', 'Try again.');
    }
    if (!reply.ok && fromOtherBuild(reply.error)) {
      // Said only when it is so: the worker's build id differs from this page's.
      return fail(
        reply.error.code,
        'The panel and the worker are from different builds, so the worker refused this.',
        'Close and reopen DevTools to load the new panel.',
      );
    }
    return reply;
  } catch {
    return fail(
      'worker_unavailable',
      'The background worker could not be reached.',
      'Try again; if the extension was reloaded, close and reopen DevTools.',
    );
  }
}

/**
 * Feeds the store every event the worker broadcasts. Only this extension's own worker is heard;
 * the listener never answers (it returns nothing), so requests between other pages and the worker
 * pass by untouched.
 */
export function listenToWorker(store: WorkspaceStore): () => void {
  const listener = (message: unknown, sender: chrome.runtime.MessageSender) => {
    if (sender.id !== chrome.runtime.id || !isEventEnvelope(message)) return;
    workerWake.contact();
    store.dispatch({ type: 'event', event: message.event });
  };
  chrome.runtime.onMessage.addListener(listener);
  return () => chrome.runtime.onMessage.removeListener(listener);
}

/**
 * Wakes the worker as the user presses a pointer or a key anywhere in `page` after a pause, ahead
 * of the call the press or the key may make (src/workspace/worker-wake.ts).
 */
export function wakeWorkerOnIntent(page: Document): void {
  const intent = () => workerWake.intent();
  for (const kind of ['pointerdown', 'keydown'])
    page.addEventListener(kind, intent, { capture: true, passive: true });
}
