/**
 * Once their code is loaded, Get token and Compare variants ask the worker within the call itself:
 * the message leaves before anything is awaited (a waking worker starts sooner, and nothing is
 * drawn first).
 */
import { expect, it } from 'vitest';
import type { TokenSuccessView } from '../../service/token/token-grant';
import { workspaceHarness } from '../../testing/workspace-harness';
import { createTokenIntents } from './token-intents';

const view = { outcome: 'token', receivedAtMs: 1, token: {} } as TokenSuccessView;

function setUp() {
  const harness = workspaceHarness({
    'token/get': () => ({ ok: true, value: { view, fromCache: false, refreshFailure: null } }),
    'token/compare': () => ({ ok: true, value: { attempts: [] } }),
  });
  return { ...harness, tokens: createTokenIntents(harness.deps) };
}

it('a second Get token asks the worker before anything is awaited', async () => {
  const { worker, tokens } = setUp();
  await tokens.getToken('p');
  const again = tokens.getToken('p');
  expect(worker.payloads('token/get')).toHaveLength(2);
  await again;
});

it('Compare variants, once loaded, asks the worker before anything is awaited', async () => {
  const { worker, tokens } = setUp();
  await tokens.compare('p');
  const again = tokens.compare('p');
  expect(worker.payloads('token/compare')).toHaveLength(2);
  await again;
});
