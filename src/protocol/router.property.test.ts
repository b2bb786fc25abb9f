/**
 * Property-based tests of the worker's message gate: any value, from any sender, gives a typed
 * result (never a throw, never a hang, never a polluted prototype), and a handler only ever sees a
 * payload that passed the schema of its type.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectPrototypesClean, expectTypedResult, MAX_MS } from '../testing/property-checks';
import { ok, type Result } from '../vocabulary/errors';
import { findUnsafeShape } from '../vocabulary/safe-object';
import { type MessageType, messages } from './messages';
import { createRouter, type Handlers, parseEnvelope, type SenderInfo } from './router';

/** Raise with FC_RUNS=5000 for a longer hunt; the default keeps the suite fast. */
const NUM_RUNS = Number(process.env.FC_RUNS) || 300;

const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';
const identity = { extensionId: EXTENSION_ID, origin: `chrome-extension://${EXTENSION_ID}` };
const panelSender: SenderInfo = {
  id: EXTENSION_ID,
  url: `chrome-extension://${EXTENSION_ID}/extension/panel/panel.html`,
};
const TYPES = Object.keys(messages) as MessageType[];

function parseChecked(raw: unknown): ReturnType<typeof parseEnvelope> {
  const started = performance.now();
  let result: ReturnType<typeof parseEnvelope> | undefined;
  let thrown: unknown = null;
  try {
    result = parseEnvelope(raw);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeNull();
  expect(performance.now() - started).toBeLessThan(MAX_MS);
  expectTypedResult(result);
  expectPrototypesClean();
  return result as ReturnType<typeof parseEnvelope>;
}

/** Every value fast-check can make, including ones that are not plain data. */
const anything = fc.anything({
  maxDepth: 4,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
});

/** Values the way chrome.runtime messaging delivers them: parsed from JSON. */
const jsonData = fc.jsonValue({ maxDepth: 5 });

const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype');

/** JSON text with a hostile key somewhere, parsed the way a message arrives (own property). */
const pollutingJson: fc.Arbitrary<unknown> = fc
  .tuple(
    fc.constantFrom(...TYPES),
    hostileKey,
    fc.integer({ min: 0, max: 4 }),
    fc.jsonValue({ maxDepth: 2 }),
  )
  .map(([type, key, depth, value]) => {
    let inner = `{${JSON.stringify(key)}:{"polluted":"yes","value":${JSON.stringify(value)}}}`;
    for (let i = 0; i < depth; i += 1) inner = i % 2 === 0 ? `{"a":${inner}}` : `[${inner}]`;
    return JSON.parse(`{"type":${JSON.stringify(type)},"payload":${inner}}`) as unknown;
  });

/** Nesting from harmless to far beyond the depth limit. */
const deepMessage: fc.Arbitrary<unknown> = fc
  .tuple(fc.constantFrom(...TYPES), fc.integer({ min: 1, max: 20_000 }), fc.boolean())
  .map(([type, depth, useArray]) => {
    const text = useArray
      ? `${'['.repeat(depth)}${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    return { type, payload: JSON.parse(text) as unknown };
  });

const name = fc.oneof(fc.constantFrom(...TYPES), fc.string({ maxLength: 20 }), hostileKey);

/** Near misses of a real message: right type, payload close to its schema. */
const nearMiss: fc.Arbitrary<unknown> = fc.record(
  {
    type: name,
    payload: fc.oneof(
      jsonData,
      fc.object({ maxDepth: 3 }),
      fc.dictionary(
        fc.constantFrom(
          'id',
          'profileId',
          'requestId',
          'profile',
          'secrets',
          'method',
          'path',
          'query',
          'headers',
          'body',
          'mode',
          'fresh',
          'text',
          'onClash',
          'format',
          'collection',
        ),
        fc.oneof(
          jsonData,
          fc.string({ maxLength: 70 }),
          fc.constantFrom('GET', 'POST', 'p1', 'ask', 'native', 'values', true, []),
          fc.array(fc.record({ name: fc.string(), value: fc.string() }), { maxLength: 3 }),
        ),
        { maxKeys: 8 },
      ),
    ),
    extra: jsonData,
  },
  { requiredKeys: [] },
);

const anyMessage = fc.oneof(anything, jsonData, pollutingJson, deepMessage, nearMiss);

function recordingHandlers(
  calls: { type: string; payload: unknown }[],
  behaviour: (type: MessageType) => Promise<Result<unknown>>,
): Handlers {
  const table: Record<string, (payload: unknown) => Promise<Result<unknown>>> = {};
  for (const type of TYPES) {
    table[type] = async (payload: unknown) => {
      calls.push({ type, payload });
      return behaviour(type);
    };
  }
  return table as unknown as Handlers;
}

describe('parseEnvelope, property-based', () => {
  it('answers any value with a validated envelope or a typed error, without throwing', () => {
    fc.assert(
      fc.property(anyMessage, (raw) => {
        const result = parseChecked(raw);
        if (result.ok) {
          expect(TYPES).toContain(result.value.type);
          expect(findUnsafeShape(result.value.payload)).toBeNull();
          const parsed = messages[result.value.type];
          expect(parsed).toBeDefined();
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('refuses every value with a "__proto__", "constructor" or "prototype" key', () => {
    fc.assert(
      fc.property(pollutingJson, (raw) => {
        const result = parseChecked(raw);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.code).toBe('bad_message');
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('refuses nesting beyond the limit, however deep, without overflowing the stack', () => {
    fc.assert(
      fc.property(deepMessage, (raw) => {
        parseChecked(raw);
      }),
      { numRuns: 100 },
    );
  });

  it('accepts exactly what passes the shape check and the schema of the type', () => {
    fc.assert(
      fc.property(nearMiss, (raw) => {
        const result = parseChecked(raw);
        const record = raw as Record<string, unknown>;
        const keysOk = Object.keys(record).every((key) => key === 'type' || key === 'payload');
        if (result.ok) {
          expect(keysOk).toBe(true);
          expect(result.value.type).toBe(record.type);
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

const validMessage = fc.oneof(
  fc.constantFrom<{ type: MessageType; payload: Record<string, unknown> }>(
    { type: 'profiles/list', payload: {} },
    { type: 'collections/list', payload: {} },
    { type: 'collections/export', payload: { id: 'c1', format: 'postman' } },
    { type: 'collections/import', payload: { text: '{}', onClash: 'ask' } },
  ),
  fc
    .tuple(
      fc.constantFrom<MessageType>(
        'history/list',
        'history/clear',
        'token/reveal',
        'token/compare',
      ),
      fc.string({ minLength: 1, maxLength: 64 }),
    )
    .map(([type, profileId]) => ({ type, payload: { profileId } as Record<string, unknown> })),
  fc.tuple(fc.string({ minLength: 1, maxLength: 64 }), fc.boolean()).map(([profileId, fresh]) => ({
    type: 'token/get' as MessageType,
    payload: { profileId, fresh } as Record<string, unknown>,
  })),
  fc.stringMatching(/^[A-Za-z0-9-]{1,64}$/).map((requestId) => ({
    type: 'request/cancel' as MessageType,
    payload: { requestId } as Record<string, unknown>,
  })),
);

describe('parseEnvelope on valid messages, property-based', () => {
  it('accepts a valid message as an equal, fresh copy', () => {
    fc.assert(
      fc.property(validMessage, (message) => {
        const raw = JSON.parse(JSON.stringify(message)) as unknown;
        const result = parseChecked(raw);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(result.value).toEqual(message);
        expect(result.value).not.toBe(raw);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('refuses a valid message with one payload key too many (strict schemas)', () => {
    fc.assert(
      fc.property(
        validMessage,
        fc.string({ maxLength: 20 }),
        fc.jsonValue({ maxDepth: 2 }),
        (message, key, value) => {
          fc.pre(!Object.hasOwn(message.payload, key));
          const raw = JSON.parse(
            JSON.stringify({ type: message.type, payload: { ...message.payload, [key]: value } }),
          ) as unknown;
          const result = parseChecked(raw);
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.error.code).toBe('bad_message');
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
});

describe('createRouter, property-based', () => {
  it('answers any message from any sender with a typed result; strangers never reach a handler', async () => {
    const sender = fc.oneof(
      fc.constant(panelSender),
      fc.record(
        {
          id: fc.oneof(fc.constant(EXTENSION_ID), fc.string({ maxLength: 40 })),
          url: fc.oneof(
            fc.constant(panelSender.url as string),
            fc.string().map((tail) => `chrome-extension://${EXTENSION_ID}${tail}`),
            fc.webUrl(),
            fc.string(),
          ),
          origin: fc.oneof(fc.constant(identity.origin), fc.string({ maxLength: 60 })),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(anyMessage, sender, async (raw, from) => {
        const calls: { type: string; payload: unknown }[] = [];
        const route = createRouter(
          recordingHandlers(calls, async () => ok({ done: true })),
          identity,
        );
        const started = performance.now();
        let result: Result<unknown> | undefined;
        let thrown: unknown = null;
        try {
          result = await route(raw, from);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeNull();
        expect(performance.now() - started).toBeLessThan(MAX_MS);
        expectTypedResult(result);
        expectPrototypesClean();
        const trusted =
          from.id === EXTENSION_ID &&
          from.url?.startsWith(`${identity.origin}/`) === true &&
          (from.origin === undefined || from.origin === identity.origin);
        if (!trusted) {
          expect(result?.ok).toBe(false);
          if (result && !result.ok) expect(result.error.code).toBe('sender_refused');
          expect(calls).toEqual([]);
        }
        expect(calls.length).toBe(result?.ok === true ? 1 : 0);
        for (const call of calls) expect(findUnsafeShape(call.payload)).toBeNull();
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('turns whatever a handler throws into a typed internal error', async () => {
    await fc.assert(
      fc.asyncProperty(validMessage, anything, fc.boolean(), async (message, thrownValue, sync) => {
        const throwing: Record<string, () => Promise<never>> = {};
        for (const type of TYPES) {
          throwing[type] = sync
            ? () => {
                throw thrownValue;
              }
            : async () => {
                throw thrownValue;
              };
        }
        const route = createRouter(throwing as unknown as Handlers, identity);
        let result: Result<unknown> | undefined;
        let thrown: unknown = null;
        try {
          result = await route(message, panelSender);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeNull();
        expectTypedResult(result);
        expect(result?.ok).toBe(false);
        if (result && !result.ok) expect(result.error.code).toBe('internal');
        expectPrototypesClean();
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
