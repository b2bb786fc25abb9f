import { describe, expect, it } from 'vitest';
import * as results from '../testing/results';
import { type AppError, ok, type Result } from '../vocabulary/errors';
import { checkSender, createRouter, type Handlers, parseEnvelope, type SenderInfo } from './router';

const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';
const identity = { extensionId: EXTENSION_ID, origin: `chrome-extension://${EXTENSION_ID}` };
const panelSender: SenderInfo = {
  id: EXTENSION_ID,
  url: `chrome-extension://${EXTENSION_ID}/extension/panel/panel.html`,
};

const routingIdentity = identity;
const routingSender = panelSender;

interface Setup {
  route: (raw: unknown, sender?: SenderInfo) => Promise<Result<unknown>>;
  calls: { type: string; payload: unknown }[];
}

function setup(
  overrides: Partial<Handlers> = {},
  who: { identity: typeof identity; sender: SenderInfo } = {
    identity: routingIdentity,
    sender: routingSender,
  },
): Setup {
  const calls: { type: string; payload: unknown }[] = [];
  const record =
    <T>(type: string, value: T) =>
    async (payload: unknown) => {
      calls.push({ type, payload });
      return ok(value);
    };
  const handlers: Handlers = {
    'profiles/list': record('profiles/list', { profiles: [], activeProfileId: null }),
    'profiles/save': async () => {
      throw new Error('not used');
    },
    'profiles/delete': record('profiles/delete', { id: 'p1', unusedOrigins: [] }),
    'profiles/activate': record('profiles/activate', { activeProfileId: 'p1' }),
    'request/send': async () => {
      throw new Error('not used');
    },
    'token/get': async () => {
      throw new Error('not used');
    },
    'request/cancel': record('request/cancel', { cancelled: false }),
    'history/list': record('history/list', { entries: [] }),
    'history/clear': record('history/clear', { cleared: 0 }),
    'history/answer': record('history/answer', { answer: null }),
    'workspace/get': record('workspace/get', {
      draft: null,
      checks: null,
      answer: null,
      token: null,
    }),
    'workspace/save-draft': record('workspace/save-draft', { saved: true }),
    'prefs/get': async () => {
      throw new Error('not used');
    },
    'prefs/set': async () => {
      throw new Error('not used');
    },
    'sandbox/demo': async () => {
      throw new Error('not used');
    },
    'code/build': record('code/build', { code: 'curl' }),
    'collections/list': record('collections/list', { collections: [] }),
    'collections/put': async () => {
      throw new Error('not used');
    },
    'collections/delete': record('collections/delete', { id: 'c1' }),
    'collections/export': record('collections/export', { fileName: 'c.json', text: '{}' }),
    'collections/export-folder': record('collections/export-folder', { folder: 'c', files: [] }),
    'collections/connect-folder': record('collections/connect-folder', { opened: true }),
    'collections/import': record('collections/import', { outcome: 'clash', name: 'c' }),
    'collections/import-parsed': async () => {
      throw new Error('not used');
    },
    'token/reveal': record('token/reveal', { accessToken: 'not-a-real-token' }),
    'token/compare': async () => {
      throw new Error('not used');
    },
    'lock/status': record('lock/status', { state: 'off' }),
    'lock/enable': record('lock/enable', { state: 'unlocked' }),
    'lock/unlock': record('lock/unlock', { state: 'unlocked' }),
    'lock/lock': record('lock/lock', { state: 'locked' }),
    'lock/change': record('lock/change', { state: 'unlocked' }),
    'lock/remove': record('lock/remove', { state: 'off' }),
    'lock/reset': record('lock/reset', { state: 'off', removed: 0 }),
    'capture/check-tokens': record('capture/check-tokens', { tokens: [] }),
    'capture/mask': record('capture/mask', { texts: [], forms: [] }),
    'variables/carried': record('variables/carried', { values: [] }),
    'variables/clear': record('variables/clear', { values: [] }),
    'report/redact': record('report/redact', { text: '', replaced: 0 }),
    'worker/wake': record('worker/wake', { awake: true }),
    ...overrides,
  };
  const router = createRouter(handlers, who.identity);
  return { route: (raw, sender = who.sender) => router(raw, sender), calls };
}

