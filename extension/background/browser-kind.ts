/**
 * Which browser runs the worker, for the few places that must differ (wire.ts: the request
 * APIs; hints that name a browser page). Told by the scheme of the extension's own pages, which
 * each browser fixes (chrome-extension:, moz-extension:), rather than by a build flag: the Chrome
 * and Firefox builds are the same code.
 */
import browser from 'webextension-polyfill';

export const OWN_ORIGIN = new URL(browser.runtime.getURL('/')).origin;

export const IN_FIREFOX = OWN_ORIGIN.startsWith('moz-extension:');

/** Where the user reloads an unpacked extension. */
export const RELOAD_PLACE = IN_FIREFOX
  ? 'about:debugging (This Firefox, Reload)'
  : 'chrome://extensions';

/** Where the user grants the extension a site. */
export const SITE_ACCESS_PLACE = IN_FIREFOX
  ? 'about:addons (the add-on’s Permissions tab)'
  : 'chrome://extensions (Details, Site access)';
