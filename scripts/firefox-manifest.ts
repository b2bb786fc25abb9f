/**
 * The Firefox manifest, made from the one manifest.json the Chrome build uses, so that both builds
 * come from the same source and cannot drift: `vite build --mode firefox` (npm run build:firefox)
 * hands this to crxjs in place of the Chrome manifest.
 *
 * What changes, and why:
 * - `background.scripts` instead of `background.service_worker`: Firefox runs MV3 backgrounds as
 *   event pages and ignores a service worker (crxjs's Firefox mode reads `scripts[0]`).
 * - `browser_specific_settings.gecko`: an add-on id (Firefox needs one for `storage` to last across
 *   restarts and for AMO), the oldest Firefox it runs in, and the data it collects (none: the
 *   panel talks only to the hosts the user configures, and AMO asks every new add-on to say so).
 * - `minimum_chrome_version` goes: Firefox does not read it and the add-on linter warns about it.
 * Permissions stay as they are: Firefox knows each by the same name (measured in Firefox ESR 153,
 * and checked by the add-on linter in `npm test`).
 */

/** The add-on id. Fixed for good once the add-on is on AMO: storage is keyed by it. */
export const GECKO_ID = 'partner-api-devtools@partner-api';

/**
 * Firefox 142, the first release (desktop and Android alike, so the add-on linter has nothing to
 * warn about) that reads `data_collection_permissions`, which AMO asks of new add-ons. It has
 * everything else the extension uses (MV3, `storage.session`, declarativeNetRequest session rules
 * with `initiatorDomains`, optional host permissions). The tests run in Firefox ESR 153.
 */
export const GECKO_MIN_VERSION = '142.0';

interface ChromeManifest {
  background: { service_worker: string; type?: string };
  minimum_chrome_version?: string;
}

interface GeckoSettings {
  browser_specific_settings: {
    gecko: {
      id: string;
      strict_min_version: string;
      data_collection_permissions: { required: ['none'] };
    };
  };
}

/** The Chrome manifest `M`, but for its background and the keys above. */
export type FirefoxManifest<M extends ChromeManifest> = Omit<
  M,
  'background' | 'minimum_chrome_version'
> & { background: { scripts: string[]; type?: string } } & GeckoSettings;

export function firefoxManifest<M extends ChromeManifest>(chrome: M): FirefoxManifest<M> {
  const { background, minimum_chrome_version: _chromeOnly, ...rest } = chrome;
  const { service_worker: worker, ...backgroundRest } = background;
  return {
    ...rest,
    background: { ...backgroundRest, scripts: [worker] },
    browser_specific_settings: {
      gecko: {
        id: GECKO_ID,
        strict_min_version: GECKO_MIN_VERSION,
        data_collection_permissions: { required: ['none'] },
      },
    },
  };
}
