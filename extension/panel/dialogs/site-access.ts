/**
 * Asking the browser for access to a profile's https hosts, and giving it back, from the panel.
 * Firefox gives DevTools panels no `permissions` API at all (Firefox bug 1796933; the same page
 * in a tab has it), so the panel checks for the API instead of calling into `undefined`: where it
 * is missing, the answer says so and names where the user grants the access instead. Invariant:
 * a profile is saved whatever the answer; the answer only adds a warning.
 */
import browser from 'webextension-polyfill';

export type SiteAccessAnswer = { granted: true } | { granted: false; message: string };

const GRANTED: SiteAccessAnswer = { granted: true };

/** The permissions API, or undefined where the browser gives this page none. */
function permissionsApi(): typeof browser.permissions | undefined {
  return (browser as { permissions?: typeof browser.permissions }).permissions;
}

/** False in Firefox's DevTools panel: site access can neither be asked for nor given back here. */
export function panelCanChangeSiteAccess(): boolean {
  return permissionsApi() !== undefined;
}

/**
 * Asks for access to `patterns`. Call it inside the click, before anything is awaited: browsers
 * show the prompt only for a user's action.
 */
export function requestSiteAccess(patterns: readonly string[]): Promise<SiteAccessAnswer> {
  if (patterns.length === 0) return Promise.resolve(GRANTED);
  const list = patterns.join(', ');
  const permissions = permissionsApi();
  if (permissions === undefined) {
    return Promise.resolve({
      granted: false,
      message: `Access to ${list} is not granted, and this panel cannot ask for it: Firefox gives DevTools panels no permissions API. Allow it on about:addons (Partner API DevTools, its Permissions tab), then send.`,
    });
  }
  return permissions.request({ origins: [...patterns] }).then(
    (granted): SiteAccessAnswer =>
      granted
        ? GRANTED
        : {
            granted: false,
            message: `Access to ${list} was not granted: calls will fail until you allow it (save again to be asked).`,
          },
    (error: unknown): SiteAccessAnswer => ({
      granted: false,
      message: `The browser would not ask for access to ${list} (${error instanceof Error ? error.message : String(error)}): calls will fail until you allow it in the browser’s extension settings.`,
    }),
  );
}

/** Gives back access no profile needs any more (only offered where the API exists). */
export async function giveBackSiteAccess(origins: readonly string[]): Promise<void> {
  await permissionsApi()?.remove({ origins: [...origins] });
}
