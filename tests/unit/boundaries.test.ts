/**
 * The module boundaries of ../shared/DESIGN.md, checked on every `npm test`:
 * - src/ (but src/sandbox/) is plain TypeScript: no browser extension API, no polyfill, no Preact;
 * - the panel never imports the background worker; they meet only in src/protocol/;
 * - nothing under extension/ imports the Node-only sandbox;
 * - only the DevTools adapter touches chrome.devtools, and only the worker touches storage.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      out.push(path.split(sep).join('/'));
  }
  return out;
}

function imports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [
    ...text.matchAll(
      /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]/g,
    ),
  ].map((match) => match[1] ?? match[2] ?? '');
}

function resolvedImports(file: string): string[] {
  return imports(file).map((spec) =>
    spec.startsWith('.')
      ? relative(ROOT, join(ROOT, file, '..', spec))
          .split(sep)
          .join('/')
      : spec,
  );
}

function offenders(files: string[], bad: (spec: string, text: string) => boolean): string[] {
  return files.flatMap((file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    return resolvedImports(file)
      .filter((spec) => bad(spec, text))
      .map((spec) => `${file} -> ${spec}`);
  });
}

describe('module boundaries', () => {
  const pureSrc = sourceFiles('src').filter((file) => !file.startsWith('src/sandbox/'));
  const extension = sourceFiles('extension');

  it('finds the files it checks (a check over no files could not fail)', () => {
    expect(pureSrc.length).toBeGreaterThan(5);
    expect(extension.some((file) => file.startsWith('extension/panel/'))).toBe(true);
    expect(extension.some((file) => file.startsWith('extension/background/'))).toBe(true);
  });

  it('keeps src/ free of browser extension APIs and Preact (except src/sandbox/)', () => {
    expect(
      offenders(pureSrc, (spec) => /^(webextension-polyfill|preact)(\/|$)/.test(spec)),
    ).toEqual([]);
    const globals = pureSrc.filter((file) =>
      /\b(chrome|browser)\.(runtime|storage|devtools|permissions|tabs)\b/.test(
        readFileSync(join(ROOT, file), 'utf8'),
      ),
    );
    expect(globals).toEqual([]);
  });

  it('keeps the panel away from the background worker', () => {
    const panel = extension.filter((file) => file.startsWith('extension/panel/'));
    expect(offenders(panel, (spec) => spec.startsWith('extension/background'))).toEqual([]);
  });

  it('keeps the Node-only sandbox out of the extension and of pure src/', () => {
    expect(offenders([...extension, ...pureSrc], (spec) => spec.startsWith('src/sandbox'))).toEqual(
      [],
    );
  });

  it('keeps test helpers (src/testing/) out of the extension', () => {
    expect(offenders(extension, (spec) => spec.startsWith('src/testing'))).toEqual([]);
  });

  it('lets only the DevTools adapter touch chrome.devtools', () => {
    const users = [...extension, ...pureSrc].filter((file) =>
      /chrome\.devtools|\.devtools\b/.test(
        readFileSync(join(ROOT, file), 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, ''),
      ),
    );
    expect(users).toEqual(['extension/devtools/devtools-adapter.ts']);
  });

  it('lets only the background worker read extension storage', () => {
    const users = [...extension, ...pureSrc].filter((file) =>
      /\.storage\.(local|session|sync)/.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(users.length).toBeGreaterThan(0);
    expect(users.filter((file) => !file.startsWith('extension/background/'))).toEqual([]);
  });
});
