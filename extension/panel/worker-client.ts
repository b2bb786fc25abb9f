/**
 * The panel's only way to the background worker: one typed call per message type. Failures of the
 * transport itself (worker stopped mid-call, extension reloaded) come back as typed errors too.
 */
import browser from 'webextension-polyfill';
import { fail } from '../../src/protocol/errors';
import type { MessageType, Reply, RequestOf } from '../../src/protocol/messages';

export async function ask<K extends MessageType>(
  type: K,
  payload: RequestOf<K>,
): Promise<Reply<K>> {
  try {
    const reply = (await browser.runtime.sendMessage({ type, payload })) as Reply<K> | undefined;
    if (reply === undefined || reply === null || typeof reply !== 'object' || !('ok' in reply)) {
      return fail('worker_unavailable', 'The background worker gave no answer.', 'Try again.');
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
