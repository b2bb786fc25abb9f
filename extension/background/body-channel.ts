/**
 * The worker's end of src/protocol/body-channel.ts: a large answer's body, already masked and
 * fitted, is posted on the BroadcastChannel the call's request names (`bodyChannel`, where the
 * panel listens), and the reply carries the rest. Chrome only: Firefox passes a runtime message
 * by structured clone already.
 */
import { postLargeBody } from '../../src/protocol/body-channel';
import type { Handlers } from '../../src/protocol/router';
import { ok } from '../../src/vocabulary/errors';
import { IN_FIREFOX } from './browser-kind';

export function largeBodyByChannel(handler: Handlers['request/send']): Handlers['request/send'] {
  return async (request) => {
    const reply = await handler(request);
    if (!reply.ok || request.bodyChannel === undefined || IN_FIREFOX) return reply;
    return ok(postLargeBody(request.bodyChannel, request.requestId, reply.value));
  };
}
