/**
 * The layout preferences: read once (the defaults when they cannot be), changed in the store at
 * once, and saved 400 ms after the last change, every change since the last save in one write
 * that passes the real `prefs/set` schema.
 */
import { describe, expect, it } from 'vitest';
import { settle, workspaceHarness } from '../testing/workspace-harness';
import { DEFAULT_UI_PREFS } from '../vocabulary/ui-prefs';
import { createPrefsCommands, PREFS_SAVE_DELAY_MS } from './prefs-commands';

describe('the layout preferences', () => {
  it('are read once, or are the defaults when the worker cannot read them', async () => {
    const { worker, store, deps } = workspaceHarness({
      'prefs/get': () => ({
        ok: true,
        value: { prefs: { ...DEFAULT_UI_PREFS, sidebarWidth: 300 } },
      }),
    });
    const prefs = createPrefsCommands(deps);
    expect(store.get().prefs).toBeNull();
    await prefs.load();
    expect(store.get().prefs?.sidebarWidth).toBe(300);
    worker.handle('prefs/get', () => ({
      ok: false,
      error: { code: 'storage_failed', message: 'Unreadable.', hint: 'Reload.' },
    }));
    await prefs.load();
    expect(store.get().prefs).toEqual(DEFAULT_UI_PREFS);
  });

  it('change at once and are saved in one write 400 ms after the last change', async () => {
    const { worker, store, clock, deps } = workspaceHarness({
      'prefs/set': () => ({ ok: true, value: { prefs: { ...DEFAULT_UI_PREFS } } }),
    });
    const prefs = createPrefsCommands(deps);
    prefs.set({ requestTab: 'body' });
    expect(store.get().prefs?.requestTab).toBe('body');
    clock.advance(300);
    prefs.set({ splitRow: 0.6 });
    prefs.set({ requestTab: 'tests' });
    clock.advance(PREFS_SAVE_DELAY_MS - 1);
    expect(worker.payloads('prefs/set')).toEqual([]);
    clock.advance(1);
    await settle();
    expect(worker.payloads('prefs/set')).toEqual([
      { prefs: { requestTab: 'tests', splitRow: 0.6 } },
    ]);
    prefs.set({ sidebarOpen: false });
    clock.advance(PREFS_SAVE_DELAY_MS);
    await settle();
    expect(worker.payloads('prefs/set')).toEqual([
      { prefs: { requestTab: 'tests', splitRow: 0.6 } },
      { prefs: { sidebarOpen: false } },
    ]);
  });
});