/** Asserts the refusal shape every consumer relies on and returns its error. */
function refusal(result: Result<unknown>): AppError {
  const error = results.refusal(result);
  expect(Object.keys(result)).toEqual(['ok', 'error']);
  // A message refused for its shape also names the worker's build (src/protocol/build-id.ts).
  const refusedShape = error.code === 'bad_message' || error.code === 'unknown_type';
  expect(Object.keys(error).sort()).toEqual(
    refusedShape ? ['build', 'code', 'hint', 'message'] : ['code', 'hint', 'message'],
  );
  expect(typeof error.code).toBe('string');
  return error;
}

const sendPayload = {
  requestId: 'r-1',
  profileId: 'p1',
  method: 'GET',
  path: 'products',
  query: [],
  headers: [{ name: 'X-Request-Id', value: '1' }],
  body: '',
};

describe('router: a valid message', () => {
  it('reaches its handler with the parsed payload and returns the handler’s answer', async () => {
    const { route, calls } = setup();
    const result = await route({ type: 'profiles/delete', payload: { id: 'p1' } });
    expect(result).toEqual({ ok: true, value: { id: 'p1', unusedOrigins: [] } });
    expect(calls).toEqual([{ type: 'profiles/delete', payload: { id: 'p1' } }]);
  });

  it('dispatches each type to its own handler', async () => {
    const { route, calls } = setup();
    await route({ type: 'profiles/activate', payload: { id: 'p2' } });
    await route({ type: 'profiles/list', payload: {} });
    expect(calls.map((call) => call.type)).toEqual(['profiles/activate', 'profiles/list']);
  });
});

describe('router: capture/check-tokens', () => {
  const fingerprint = 'ab'.repeat(32);

  it('reaches its handler with fingerprints only', async () => {
    const { route, calls } = setup();
    const result = await route({
      type: 'capture/check-tokens',
      payload: { fingerprints: [fingerprint] },
    });
    expect(result).toEqual({ ok: true, value: { tokens: [] } });
    expect(calls).toEqual([
      { type: 'capture/check-tokens', payload: { fingerprints: [fingerprint] } },
    ]);
  });

  it('refuses a token where a fingerprint belongs, without quoting it', async () => {
    const { route, calls } = setup();
    const token = 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2ln';
    const error = refusal(
      await route({ type: 'capture/check-tokens', payload: { fingerprints: [token] } }),
    );
    expect(error.code).toBe('bad_message');
    expect(error.message).not.toContain('eyJ');
    expect(calls).toEqual([]);
  });
});

