/**
 * Audits the BUILT manifests (dist/manifest.json for Chrome, dist-firefox/manifest.json for
 * Firefox), since that is what the browsers run: least privilege, no surface the inspected page
 * could reach, and a CSP no looser than MV3's default. `npm test` builds both before running unit
 * tests; run `npm run build` and `npm run build:firefox` first when running this alone.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HANDLERS_SCRIPT_FILE } from '../../extension/background/handlers-script-link';
import { FORMATS_SCRIPT_FILE } from '../../extension/background/lazy-formats';
import { GECKO_ID, GECKO_MIN_VERSION } from '../../scripts/firefox-manifest';

const ROOT = join(import.meta.dirname, '..', '..');

const BUILDS = [
  { browser: 'Chrome', dist: join(ROOT, 'dist'), command: 'npm run build' },
  { browser: 'Firefox', dist: join(ROOT, 'dist-firefox'), command: 'npm run build:firefox' },
] as const;

describe.each(BUILDS)('built manifest for $browser', ({ browser, dist: DIST, command }) => {
  const manifestPath = join(DIST, 'manifest.json');
  it(`exists (run \`${command}\` first)`, () => {
    expect(existsSync(manifestPath)).toBe(true);
  });

  const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};

  it('is MV3 with a DevTools page and a background that exist in the build', () => {
    expect(manifest.manifest_version).toBe(3);
    expect(existsSync(join(DIST, manifest.devtools_page))).toBe(true);
    // Chrome runs a classic service worker, which may importScripts() its file formats and its
    // handlers script when a message needs them (extension/background/later-script.ts); Firefox
    // runs the same bundles as an event page's scripts, listed after the main one.
    if (browser === 'Chrome') {
      expect(manifest.background.type).toBeUndefined();
      expect(existsSync(join(DIST, manifest.background.service_worker))).toBe(true);
    } else {
      expect(manifest.background.type).toBe('module');
      expect(manifest.background.scripts).toHaveLength(3);
      expect(manifest.background.scripts.slice(1)).toEqual([
        FORMATS_SCRIPT_FILE,
        HANDLERS_SCRIPT_FILE,
      ]);
      for (const script of manifest.background.scripts)
        expect(existsSync(join(DIST, script))).toBe(true);
    }
    expect(existsSync(join(DIST, FORMATS_SCRIPT_FILE))).toBe(true);
    expect(existsSync(join(DIST, HANDLERS_SCRIPT_FILE))).toBe(true);
    expect(existsSync(join(DIST, 'extension/panel/panel.html'))).toBe(true);
  });

  it('names the browsers it is for, and only those', () => {
    if (browser === 'Chrome') {
      expect(manifest.minimum_chrome_version).toBe('120');
      expect(manifest.browser_specific_settings).toBeUndefined();
      expect(manifest.background.scripts).toBeUndefined();
    } else {
      expect(manifest.browser_specific_settings).toEqual({
        gecko: {
          id: GECKO_ID,
          strict_min_version: GECKO_MIN_VERSION,
          data_collection_permissions: { required: ['none'] },
        },
      });
      expect(manifest.minimum_chrome_version).toBeUndefined();
      expect(manifest.background.service_worker).toBeUndefined();
    }
  });

  it('asks only for the permissions it uses', () => {
    // unlimitedStorage: shared collections can exceed storage.local's 10 MB quota (a 10 000-request
    // collection alone is about 8 MB). It grants no access to anything.
    // declarativeNetRequestWithHostAccess: the session rules that keep the browser's Origin and
    // other headers off the worker's calls; it acts only on hosts already granted, so Chrome shows
    // no install warning for it (plain declarativeNetRequest would warn).
    // webRequest: a non-blocking observer of the worker's own calls, for "As sent on the wire".
    expect(manifest.permissions).toEqual([
      'storage',
      'unlimitedStorage',
      'declarativeNetRequestWithHostAccess',
      'webRequest',
    ]);
    expect([...manifest.host_permissions].sort()).toEqual([
      'http://127.0.0.1/*',
      'http://localhost/*',
    ]);
    expect(manifest.optional_host_permissions).toEqual(['https://*/*']);
    expect(manifest.optional_permissions).toBeUndefined();
  });

  it('can observe requests but never block or rewrite them through webRequest, nor reach every site', () => {
    const asked = [
      ...manifest.permissions,
      ...manifest.host_permissions,
      ...manifest.optional_host_permissions,
    ];
    for (const refused of [
      'webRequestBlocking',
      'webRequestAuthProvider',
      'declarativeNetRequest',
      'declarativeNetRequestFeedback',
      '<all_urls>',
      '*://*/*',
      'http://*/*',
    ]) {
      expect(asked).not.toContain(refused);
    }
    // The header rules are session rules the worker adds for its own calls: no static ruleset.
    expect(manifest.declarative_net_request).toBeUndefined();
  });

  it('gives web pages and other extensions nothing to reach', () => {
    expect(manifest.content_scripts).toBeUndefined();
    expect(manifest.web_accessible_resources).toBeUndefined();
    expect(manifest.externally_connectable).toBeUndefined();
  });

  it('keeps the MV3 default content security policy (or a stricter one)', () => {
    const pages: string | undefined = manifest.content_security_policy?.extension_pages;
    if (pages !== undefined) {
      expect(pages).not.toMatch(/unsafe-eval|unsafe-inline|wasm-unsafe-eval|https?:|\*/);
      expect(pages).toMatch(/script-src 'self'/);
    }
    expect(manifest.content_security_policy?.sandbox).toBeUndefined();
  });

  it('ships its icons', () => {
    for (const icon of Object.values<string>(manifest.icons)) {
      expect(existsSync(join(DIST, icon))).toBe(true);
    }
  });
});
