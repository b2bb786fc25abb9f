/**
 * Which browser runs the worker, for the few places that must differ (wire.ts: the request
 * APIs; hints that name a browser page). Told by the scheme of the extension's own pages, which
 * each browser fixes (chrome-extension:, moz-extension:), rather than by a build flag: the Chrome
 * and Firefox builds are the same code.
 */

import { extensionPagesFor } from '../../src/service/wire/extension-pages';
import { browser } from './ext';

export const OWN_ORIGIN = new URL(browser.runtime.getURL('/')).origin;

export const IN_FIREFOX = OWN_ORIGIN.startsWith('moz-extension:');

const PAGES = extensionPagesFor(OWN_ORIGIN);

/** Where the user reloads the extension. */
export const RELOAD_PLACE = PAGES.reload;

/** Where the user grants the extension a site. */
export const SITE_ACCESS_PLACE = PAGES.siteAccess;
