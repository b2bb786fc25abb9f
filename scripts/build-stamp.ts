/**
 * Whether `npm start` must build again: a stamp of what a build read (the name, size and
 * modification time of every source, public and configuration file, and the build's mode), kept
 * beside the build's own manifest's time in `.cache/build-stamps/`. `npm start` builds when there
 * is no stamp, when any input changed, or when the build output was written since by something
 * else (`npm run build`, `npm test`); otherwise it starts at once on the build it already has.
 * The stamp lives outside the build folder, so nothing extra is ever packaged.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Folders and files a build reads (tests and docs are not among them, but cost little to list). */
const INPUT_FOLDERS = ['src', 'extension', 'public'];
const INPUT_FILES = [
  'manifest.json',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

function listFiles(folder: string, into: string[]): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) listFiles(path, into);
    else if (entry.isFile()) into.push(path);
  }
}

/** A digest of every input's name, size and time, and of the mode (Chrome or Firefox). */
export function inputsDigest(root: string, mode: string): string {
  const files: string[] = [];
  for (const folder of INPUT_FOLDERS)
    if (existsSync(join(root, folder))) listFiles(join(root, folder), files);
  for (const file of INPUT_FILES) if (existsSync(join(root, file))) files.push(join(root, file));
  const hash = createHash('sha256').update(`mode ${mode}\n`);
  for (const file of files.sort()) {
    const { size, mtimeMs } = statSync(file);
    hash.update(`${relative(root, file)}\t${size}\t${mtimeMs}\n`);
  }
  return hash.digest('hex');
}

interface Stamp {
  inputs: string;
  /** The built manifest's modification time when the stamp was written. */
  manifestTime: number;
}

function stampPath(root: string, outDir: string): string {
  const name = createHash('sha256').update(outDir).digest('hex').slice(0, 16);
  return join(root, '.cache', 'build-stamps', `${name}.json`);
}

function manifestTime(outDir: string): number | null {
  const manifest = join(outDir, 'manifest.json');
  return existsSync(manifest) ? statSync(manifest).mtimeMs : null;
}

/** True when `outDir` holds a build of exactly the present inputs in this mode. */
export function isBuildCurrent(root: string, outDir: string, mode: string): boolean {
  const built = manifestTime(outDir);
  const path = stampPath(root, outDir);
  if (built === null || !existsSync(path)) return false;
  let stamp: Partial<Stamp>;
  try {
    stamp = JSON.parse(readFileSync(path, 'utf8')) as Partial<Stamp>;
  } catch (error) {
    if (error instanceof SyntaxError) return false; // a torn stamp: build again
    throw error;
  }
  return stamp.manifestTime === built && stamp.inputs === inputsDigest(root, mode);
}

/** Records that `outDir` now holds a build of the present inputs (call right after building). */
export function recordBuild(root: string, outDir: string, inputs: string): void {
  const built = manifestTime(outDir);
  if (built === null) return;
  const path = stampPath(root, outDir);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, JSON.stringify({ inputs, manifestTime: built } satisfies Stamp));
}
