/**
 * A large answer's body goes from the worker to the panel over a BroadcastChannel instead of
 * inside the call's reply. Chrome writes and reads a runtime message as JSON: a 10 MB body took
 * 1.2 – 1.5 s to cross at load 24 (a third of a quiet 10 MB answer's time), where a
 * BroadcastChannel, which clones it, took 0.06 – 0.4 s in the same browser. A panel that will
 * take a body that way opens a channel before it sends and names it in its request
 * (`bodyChannel`: Send opens one per call, Run one for the whole run, since opening a channel for
 * each of a run's calls cost it about 0.65 ms a call); the worker, once the call's reply is masked
 * and fitted, posts a large body with the call's request id on that channel just before it
 * replies with an empty body and `bodyByChannel` set; the panel puts the body back before
 * anything reads the reply. Posted, not held for the panel to ask: after its reply the worker
 * masks the copy it keeps, and a request for the body would wait behind that. A channel's name
 * is a fresh id of the panel that opened it, so only that panel receives (and clones) the body:
 * another DevTools window's panel never hears it. The channel is the extension's own origin: only
 * its pages and worker can open it, and what crosses it is the same masked body the reply would
 * have carried.
 */
import { fail, type Result } from '../vocabulary/errors';

/** The channel a panel opened for its calls' bodies (a Send's, or a whole run's). */
export const bodyChannelName = (channelId: string) => `partner-api-answer-body:${channelId}`;

/** Opens a channel by name: `BroadcastChannel` itself, or a test's. */
export type OpenChannel = (name: string) => Pick<BroadcastChannel, 'postMessage' | 'close'>;

const openBroadcast: OpenChannel = (name) => new BroadcastChannel(name);

/** Bodies shorter than this stay in the reply: the channel's second message is not worth it. */
export const BODY_BY_CHANNEL_MIN_CHARS = 256 * 1024;

/** How long the panel waits for a body after the reply that says it was posted. */
export const BODY_WAIT_MS = 30_000;

interface BodyMessage {
  requestId: string;
  bodyText: string;
}

/** What a reply says of its body: it was posted on the channel (its `bodyText` is empty). */
export interface ByChannel {
  bodyByChannel?: true;
}

const isBodyMessage = (data: unknown): data is BodyMessage =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as BodyMessage).requestId === 'string' &&
  typeof (data as BodyMessage).bodyText === 'string';

/**
 * The worker's side: `value` with a large body posted, with its call's `requestId`, on the channel
 * `channelId` the panel named, else `value` as it is. The channel is closed at once: a posted
 * message is already on its way to every listener.
 */
export function postLargeBody<T extends { bodyText: string }>(
  channelId: string,
  requestId: string,
  value: T,
  open: OpenChannel = openBroadcast,
): T & ByChannel {
  if (value.bodyText.length < BODY_BY_CHANNEL_MIN_CHARS) return value;
  const channel = open(bodyChannelName(channelId));
  channel.postMessage({ requestId, bodyText: value.bodyText } satisfies BodyMessage);
  channel.close();
  return { ...value, bodyText: '', bodyByChannel: true };
}

/**
 * The panel's side, opened before its first call is sent (a message posted before anyone listens
 * is lost) and closed after its last: `fill` puts the body of the call `requestId` back into that
 * call's reply. A body that arrives before its reply is held until the reply's `fill` takes it.
 */
export function bodyReceiver(channelId: string, waitMs = BODY_WAIT_MS) {
  const channel = new BroadcastChannel(bodyChannelName(channelId));
  /** Bodies that came before their reply was filled. */
  const arrived = new Map<string, string>();
  /** Replies waiting for their body. */
  const waiting = new Map<string, (bodyText: string) => void>();
  channel.onmessage = ({ data }: MessageEvent) => {
    if (!isBodyMessage(data)) return;
    const take = waiting.get(data.requestId);
    if (take === undefined) arrived.set(data.requestId, data.bodyText);
    else take(data.bodyText);
  };
  /** The body of `requestId`, or null once `waitMs` has passed without it. */
  const bodyOf = (requestId: string) =>
    new Promise<string | null>((resolve) => {
      const early = arrived.get(requestId);
      if (early !== undefined) {
        arrived.delete(requestId);
        resolve(early);
        return;
      }
      const timer = setTimeout(() => {
        waiting.delete(requestId);
        resolve(null);
      }, waitMs);
      waiting.set(requestId, (bodyText) => {
        clearTimeout(timer);
        waiting.delete(requestId);
        resolve(bodyText);
      });
    });
  return {
    id: channelId,
    async fill<T extends { bodyText: string } & ByChannel>(
      requestId: string,
      reply: Result<T>,
    ): Promise<Result<T>> {
      if (!reply.ok || reply.value.bodyByChannel !== true) return reply;
      const bodyText = await bodyOf(requestId);
      if (bodyText === null) {
        return fail(
          'worker_unavailable',
          "The answer's body did not reach the panel.",
          'Send the request again.',
        );
      }
      const { bodyByChannel: _posted, ...value } = reply.value;
      return { ok: true, value: { ...value, bodyText } as T };
    },
    close: () => {
      channel.close();
      arrived.clear();
    },
  };
}
