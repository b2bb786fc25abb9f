/**
 * The worker's end of src/protocol/body-channel.ts: a large answer's body, already masked and
 * fitted, is posted on the BroadcastChannel when the call's request says the panel listens there
 * (`bodyByChannel`), and the reply carries the rest. Chrome only: Firefox passes a runtime message
 * by structured clone already.
 */
import { BODY_CHANNEL, postLargeBody } from '../../src/protocol/body-channel';
import type { Handlers } from '../../src/protocol/router';
import { ok } from '../../src/vocabulary/errors';
import { IN_FIREFOX } from './browser-kind';

let channel: BroadcastChannel | null = null;

export function largeBodyByChannel(handler: Handlers['request/send']): Handlers['request/send'] {
  return async (request) => {
    const reply = await handler(request);
    if (!reply.ok || request.bodyByChannel !== true || IN_FIREFOX) return reply;
    channel ??= new BroadcastChannel(BODY_CHANNEL);
    return ok(postLargeBody(channel, request.requestId, reply.value));
  };
}
