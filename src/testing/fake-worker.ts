/**
 * A fake background worker for the workspace's unit tests, built on the REAL router and message
 * schemas (src/protocol/router.ts, messages.ts): every message a command sends is checked as the
 * worker checks it (plain data, exactly `type` and `payload`, the strict schema of its type), so a
 * command that would be refused fails its test. Only the handlers are the test's: each answers as
 * the test says, and a message without one fails the test. `deferred()` holds a reply until the
 * test releases it, for late replies and calls in flight.
 */
import type { Envelope, MessageType, Reply, RequestOf, ResponseOf } from '../protocol/messages';
import { createRouter, type Handlers } from '../protocol/router';
import type { Result } from '../vocabulary/errors';
import type { Ask } from '../workspace/ask';

export type FakeHandlers = {
  [K in MessageType]?: (
    payload: RequestOf<K>,
  ) => Promise<Result<ResponseOf<K>>> | Result<ResponseOf<K>>;
};

export interface FakeWorker {
  ask: Ask;
  /** Every message the router let through, in order (payloads as the handler got them). */
  asked: Envelope[];
  /** Sets or replaces the handler of one message type. */
  handle<K extends MessageType>(type: K, handler: NonNullable<FakeHandlers[K]>): void;
  /** The payloads of the messages of one type that got through, in order. */
  payloads<K extends MessageType>(type: K): RequestOf<K>[];
}

const identity = { extensionId: 'fake-extension', origin: 'chrome-extension://fake-extension' };
const sender = { id: identity.extensionId, url: `${identity.origin}/panel.html` };

export function createFakeWorker(initial: FakeHandlers = {}): FakeWorker {
  const handlers: FakeHandlers = { ...initial };
  const asked: Envelope[] = [];
  const table = new Proxy({} as Handlers, {
    get: (_target, type: string) => async (payload: unknown) => {
      asked.push({ type, payload } as Envelope);
      const handler = handlers[type as MessageType] as
        | ((payload: unknown) => Promise<Result<unknown>> | Result<unknown>)
        | undefined;
      if (handler === undefined) throw new Error(`The fake worker has no handler for ${type}.`);
      return handler(payload);
    },
  });
  const route = createRouter(table, identity, undefined, 'test-build');
  const ask: Ask = async <K extends MessageType>(type: K, payload: RequestOf<K>) => {
    // What crosses the runtime is a structured clone: the panel's objects never reach the worker.
    const reply = (await route(structuredClone({ type, payload }), sender)) as Reply<K>;
    if (!reply.ok && (reply.error.code === 'bad_message' || reply.error.code === 'unknown_type')) {
      throw new Error(`The real router refused ${type}: ${reply.error.message}`);
    }
    if (!reply.ok && reply.error.code === 'internal') throw new Error(reply.error.message);
    return structuredClone(reply);
  };
  return {
    ask,
    asked,
    handle(type, handler) {
      (handlers as Record<string, unknown>)[type] = handler;
    },
    payloads: (type) =>
      asked.filter((item) => item.type === type).map((item) => item.payload) as never,
  };
}

/** A reply the test releases when it chooses: `promise` for the handler, `resolve` for the test. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
