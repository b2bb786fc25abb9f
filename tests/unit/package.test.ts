/**
 * What `npm run package` zips (scripts/package.ts): a browser's build with its manifest at the
 * zip's root and every file byte for byte, the same bytes from one run to the next, and the
 * sources AMO asks for without any build output or installed package; and the checks it runs
 * on what it wrote (scripts/package-checks.ts) pass the real builds and fail broken ones: a
 * manifest with a new permission, a content script, the wrong version, a missing or misfit icon,
 * an oversized zip, and a Firefox zip addons-linter refuses. Runs on the builds `npm test` makes
 * first (`npm run build` and `npm run build:firefox` when running this alone).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, unzipSync, type Zippable, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { filesUnder, sourceFiles, zipFiles } from '../../scripts/package';
import { checkChromeZip, checkFirefoxZip, pngSize } from '../../scripts/package-checks';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST_FIREFOX = join(ROOT, 'dist-firefox');
const DIST = join(ROOT, 'dist');
const VERSION = (
  JSON.parse(readFileSync(join(ROOT, 'manifest.json'), 'utf8')) as { version: string }
).version;

describe('the add-on zip', () => {
  it('holds the build as it is, manifest at the root, the same bytes each time', () => {
    expect(existsSync(join(DIST_FIREFOX, 'manifest.json'))).toBe(true);
    const files = filesUnder(DIST_FIREFOX);
    const zip = zipFiles(DIST_FIREFOX, files);
    const unzipped = unzipSync(zip);
    expect(Object.keys(unzipped).sort()).toEqual(files);
    expect(files).toContain('manifest.json');
    for (const file of files) {
      expect(Buffer.from(unzipped[file] ?? []).equals(readFileSync(join(DIST_FIREFOX, file)))).toBe(
        true,
      );
    }
    expect(Buffer.from(zipFiles(DIST_FIREFOX, files)).equals(Buffer.from(zip))).toBe(true);
  });
});

describe('the sources zip', () => {
  const sources = sourceFiles(ROOT);

  it('has what a reviewer needs to build the add-on the same way', () => {
    for (const file of [
      'package.json',
      'package-lock.json',
      'manifest.json',
      'vite.config.ts',
      'scripts/firefox-manifest.ts',
      'README.md',
      'docs/firefox.md',
    ]) {
      expect(sources).toContain(file);
    }
  });

  it('leaves out builds, packages and caches', () => {
    const generated = sources.filter((file) =>
      /^(dist|dist-firefox|packages|node_modules|\.cache|test-results)\//.test(file),
    );
    expect(generated).toEqual([]);
  });
});

/** The Chrome build's files, with `change` applied to its manifest (and to its files). */
function chromeZipWith(
  change: (manifest: Record<string, unknown>, files: Zippable) => void,
): Uint8Array {
  const files: Zippable = {};
  for (const file of filesUnder(DIST)) files[file] = readFileSync(join(DIST, file));
  const manifest = JSON.parse(readFileSync(join(DIST, 'manifest.json'), 'utf8'));
  change(manifest, files);
  files['manifest.json'] = strToU8(JSON.stringify(manifest));
  return zipSync(files);
}

describe('the Chrome zip check', () => {
  it('passes the real build', () => {
    const zip = zipFiles(DIST, filesUnder(DIST));
    expect(checkChromeZip(zip, VERSION)).toEqual([]);
  });

  it('fails a new permission, a content script, web-accessible files and the wrong version', () => {
    const zip = chromeZipWith((manifest) => {
      (manifest.permissions as string[]).push('tabs');
      manifest.content_scripts = [{ matches: ['<all_urls>'], js: ['x.js'] }];
      manifest.web_accessible_resources = [{ resources: ['*'], matches: ['<all_urls>'] }];
      manifest.version = '9.9.9';
    });
    const problems = checkChromeZip(zip, VERSION).join('\n');
    expect(problems).toContain('permissions is');
    expect(problems).toContain('"tabs"');
    expect(problems).toContain('content_scripts');
    expect(problems).toContain('web_accessible_resources');
    expect(problems).toContain(`version is 9.9.9, not ${VERSION}`);
  });

  it('fails an icon that is missing, not a PNG or of the wrong size', () => {
    const zip = chromeZipWith((manifest, files) => {
      const icons = manifest.icons as Record<string, string>;
      delete files[icons['16'] ?? ''];
      files[icons['32'] ?? ''] = strToU8('not a picture');
      files[icons['48'] ?? ''] = readFileSync(join(DIST, icons['128'] ?? ''));
    });
    const problems = checkChromeZip(zip, VERSION);
    expect(problems).toEqual([
      'Icon 16 (icons/icon-16.png) is not in the zip.',
      'Icon 32 (icons/icon-32.png) is not a PNG.',
      'Icon 48 (icons/icon-48.png) is 128x128, not 48x48.',
    ]);
  });

  it('fails a zip over the size bound, and one with no manifest', () => {
    const zip = zipFiles(DIST, filesUnder(DIST));
    expect(checkChromeZip(zip, VERSION, 1024)[0]).toContain('over the 1 KB bound');
    expect(checkChromeZip(zipSync({ 'dist/manifest.json': strToU8('{}') }), VERSION)).toEqual([
      'The zip has no manifest.json at its root.',
    ]);
  });

  it('reads a PNG’s size', () => {
    expect(pngSize(readFileSync(join(DIST, 'icons/icon-128.png')))).toEqual({
      width: 128,
      height: 128,
    });
    expect(pngSize(strToU8('GIF89a'))).toBeNull();
  });
});

describe('the Firefox zip check (addons-linter)', () => {
  it('passes a well-formed add-on and fails one addons-linter refuses', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'partner-api-lint-'));
    const write = (name: string, manifest: object) => {
      const path = join(folder, name);
      writeFileSync(
        path,
        zipSync({
          'manifest.json': strToU8(JSON.stringify(manifest)),
          'background.js': strToU8('browser.runtime.onInstalled.addListener(() => {});\n'),
        }),
      );
      return path;
    };
    const good = {
      manifest_version: 3,
      name: 'Lint probe',
      version: '1.0.0',
      background: { scripts: ['background.js'] },
      browser_specific_settings: {
        gecko: {
          id: 'lint-probe@example.org',
          strict_min_version: '140.0',
          data_collection_permissions: { required: ['none'] },
        },
      },
    };
    try {
      expect(await checkFirefoxZip(write('good.zip', good))).toEqual([]);
      const { name: _name, ...nameless } = good;
      const problems = await checkFirefoxZip(
        write('bad.zip', { ...nameless, permissions: ['notARealPermission'], version: 'one' }),
      );
      expect(problems.length).toBeGreaterThan(0);
      expect(problems.join('\n')).toContain('addons-linter: ');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