describe('router: refused messages never reach a handler', () => {
  const refused: [string, unknown, string][] = [
    ['an unknown type', { type: 'profiles/nuke', payload: {} }, 'unknown_type'],
    ['an inherited property name as type', { type: 'toString', payload: {} }, 'unknown_type'],
    ['a missing type', { payload: {} }, 'unknown_type'],
    ['a non-string type', { type: 42, payload: {} }, 'unknown_type'],
    ['an extra key in the envelope', { type: 'profiles/list', payload: {}, x: 1 }, 'bad_message'],
    [
      'an extra key in the payload',
      { type: 'profiles/delete', payload: { id: 'p1', force: true } },
      'bad_message',
    ],
    [
      'an extra key in a nested header',
      {
        type: 'request/send',
        payload: { ...sendPayload, headers: [{ name: 'a', value: 'b', c: 'd' }] },
      },
      'bad_message',
    ],
    ['a wrong payload type', { type: 'profiles/delete', payload: { id: 7 } }, 'bad_message'],
    ['a missing payload', { type: 'profiles/delete' }, 'bad_message'],
    [
      'an HTTP method not in the list',
      {
        type: 'request/send',
        payload: { ...sendPayload, method: 'TRACE' },
      },
      'bad_message',
    ],
    ['null', null, 'bad_message'],
    ['a string', 'profiles/list', 'bad_message'],
    ['an array', [{ type: 'profiles/list', payload: {} }], 'bad_message'],
    [
      'a __proto__ key at the top level',
      JSON.parse('{"type": "profiles/list", "payload": {}, "__proto__": {"polluted": true}}'),
      'bad_message',
    ],
    [
      'a __proto__ key in the payload',
      JSON.parse('{"type": "profiles/delete", "payload": {"id": "p1", "__proto__": {"x": 1}}}'),
      'bad_message',
    ],
    [
      'a __proto__ key inside a header object',
      {
        type: 'request/send',
        payload: {
          ...sendPayload,
          headers: [JSON.parse('{"name": "a", "value": "b", "__proto__": {"polluted": true}}')],
        },
      },
      'bad_message',
    ],
    [
      'a constructor key',
      { type: 'profiles/delete', payload: { id: 'p1', constructor: { prototype: { x: 1 } } } },
      'bad_message',
    ],
    [
      'a prototype key',
      { type: 'profiles/delete', payload: { id: 'p1', prototype: {} } },
      'bad_message',
    ],
    [
      'a Date in the payload',
      { type: 'profiles/delete', payload: { id: new Date(0) } },
      'bad_message',
    ],
    [
      'a function in the payload',
      { type: 'profiles/delete', payload: { id: () => 'p1' } },
      'bad_message',
    ],
    ['a Map as the payload', { type: 'profiles/list', payload: new Map() }, 'bad_message'],
    ['a bigint in the payload', { type: 'profiles/delete', payload: { id: 1n } }, 'bad_message'],
  ];

  it.each(refused)('refuses %s', async (_label, raw, code) => {
    const { route, calls } = setup();
    const error = refusal(await route(raw));
    expect(error.code).toBe(code);
    expect(calls).toEqual([]);
  });

  it('names the offending key when it refuses __proto__, without polluting Object.prototype', async () => {
    const { route } = setup();
    const error = refusal(
      await route(
        JSON.parse('{"type": "profiles/list", "payload": {"__proto__": {"polluted": 1}}}'),
      ),
    );
    expect(error.message).toContain('__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses 10 000-deep nesting with a typed error instead of a stack overflow', async () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 10_000; i += 1) deep = { a: deep };
    const { route, calls } = setup();
    const error = refusal(await route({ type: 'profiles/list', payload: deep }));
    expect(error.code).toBe('bad_message');
    expect(error.message).toMatch(/deep/);
    expect(calls).toEqual([]);
  });

  it('refuses 10 000-deep arrays in a header list the same way', async () => {
    let deep: unknown = [];
    for (let i = 0; i < 10_000; i += 1) deep = [deep];
    const { route } = setup();
    const error = refusal(
      await route({ type: 'request/send', payload: { ...sendPayload, headers: deep } }),
    );
    expect(error.code).toBe('bad_message');
  });
});

