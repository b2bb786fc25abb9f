/**
 * The workbench's intents: one dialog open at a time, closed by a workbench opening; Send on the
 * Auth tab goes back to the tab the Auth tab was opened from (Params when it was open first).
 */
import { describe, expect, it } from 'vitest';
import { workspaceHarness } from '../testing/workspace-harness';
import { DEFAULT_UI_PREFS } from '../vocabulary/ui-prefs';
import { createPrefsCommands } from './prefs-commands';
import { createWorkbenchCommands } from './workbench-commands';

function bench() {
  const harness = workspaceHarness({
    'prefs/set': () => ({ ok: true, value: { prefs: { ...DEFAULT_UI_PREFS } } }),
  });
  harness.store.dispatch({ type: 'prefs', set: { ...DEFAULT_UI_PREFS } });
  const prefs = createPrefsCommands(harness.deps);
  return { ...harness, commands: createWorkbenchCommands(harness.deps, prefs.set) };
}

describe('the workbench commands', () => {
  it('open one dialog at a time, and a workbench opening closes it', () => {
    const { store, commands } = bench();
    commands.openDialog('save');
    commands.openDialog('search');
    expect(store.get().workbench.dialog).toBe('search');
    store.dispatch({ type: 'workbench/opened' });
    expect(store.get().workbench.dialog).toBe('none');
  });

  it('go back on Send to the tab the Auth tab was opened from', () => {
    const { store, commands } = bench();
    commands.showRequestTab('body');
    commands.showRequestTab('auth');
    commands.showRequestTab('auth');
    expect(store.get().prefs?.requestTab).toBe('auth');
    commands.leaveAuthTab();
    expect(store.get().prefs?.requestTab).toBe('body');
  });

  it('go back to Params when the panel opened on the Auth tab, and stay off Auth otherwise', () => {
    const { store, commands } = bench();
    store.dispatch({ type: 'prefs', set: { requestTab: 'auth' } });
    commands.leaveAuthTab();
    expect(store.get().prefs?.requestTab).toBe('params');
    commands.showRequestTab('headers');
    commands.leaveAuthTab();
    expect(store.get().prefs?.requestTab).toBe('headers');
  });
});
