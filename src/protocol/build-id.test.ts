import { describe, expect, it } from 'vitest';
import { BUILD_ID, fromOtherBuild } from './build-id';
import { createRouter, fieldWords, type Handlers } from './router';

const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';
const identity = { extensionId: EXTENSION_ID, origin: `chrome-extension://${EXTENSION_ID}` };
const sender = { id: EXTENSION_ID, url: `${identity.origin}/extension/panel/panel.html` };

describe('a refused message and the build that refused it', () => {
  it('carries the worker’s build id, and says in words which field, without the schema’s dump', async () => {
    const route = createRouter({} as Handlers, identity, undefined, 'worker-build-1');
    const reply = await route(
      {
        type: 'workspace/save-draft',
        payload: {
          profileId: 'p1',
          draft: { method: 'GET', path: '', query: [], headers: [], body: '' },
          checks: { assertions: [], answerVariables: [{ name: 1, expression: '', enabled: true }] },
        },
      },
      sender,
    );
    if (reply.ok) throw new Error('expected a refusal');
    expect(reply.error.build).toBe('worker-build-1');
    expect(reply.error.message).toBe(
      'The worker refused what the panel sent (checks, answer variables #1, name): the panel cannot do this as it is.',
    );
    expect(`${reply.error.message} ${reply.error.hint}`).not.toMatch(
      /different builds|Expected|Invalid/,
    );
  });

  it('is "another build" only when the ids differ', () => {
    expect(fromOtherBuild({ build: 'a' }, 'a')).toBe(false);
    expect(fromOtherBuild({ build: 'a' }, 'b')).toBe(true);
    expect(fromOtherBuild({}, 'b')).toBe(false);
    // The tests run with the build's define, as the panel and the worker do.
    expect(BUILD_ID).not.toBe('unbuilt');
  });

  it('puts a payload path in words', () => {
    expect(fieldWords('checks.answerVariables.0.name')).toBe('checks, answer variables #1, name');
    expect(fieldWords('path')).toBe('path');
  });
});
