/**
 * DevTools' theme for the panel, the other half of the DevTools adapter (devtools-adapter.ts): the
 * panel page reads it at start, where the adapter's capture half is not needed. Inside DevTools
 * it follows DevTools' own theme (Chrome reports changes to `setThemeChangeHandler`, Firefox to
 * `onThemeChanged`); in a plain tab, the system's light or dark preference.
 */

type DevToolsApi = typeof chrome.devtools;

function api(): DevToolsApi | undefined {
  return (globalThis as { chrome?: { devtools?: DevToolsApi } }).chrome?.devtools;
}

/** DevTools' own theme when running inside DevTools; otherwise the system preference. */
export function currentTheme(): 'dark' | 'light' {
  const themeName = api()?.panels.themeName;
  if (themeName !== undefined) return themeName === 'dark' ? 'dark' : 'light';
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Calls `listener` when DevTools (or, in a tab, the system) switches between light and dark. */
export function onThemeChange(listener: (theme: 'dark' | 'light') => void): void {
  const panels = api()?.panels as
    | {
        setThemeChangeHandler?: (handler: (themeName: string) => void) => void;
        onThemeChanged?: { addListener(handler: (themeName: string) => void): void };
      }
    | undefined;
  const forward = (themeName: string) => listener(themeName === 'dark' ? 'dark' : 'light');
  if (panels?.setThemeChangeHandler) {
    panels.setThemeChangeHandler(forward);
    return;
  }
  if (panels?.onThemeChanged) {
    panels.onThemeChanged.addListener(forward);
    return;
  }
  globalThis
    .matchMedia?.('(prefers-color-scheme: dark)')
    .addEventListener('change', (event) => listener(event.matches ? 'dark' : 'light'));
}
