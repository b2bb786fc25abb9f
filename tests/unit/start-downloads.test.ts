/**
 * Where `npm start` sends downloads (scripts/start-downloads.ts): the folder it picks from the
 * option, `$XDG_DOWNLOAD_DIR` or the home folder, and the Chromium preferences that keep it,
 * written over a profile's own without losing them. The launch itself is tested end to end in
 * tests/e2e/start-downloads.spec.ts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  downloadsFolder,
  withDownloadPrefs,
  writeDownloadPrefs,
} from '../../scripts/start-downloads';

describe('the downloads folder of npm start', () => {
  it('is --downloads when given, else $XDG_DOWNLOAD_DIR, else ~/Downloads', () => {
    const env = { XDG_DOWNLOAD_DIR: '/data/dl' };
    expect(downloadsFolder('out/exports', env, '/home/ada')).toBe(resolve('out/exports'));
    expect(downloadsFolder(undefined, env, '/home/ada')).toBe('/data/dl');
    expect(downloadsFolder(undefined, { XDG_DOWNLOAD_DIR: '$HOME/Stuff' }, '/home/ada')).toBe(
      '/home/ada/Stuff',
    );
    expect(downloadsFolder(undefined, {}, '/home/ada')).toBe('/home/ada/Downloads');
    expect(downloadsFolder('', { XDG_DOWNLOAD_DIR: '' }, '/home/ada')).toBe('/home/ada/Downloads');
  });
});

describe('the Chromium preferences it writes', () => {
  it('save into the folder without asking, and keep the rest of the profile', () => {
    const before = JSON.stringify({
      profile: { exit_type: 'Normal' },
      download: { prompt_for_download: true, default_directory: '/old', other: 1 },
    });
    expect(JSON.parse(withDownloadPrefs(before, '/new'))).toEqual({
      profile: { exit_type: 'Normal' },
      download: {
        other: 1,
        default_directory: '/new',
        prompt_for_download: false,
        directory_upgrade: true,
      },
    });
    expect(JSON.parse(withDownloadPrefs(null, '/new')).download.default_directory).toBe('/new');
  });

  it('are written into a new profile, and over a half-written one', () => {
    const profile = mkdtempSync(join(tmpdir(), 'partner-api-prefs-'));
    try {
      writeDownloadPrefs(profile, '/dl');
      const file = join(profile, 'Default', 'Preferences');
      expect(JSON.parse(readFileSync(file, 'utf8')).download.default_directory).toBe('/dl');
      writeFileSync(file, '{"profile": {');
      writeDownloadPrefs(profile, '/dl2');
      expect(JSON.parse(readFileSync(file, 'utf8')).download.default_directory).toBe('/dl2');
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
