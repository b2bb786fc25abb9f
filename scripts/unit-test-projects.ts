/**
 * The unit tests as two Vitest projects (vite.config.ts): the files that replace a module or a
 * global for their own tests (`vi.mock`, `vi.doMock`, `vi.stubGlobal`, `vi.stubEnv`, fake timers)
 * get modules of their own, evaluated afresh for each file, as Vitest does by default; every other
 * file shares its worker's modules with the files that ran in that worker before it (Vitest's
 * `isolate: false`), so that the sandbox, the parsers and the peers' libraries are loaded once a
 * worker rather than once a file. Which file is which is read from the files themselves, so a new
 * test that mocks is isolated without anyone listing it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProjectInlineConfiguration } from 'vitest/config';

const ROOT = join(import.meta.dirname, '..');
/** Where the unit tests are: beside the code, and the project's own checks. */
const TEST_FOLDERS = ['src', 'extension', 'tests/unit'];
const TEST_FILE = /\.test\.ts$/;
/** What changes a module or a global for the rest of a file, and so must not outlive it. */
const REPLACES = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/;

function testFiles(folder: string, into: string[]): string[] {
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) testFiles(path, into);
    else if (TEST_FILE.test(entry.name)) into.push(path);
  }
  return into;
}

/** The test files that replace a module or a global, as paths from the project's root. */
export function isolatedTestFiles(): string[] {
  return TEST_FOLDERS.flatMap((folder) => testFiles(folder, []))
    .filter((file) => REPLACES.test(readFileSync(join(ROOT, file), 'utf8')))
    .sort();
}

export function unitTestProjects(): TestProjectInlineConfiguration[] {
  const include = TEST_FOLDERS.map((folder) => `${folder}/**/*.test.ts`);
  const isolated = isolatedTestFiles();
  return [
    { extends: true, test: { name: 'own modules', include: isolated } },
    {
      extends: true,
      test: { name: 'shared modules', include, exclude: isolated, isolate: false },
    },
  ];
}
