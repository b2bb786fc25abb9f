/**
 * Copy as code against the fake worker (the real router and schemas): with variables the code is
 * copied and shown, and the status says to set them; with secrets it is copied and never shown;
 * a refused clipboard says what to do; a call that cannot be written shows why and asks nothing;
 * the code shown is written again for a later draft. A workbench opening closes what was shown.
 */
import { describe, expect, it } from 'vitest';
import { workspaceHarness } from '../testing/workspace-harness';
import { MAX_TEXT } from '../vocabulary/terms';
import { codeFor, copyCode } from './copy-as';
import { openWorkspace } from './workspace-commands';

const draft = { method: 'GET' as const, path: 'orders', query: [], headers: [], body: '' };
const source = { profileId: 'p', draft, shared: [] };

function setUp() {
  return workspaceHarness({
    'code/build': ({ language, mode, path }) => ({
      ok: true,
      value: { code: `${language} ${mode} /v1/${path}` },
    }),
    'workspace/get': () => ({
      ok: true,
      value: { draft: null, checks: null, answer: null, token: null },
    }),
  });
}

const written: string[] = [];
const clipboard = async (code: string) => {
  written.push(code);
  return true;
};

describe('Copy as code', () => {
  it('copies and shows the code with variables, and says to set them', async () => {
    const { store, worker, deps } = setUp();
    store.dispatch({ type: 'workbench/copy-as', set: { confirming: 'curl' } });
    await copyCode(
      deps,
      source,
      { language: 'curl', mode: 'variables', secret: 'API key' },
      clipboard,
    );
    expect(worker.payloads('code/build')[0]).toMatchObject({ language: 'curl', mode: 'variables' });
    expect(written.at(-1)).toBe('curl variables /v1/orders');
    expect(store.get().workbench.copyAs).toEqual({
      shown: { language: 'curl', code: 'curl variables /v1/orders' },
      status: 'Copied. Set the variables it names first, then run it.',
      error: null,
      confirming: null,
    });
  });

  it('copies with secrets without showing the code; a refused clipboard says what to do', async () => {
    const { store, deps } = setUp();
    const refused = async () => false;
    const copy = { language: 'python' as const, mode: 'values' as const, secret: 'access token' };
    await copyCode(deps, source, copy, refused);
    expect(store.get().workbench.copyAs.shown).toBeNull();
    expect(store.get().workbench.copyAs.status).toMatch(
      /^Copying failed, and code with the access token is not shown/,
    );
  });

  it('shows why a call cannot be written, and copies nothing', async () => {
    const { store, worker, deps } = setUp();
    const tooLong = { ...source, draft: { ...draft, path: 'x'.repeat(MAX_TEXT + 1) } };
    const before = written.length;
    await copyCode(
      deps,
      tooLong,
      { language: 'curl', mode: 'variables', secret: 'API key' },
      clipboard,
    );
    expect(worker.payloads('code/build')).toEqual([]);
    expect(written).toHaveLength(before);
    expect(store.get().workbench.copyAs.error?.message).toBeTruthy();
  });

  it('writes the code again for a later draft, and a workbench opening closes it', async () => {
    const { store, deps } = setUp();
    await copyCode(
      deps,
      source,
      { language: 'curl', mode: 'variables', secret: 'API key' },
      clipboard,
    );
    const later = { ...source, draft: { ...draft, path: 'orders/7' } };
    expect(await codeFor(deps, later, 'curl')).toBe('curl variables /v1/orders/7');
    await openWorkspace(deps, 'q');
    expect(store.get().workbench.copyAs).toEqual({
      shown: null,
      status: '',
      error: null,
      confirming: null,
    });
  });
});
