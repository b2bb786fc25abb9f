/**
 * The worker's end of src/protocol/body-channel.ts: a large answer's body, already masked and
 * fitted, is held for the panel to take by the BroadcastChannel when its request says it will
 * (`bodyByChannel`), and the reply carries the rest. Chrome only: Firefox passes a runtime message by structured
 * clone already.
 */
import { BODY_CHANNEL, bodyHolder } from '../../src/protocol/body-channel';
import type { Handlers } from '../../src/protocol/router';
import { ok } from '../../src/vocabulary/errors';
import { IN_FIREFOX } from './browser-kind';

let holder: ReturnType<typeof bodyHolder> | null = null;

export function largeBodyByChannel(handler: Handlers['request/send']): Handlers['request/send'] {
  return async (request) => {
    const reply = await handler(request);
    if (!reply.ok || request.bodyByChannel !== true || IN_FIREFOX) return reply;
    holder ??= bodyHolder(new BroadcastChannel(BODY_CHANNEL));
    return ok(holder.hold(request.requestId, reply.value));
  };
}
