import { describe, expect, it } from 'vitest';
import { DEFAULT_UI_PREFS, withPrefs } from './ui-prefs';

describe('withPrefs', () => {
  it('takes what the patch sets and keeps the rest', () => {
    expect(withPrefs(DEFAULT_UI_PREFS, { sidebarWidth: 320, responseTab: 'headers' })).toEqual({
      ...DEFAULT_UI_PREFS,
      sidebarWidth: 320,
      responseTab: 'headers',
    });
  });

  it('keeps a preference the patch names as undefined', () => {
    const base = withPrefs(DEFAULT_UI_PREFS, { sidebarOpen: false });
    expect(withPrefs(base, { sidebarOpen: undefined, splitRow: 0.3 })).toEqual({
      ...DEFAULT_UI_PREFS,
      sidebarOpen: false,
      splitRow: 0.3,
    });
  });

  it('leaves the defaults themselves untouched', () => {
    withPrefs(DEFAULT_UI_PREFS, { sidebarWidth: 500 });
    expect(DEFAULT_UI_PREFS.sidebarWidth).toBe(240);
  });
});
