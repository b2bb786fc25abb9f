/**
 * The Firefox manifest is the Chrome one with only the differences Firefox needs: the same
 * permissions, pages and icons, so the two builds cannot drift apart.
 */
import { describe, expect, it } from 'vitest';
import manifest from '../../manifest.json' with { type: 'json' };
import { firefoxManifest, GECKO_ID, GECKO_MIN_VERSION } from '../../scripts/firefox-manifest';

describe('firefoxManifest', () => {
  const firefox = firefoxManifest(manifest);

  it('runs the service worker’s script as the background script, still as a module', () => {
    expect(firefox.background).toEqual({
      scripts: [manifest.background.service_worker],
      type: 'module',
    });
  });

  it('names the add-on, the oldest Firefox it runs in, and that it collects no data', () => {
    expect(firefox.browser_specific_settings.gecko).toEqual({
      id: GECKO_ID,
      strict_min_version: GECKO_MIN_VERSION,
      data_collection_permissions: { required: ['none'] },
    });
    expect(GECKO_ID).toMatch(/^[a-z0-9-.]+@[a-z0-9-.]+$/);
  });

  it('drops what only Chrome reads and keeps everything else as it is', () => {
    expect(firefox).not.toHaveProperty('minimum_chrome_version');
    const { background: _chrome, minimum_chrome_version: _min, ...shared } = manifest;
    const { background: _firefox, browser_specific_settings: _gecko, ...kept } = firefox;
    expect(kept).toEqual(shared);
  });

  it('leaves the manifest it was given unchanged', () => {
    const before = structuredClone(manifest);
    firefoxManifest(manifest);
    expect(manifest).toEqual(before);
  });
});
