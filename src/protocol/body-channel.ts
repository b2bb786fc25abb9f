/**
 * A large answer's body goes from the worker to the panel over a BroadcastChannel instead of
 * inside the call's reply. Chrome writes and reads a runtime message as JSON: a 10 MB body took
 * 1.2 – 1.5 s to cross at load 24 (a third of a quiet 10 MB answer's time), where a
 * BroadcastChannel, which clones it, took 0.06 – 0.4 s in the same browser. A panel that will
 * take a body that way says so in its request (`bodyByChannel`: Send and Run do); the worker, once
 * the call's reply is masked and fitted, holds a large body back, by the call's request id, and replies with an empty body
 * and `bodyByChannel` set; the panel then asks the channel for it (`take`) and puts it back
 * before anything reads the reply. A body nobody takes is dropped after HOLD_MS. The channel is
 * the extension's own origin: only its pages and worker hear it, and what crosses it is the same
 * masked body the reply would have carried.
 */
import { fail, type Result } from '../vocabulary/errors';

export const BODY_CHANNEL = 'partner-api-answer-bodies';

/** Bodies shorter than this stay in the reply: the channel's round trip is not worth it. */
export const BODY_BY_CHANNEL_MIN_CHARS = 256 * 1024;

/** How long the worker holds a body for the panel, and the panel waits for it. */
export const HOLD_MS = 10_000;

interface Take {
  take: string;
}
interface Body {
  requestId: string;
  bodyText: string;
}

/** What a reply says of its body: it waits on the channel (its `bodyText` is empty). */
export interface ByChannel {
  bodyByChannel?: true;
}

const isTake = (data: unknown): data is Take =>
  typeof data === 'object' && data !== null && typeof (data as Take).take === 'string';

const isBody = (data: unknown): data is Body =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as Body).requestId === 'string' &&
  typeof (data as Body).bodyText === 'string';

type Channel = Pick<BroadcastChannel, 'postMessage' | 'onmessage'>;

/** The worker's side: holds large bodies on `channel` and hands each once to who takes it. */
export function bodyHolder(channel: Channel, holdMs = HOLD_MS) {
  const held = new Map<string, { bodyText: string; drop: ReturnType<typeof setTimeout> }>();
  channel.onmessage = ({ data }: MessageEvent) => {
    if (!isTake(data)) return;
    const body = held.get(data.take);
    if (body === undefined) return;
    held.delete(data.take);
    clearTimeout(body.drop);
    channel.postMessage({ requestId: data.take, bodyText: body.bodyText } satisfies Body);
  };
  return {
    /** `value` with a large body held back, else `value` as it is. */
    hold<T extends { bodyText: string }>(requestId: string, value: T): T & ByChannel {
      if (value.bodyText.length < BODY_BY_CHANNEL_MIN_CHARS) return value;
      const drop = setTimeout(() => held.delete(requestId), holdMs);
      held.set(requestId, { bodyText: value.bodyText, drop });
      return { ...value, bodyText: '', bodyByChannel: true };
    },
    held: () => held.size,
  };
}

/** The panel's side: `reply` with the body the worker held for the call `requestId` put back. */
export async function takeBody<T extends { bodyText: string } & ByChannel>(
  requestId: string,
  reply: Result<T>,
  waitMs = HOLD_MS,
): Promise<Result<T>> {
  if (!reply.ok || reply.value.bodyByChannel !== true) return reply;
  const channel = new BroadcastChannel(BODY_CHANNEL);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const bodyText = await new Promise<string | null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
      channel.onmessage = ({ data }: MessageEvent) => {
        if (isBody(data) && data.requestId === requestId) resolve(data.bodyText);
      };
      channel.postMessage({ take: requestId } satisfies Take);
    });
    if (bodyText === null) {
      return fail(
        'worker_unavailable',
        "The answer's body did not reach the panel.",
        'Send the request again.',
      );
    }
    const { bodyByChannel: _held, ...value } = reply.value;
    return { ok: true, value: { ...value, bodyText } as T };
  } finally {
    clearTimeout(timer);
    channel.close();
  }
}
