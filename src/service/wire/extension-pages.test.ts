import { describe, expect, it } from 'vitest';
import { extensionPagesFor } from './extension-pages';

describe('extensionPagesFor', () => {
  it('names Firefox’s pages for a moz-extension origin, never chrome://', () => {
    const pages = extensionPagesFor('moz-extension://0b6c7d2e-1f3a-4b5c-8d9e-0f1a2b3c4d5e');
    expect(pages.reload).toMatch(/^about:debugging \(This Firefox, Reload;.*about:addons\)$/);
    expect(pages.siteAccess).toBe('about:addons (the add-on’s Permissions tab)');
    expect(JSON.stringify(pages)).not.toContain('chrome://');
  });

  it('names Chrome’s pages for a chrome-extension origin, never about:', () => {
    const pages = extensionPagesFor('chrome-extension://abcdefghijklmnopabcdefghijklmnop');
    expect(pages).toEqual({
      reload: 'chrome://extensions',
      siteAccess: 'chrome://extensions (Details, Site access)',
    });
  });

  it('names both browsers’ pages when the origin is of neither kind', () => {
    for (const origin of ['null', 'https://example.com', '']) {
      const { reload } = extensionPagesFor(origin);
      expect(reload).toContain('chrome://extensions in Chrome');
      expect(reload).toContain('about:debugging');
    }
  });
});