describe('router: sender check', () => {
  const valid = { type: 'profiles/list', payload: {} };
  const refusedSenders: [string, SenderInfo][] = [
    [
      'another extension',
      {
        id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz',
        url: 'chrome-extension://zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz/x.html',
      },
    ],
    [
      'another extension claiming our page URL',
      { id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', url: panelSender.url },
    ],
    [
      'our id from a web page (as a content script would be)',
      { id: EXTENSION_ID, url: 'https://partner.example.com/app' },
    ],
    ['our id without a URL', { id: EXTENSION_ID }],
    ['our id with an unparsable URL', { id: EXTENSION_ID, url: 'not a url' }],
    ['our URL without an id', { url: panelSender.url }],
    [
      'our id and URL but a web origin',
      { id: EXTENSION_ID, url: panelSender.url, origin: 'https://partner.example.com' },
    ],
    ['nothing at all', {}],
  ];

  it.each(refusedSenders)('refuses %s with sender_refused', async (_label, sender) => {
    const { route, calls } = setup({}, { identity, sender: panelSender });
    const error = refusal(await route(valid, sender));
    expect(error.code).toBe('sender_refused');
    expect(calls).toEqual([]);
  });

  // Regression guard: `new URL(url).origin` is "null" for chrome-extension: URLs under the URL
  // standard (Node, and any engine that follows it), so an origin check built on it would refuse
  // our own panel everywhere but in Chrome.
  it('accepts our id with our own chrome-extension:// page URL', async () => {
    expect(checkSender(panelSender, identity)).toBeNull();
    expect(checkSender({ ...panelSender, origin: identity.origin }, identity)).toBeNull();
    const { route, calls } = setup({}, { identity, sender: panelSender });
    expect((await route(valid, panelSender)).ok).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('accepts our id with a URL of our own origin, and a matching sender origin', async () => {
    expect(checkSender(routingSender, routingIdentity)).toBeNull();
    expect(
      checkSender({ ...routingSender, origin: routingIdentity.origin }, routingIdentity),
    ).toBeNull();
    const { route, calls } = setup();
    expect((await route(valid)).ok).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('refuses a lookalike origin that only starts with ours', () => {
    const lookalike = { id: EXTENSION_ID, url: 'https://panel.test.evil.example/panel.html' };
    expect(checkSender(lookalike, routingIdentity)?.code).toBe('sender_refused');
  });

  it('checks the sender before the message: a foreign sender learns nothing about the schema', async () => {
    const { route } = setup({}, { identity, sender: panelSender });
    const error = refusal(
      await route({ type: 'nope', payload: 1 }, { id: EXTENSION_ID, url: 'https://evil.example/' }),
    );
    expect(error.code).toBe('sender_refused');
  });
});

describe('router: a handler that fails', () => {
  const secret = 'sk_live_4f9a8b7c6d5e';

  it('becomes a typed internal error that does not quote the thrown message', async () => {
    const { route } = setup({
      'profiles/list': async () => {
        throw new Error(`could not decrypt ${secret}`);
      },
    });
    const error = refusal(await route({ type: 'profiles/list', payload: {} }));
    expect(error.code).toBe('internal');
    expect(JSON.stringify(error)).not.toContain(secret);
    expect(error.message).not.toContain('could not decrypt');
  });

  it('does not quote a thrown string or object either', async () => {
    const { route } = setup({
      'profiles/delete': async () => {
        throw secret;
      },
      'profiles/activate': async () => {
        throw { apiKey: secret };
      },
    });
    for (const type of ['profiles/delete', 'profiles/activate']) {
      const error = refusal(await route({ type, payload: { id: 'p1' } }));
      expect(error.code).toBe('internal');
      expect(JSON.stringify(error)).not.toContain(secret);
    }
  });

  it('passes a handler’s own typed refusal through unchanged', async () => {
    const { route } = setup({
      'profiles/delete': async () => ({
        ok: false,
        error: { code: 'not_found', message: 'No such profile.', hint: 'Pick another.' },
      }),
    });
    expect(await route({ type: 'profiles/delete', payload: { id: 'p9' } })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'No such profile.', hint: 'Pick another.' },
    });
  });
});

describe('parseEnvelope', () => {
  it('returns a validated copy, so later changes to the raw message do not reach the handler', () => {
    const raw = { type: 'profiles/delete', payload: { id: 'p1' } };
    const parsed = parseEnvelope(raw);
    raw.payload.id = 'changed';
    expect(parsed).toEqual({ ok: true, value: { type: 'profiles/delete', payload: { id: 'p1' } } });
  });

  it('says which field failed the schema', () => {
    const parsed = parseEnvelope({ type: 'request/send', payload: { ...sendPayload, path: 5 } });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.message).toContain('path');
  });
});
