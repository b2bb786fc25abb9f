/**
 * When `npm start` builds again (scripts/build-stamp.ts), on a real folder: after a recorded build
 * it starts without one; a changed, added or removed source, the other mode, a build written since
 * by something else, a missing build or a torn stamp each build again.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inputsDigest, isBuildCurrent, recordBuild } from '../../scripts/build-stamp';

let root: string;
let out: string;

function build(mode = 'production') {
  const inputs = inputsDigest(root, mode);
  writeFileSync(join(out, 'manifest.json'), '{}');
  recordBuild(root, out, inputs);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'partner-api-stamp-'));
  out = join(root, 'dist');
  mkdirSync(join(root, 'src', 'deep'), { recursive: true });
  mkdirSync(out);
  writeFileSync(join(root, 'src', 'deep', 'a.ts'), 'export const a = 1;');
  writeFileSync(join(root, 'manifest.json'), '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the build stamp', () => {
  it('says a build of the same sources in the same mode is current', () => {
    expect(isBuildCurrent(root, out, 'production')).toBe(false);
    build();
    expect(isBuildCurrent(root, out, 'production')).toBe(true);
    expect(isBuildCurrent(root, out, 'firefox')).toBe(false);
  });

  it('builds again when a source changes, is added or is removed', () => {
    build();
    const source = join(root, 'src', 'deep', 'a.ts');
    writeFileSync(source, 'export const a = 2;');
    utimesSync(source, new Date(), new Date(Date.now() + 5_000));
    expect(isBuildCurrent(root, out, 'production')).toBe(false);
    build();
    writeFileSync(join(root, 'src', 'b.ts'), '');
    expect(isBuildCurrent(root, out, 'production')).toBe(false);
    build();
    rmSync(join(root, 'src', 'b.ts'));
    expect(isBuildCurrent(root, out, 'production')).toBe(false);
  });

  it('builds again when the build was written since, removed, or the stamp is torn', () => {
    build();
    const manifest = join(out, 'manifest.json');
    utimesSync(manifest, new Date(), new Date(Date.now() + 5_000));
    expect(isBuildCurrent(root, out, 'production')).toBe(false);
    build();
    rmSync(manifest);
    expect(isBuildCurrent(root, out, 'production')).toBe(false);
    build();
    const stamps = join(root, '.cache', 'build-stamps');
    for (const name of readdirSync(stamps)) writeFileSync(join(stamps, name), '{"inputs": "');
    expect(isBuildCurrent(root, out, 'production')).toBe(false);
  });
});
