/**
 * Where a user reloads the extension or grants it a site, in the browser an extension origin
 * belongs to: each browser fixes the scheme of its extensions' pages (`chrome-extension:`,
 * `moz-extension:`), so an origin says which browser's pages to name. The worker names its own
 * (extension/background/browser-kind.ts); the origin advice names those of the Origin header that
 * went out. Invariant: a hint never sends a Firefox user to chrome://extensions, nor the reverse;
 * an origin of neither kind gets both browsers' pages.
 */

export interface ExtensionPages {
  /** Where the extension is reloaded (its header rules are put in place again). */
  reload: string;
  /** Where the extension is granted a site. */
  siteAccess: string;
}

const CHROME: ExtensionPages = {
  reload: 'chrome://extensions',
  siteAccess: 'chrome://extensions (Details, Site access)',
};

/**
 * A temporary add-on (loaded from a folder) has a Reload button in about:debugging; one installed
 * from a file or AMO has none, and is turned off and on again in about:addons.
 */
const FIREFOX: ExtensionPages = {
  reload:
    'about:debugging (This Firefox, Reload; an installed add-on: turn it off and on in about:addons)',
  siteAccess: 'about:addons (the add-on’s Permissions tab)',
};

const EITHER: ExtensionPages = {
  reload: `${CHROME.reload} in Chrome, or ${FIREFOX.reload} in Firefox`,
  siteAccess: `${CHROME.siteAccess} in Chrome, or ${FIREFOX.siteAccess} in Firefox`,
};

export function extensionPagesFor(origin: string): ExtensionPages {
  const scheme = origin.slice(0, origin.indexOf(':') + 1).toLowerCase();
  if (scheme === 'moz-extension:') return FIREFOX;
  if (scheme === 'chrome-extension:') return CHROME;
  return EITHER;
}
