/**
 * The one place that touches `chrome.devtools`. The panel page also runs as a plain extension tab
 * (tests and "open in a tab" use that), where `chrome.devtools` does not exist; every caller goes
 * through here and gets a sensible answer in both places.
 */

type DevToolsApi = typeof chrome.devtools;

function api(): DevToolsApi | undefined {
  return (globalThis as { chrome?: { devtools?: DevToolsApi } }).chrome?.devtools;
}

export function isInDevTools(): boolean {
  return api() !== undefined;
}

/** DevTools' own theme when running inside DevTools; otherwise the system preference. */
export function currentTheme(): 'dark' | 'light' {
  const themeName = api()?.panels.themeName;
  if (themeName !== undefined) return themeName === 'dark' ? 'dark' : 'light';
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function registerPanel(title: string, iconPath: string, pagePath: string): void {
  const devtools = api();
  if (devtools === undefined) return;
  devtools.panels.create(title, iconPath, pagePath);
}

/** Calls `listener` when DevTools (or, in a tab, the system) switches between light and dark. */
export function onThemeChange(listener: (theme: 'dark' | 'light') => void): void {
  const panels = api()?.panels as
    | { setThemeChangeHandler?: (handler: (themeName: string) => void) => void }
    | undefined;
  if (panels?.setThemeChangeHandler) {
    panels.setThemeChangeHandler((themeName) => listener(themeName === 'dark' ? 'dark' : 'light'));
    return;
  }
  globalThis
    .matchMedia?.('(prefers-color-scheme: dark)')
    .addEventListener('change', (event) => listener(event.matches ? 'dark' : 'light'));
}
