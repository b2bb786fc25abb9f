/**
 * The worker's single entry point for messages. Order is fixed and fails closed:
 *   1. who sent it (this extension's own pages only),
 *   2. is it plain data (no prototype keys, bounded depth),
 *   3. does it match the schema of its type (strict: no extra keys),
 *   4. the handler from the table runs; if it throws, the sender gets a typed `internal` error.
 */
import * as v from 'valibot';
import { type AppError, fail, type Result } from '../vocabulary/errors';
import { findUnsafeShape } from '../vocabulary/safe-object';
import { BUILD_ID } from './build-id';
import {
  type Envelope,
  type MessageType,
  messages,
  type RequestOf,
  type ResponseOf,
} from './messages';
import { NO_PHASE_TIMES, type PhaseTimes } from './phase-times';

export interface SenderInfo {
  id?: string | undefined;
  url?: string | undefined;
  origin?: string | undefined;
}

export interface Identity {
  extensionId: string;
  /** e.g. `chrome-extension://<id>` */
  origin: string;
}

export type Handlers = {
  [K in MessageType]: (payload: RequestOf<K>) => Promise<Result<ResponseOf<K>>>;
};

const REFUSED_HINT =
  'Only the Partner API DevTools panel may talk to its background worker. Open the panel from DevTools.';

/** Null when the sender is one of this extension's own pages, else the refusal to send back. */
export function checkSender(sender: SenderInfo, identity: Identity): AppError | null {
  // Compared as text: the URL standard gives `chrome-extension:` URLs the opaque origin "null"
  // outside Chrome, so `new URL(url).origin` cannot tell our pages from anyone's.
  const sameId = sender.id === identity.extensionId;
  const sameOrigin =
    sender.url?.startsWith(`${identity.origin}/`) === true &&
    (sender.origin === undefined || sender.origin === identity.origin);
  if (sameId && sameOrigin) return null;
  return fail(
    'sender_refused',
    'This message did not come from the extension’s own pages.',
    REFUSED_HINT,
  ).error;
}

function isMessageType(type: unknown): type is MessageType {
  return typeof type === 'string' && Object.hasOwn(messages, type);
}

/** Checks shape and schema; the returned envelope is a fresh, validated copy. */
export function parseEnvelope(raw: unknown): Result<Envelope> {
  const unsafe = findUnsafeShape(raw);
  if (unsafe !== null) {
    const what =
      unsafe.kind === 'forbidden_key'
        ? `the key "${unsafe.key}" at ${unsafe.path}`
        : unsafe.kind === 'too_deep'
          ? `nesting that is too deep at ${unsafe.path}`
          : `a value that is not plain data at ${unsafe.path}`;
    return fail(
      'bad_message',
      `The message was refused: it contains ${what}.`,
      'Send plain JSON data.',
    );
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return fail(
      'bad_message',
      'The message was refused: it is not an object.',
      'Send { type, payload }.',
    );
  }
  const keys = Object.keys(raw);
  const extra = keys.filter((key) => key !== 'type' && key !== 'payload');
  if (extra.length > 0) {
    return fail(
      'bad_message',
      `The message was refused: unexpected key "${extra[0]}".`,
      'A message has exactly two keys: type and payload.',
    );
  }
  const { type, payload } = raw as { type?: unknown; payload?: unknown };
  if (!isMessageType(type)) {
    return fail(
      'unknown_type',
      `The worker does not know the request ${JSON.stringify(String(type)).slice(0, 80)}.`,
      'Reload the panel (close and reopen DevTools); if it happens again, report it with these words.',
    );
  }
  const parsed = v.safeParse(messages[type], payload);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const where = issue ? v.getDotPath(issue) : null;
    return fail(
      'bad_message',
      `The worker refused what the panel sent${where ? ` (${fieldWords(where)})` : ''}: the panel cannot do this as it is.`,
      'Change or clear that field and try again; if it happens again, reload the panel.',
    );
  }
  return { ok: true, value: { type, payload: parsed.output } as Envelope };
}

/** A payload's dot path in words: `checks.answerVariables.0.name` → "checks, answer variables #1, name". */
export function fieldWords(path: string): string {
  return path
    .split('.')
    .map((part) =>
      /^\d+$/.test(part)
        ? `#${Number(part) + 1}`
        : part.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(),
    )
    .join(', ')
    .replace(/, #/g, ' #');
}

/** `phases`: where the bench's phase timing records the checks and the handlers (else nowhere). */
export function createRouter(
  handlers: Handlers,
  identity: Identity,
  phases: PhaseTimes = NO_PHASE_TIMES,
  /** This worker's build id, sent with every refused message (src/protocol/build-id.ts). */
  build: string = BUILD_ID,
) {
  return async function route(raw: unknown, sender: SenderInfo): Promise<Result<unknown>> {
    const checkStart = performance.now();
    const refusal = checkSender(sender, identity);
    if (refusal !== null) return { ok: false, error: refusal };
    const envelope = parseEnvelope(raw);
    phases.add('check', performance.now() - checkStart);
    if (!envelope.ok) return { ok: false, error: { ...envelope.error, build } };
    const handler = handlers[envelope.value.type] as (payload: unknown) => Promise<Result<unknown>>;
    try {
      return await phases.time('handler', () => handler(envelope.value.payload));
    } catch (error) {
      // The thrown value may quote data it was handed (possibly a secret): report only its kind.
      const kind = error instanceof Error ? error.name : typeof error;
      return fail(
        'internal',
        `The background worker failed while handling ${envelope.value.type} (${kind}).`,
        'Try again; if it keeps failing, reload the extension and report the steps that led here.',
      );
    }
  };
}
