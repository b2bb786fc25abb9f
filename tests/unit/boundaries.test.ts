/**
 * The module boundaries of docs/architecture.md that imports alone do not show, checked on every
 * `npm test`; the import rules themselves (the layers of src/, the panel and the worker apart,
 * the sandbox and test helpers out of shipped code, no circles) are dependency-cruiser's
 * (.dependency-cruiser.cjs, run as `npm run lint:deps`), and the last test here proves that each
 * of its rules fires on a tree that breaks it.
 * - src/ (but src/sandbox/) uses no browser extension API by global name;
 * - only the DevTools adapter touches chrome.devtools, and only the worker touches storage;
 * - only the worker's session store touches storage.session;
 * - only the panel's worker client talks to the worker (sends, or hears its events);
 * - no folder holds more than 30 product files, and fixtures and samples live under src/testing/.
 */
import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
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

describe('module boundaries', () => {
  const pureSrc = sourceFiles('src').filter((file) => !file.startsWith('src/sandbox/'));
  const extension = sourceFiles('extension');

  it('finds the files it checks (a check over no files could not fail)', () => {
    expect(pureSrc.length).toBeGreaterThan(5);
    expect(extension.some((file) => file.startsWith('extension/panel/'))).toBe(true);
    expect(extension.some((file) => file.startsWith('extension/background/'))).toBe(true);
  });

  it('keeps src/ free of browser extension APIs by global name (except src/sandbox/)', () => {
    const globals = pureSrc.filter((file) =>
      /\b(chrome|browser)\.(runtime|storage|devtools|permissions|tabs)\b/.test(
        readFileSync(join(ROOT, file), 'utf8'),
      ),
    );
    expect(globals).toEqual([]);
  });

  it('lets only the DevTools adapter (its capture and theme halves) touch chrome.devtools', () => {
    const users = [...extension, ...pureSrc].filter((file) =>
      /chrome\.devtools|\.devtools\b/.test(
        readFileSync(join(ROOT, file), 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, ''),
      ),
    );
    expect(users.sort()).toEqual([
      'extension/devtools/devtools-adapter.ts',
      'extension/devtools/devtools-theme.ts',
    ]);
  });

  it('lets only the background worker read extension storage', () => {
    const users = [...extension, ...pureSrc].filter((file) =>
      /\.storage\.(local|session|sync)/.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(users.length).toBeGreaterThan(0);
    expect(users.filter((file) => !file.startsWith('extension/background/'))).toEqual([]);
  });

  it('lets only the session store touch storage.session (its mirror in memory must stay exact)', () => {
    const users = [...extension, ...pureSrc].filter((file) =>
      /\.storage\.session\.\w/.test(
        readFileSync(join(ROOT, file), 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, ''),
      ),
    );
    expect(users).toEqual(['extension/background/stores/session-store.ts']);
  });

  it('lets only the worker client talk to the worker from the panel', () => {
    const users = extension.filter(
      (file) =>
        file.startsWith('extension/panel/') &&
        /runtime\.(sendMessage|onMessage|connect)\b/.test(
          readFileSync(join(ROOT, file), 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, ''),
        ),
    );
    expect(users).toEqual(['extension/panel/state/worker-client.ts']);
  });

  it('keeps the views from asking the worker: only the binders import the worker client', () => {
    // state/workspace.ts binds the commands of src/workspace/ to the worker client, main.tsx feeds
    // the store its events; every view calls those commands.
    const users = extension.filter(
      (file) =>
        file.startsWith('extension/panel/') &&
        /from '[./]*(state\/)?worker-client'/.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(users.sort()).toEqual([
      'extension/panel/main.tsx',
      'extension/panel/state/workspace.ts',
    ]);
  });

  it('keeps every folder to one job of at most 30 product files', () => {
    const perFolder = new Map<string, number>();
    for (const file of [...sourceFiles('src'), ...extension]) {
      perFolder.set(dirname(file), (perFolder.get(dirname(file)) ?? 0) + 1);
    }
    expect(perFolder.size).toBeGreaterThan(10);
    expect([...perFolder].filter(([, count]) => count > 30)).toEqual([]);
  });

  it('keeps fixtures and samples under src/testing/ only', () => {
    const misplaced = [...sourceFiles('src'), ...extension].filter(
      (file) => /-(fixture|samples)\.tsx?$/.test(file) && !file.startsWith('src/testing/'),
    );
    expect(sourceFiles('src').some((file) => file.startsWith('src/testing/fixtures/'))).toBe(true);
    expect(misplaced).toEqual([]);
  });

  it('has a dependency rule that fires for every boundary it names', () => {
    // A tree that breaks each rule once, cruised with the project's own configuration.
    const tree = mkdtempSync(join(tmpdir(), 'partner-api-deps-'));
    const files: Record<string, string> = {
      'tsconfig.json': '{ "compilerOptions": { "allowJs": true } }',
      'node_modules/preact/package.json': '{ "name": "preact", "main": "index.js" }',
      'node_modules/preact/index.js': 'export const h = 1;',
      'src/vocabulary/words.ts':
        "import { scan } from '../json-text/scan';\nexport const w = scan;",
      'src/json-text/scan.ts':
        "import { mask } from '../redaction/mask';\nexport const scan = mask;",
      'src/redaction/mask.ts': "import { rule } from '../service/rule';\nexport const mask = rule;",
      'src/service/rule.ts': "import { curl } from '../copy-as/curl';\nexport const rule = curl;",
      'src/copy-as/curl.ts':
        "import { model } from '../collections/model';\nexport const curl = model;",
      'src/collections/model.ts':
        "import { assert } from '../checks/assert';\nexport const model = assert;",
      'src/checks/assert.ts':
        "import { postman } from '../formats/postman/read';\nexport const assert = postman;",
      'src/formats/postman/read.ts':
        "import { c } from '../../capture/check';\nexport const postman = c;",
      'src/capture/check.ts': "import { m } from '../protocol/contract';\nexport const c = m;",
      'src/protocol/contract.ts': "import { s } from '../workspace/store';\nexport const m = s;",
      'src/workspace/store.ts':
        "import { p } from '../../extension/panel/view';\nexport const s = p;",
      'src/protocol/loop-a.ts': "import { b } from './loop-b';\nexport const a = b;",
      'src/protocol/loop-b.ts': "import { a } from './loop-a';\nexport const b = a;",
      'src/service/ui.ts': "import { h } from 'preact';\nexport const ui = h;",
      'extension/panel/view.ts':
        "import { secret } from '../background/worker';\nimport { fixture } from '../../src/testing/helper';\nexport const p = secret + fixture;",
      'extension/background/worker.ts':
        "import { start } from '../../src/sandbox/server';\nimport { q } from '../panel/other';\nexport const secret = start + q;",
      'extension/panel/other.ts': 'export const q = 1;',
      'extension/background/stores/store.ts':
        "import { handle } from '../handlers/handler';\nexport const kept = handle;",
      'extension/background/handlers/handler.ts':
        "import { own } from './other-handler';\nexport const handle = own;",
      'extension/background/handlers/other-handler.ts': 'export const own = 1;',
      'extension/panel/request/pane.ts':
        "import { r } from '../response/view';\nimport { own } from './own';\nimport { u } from '../ui/button';\nexport const pane = r + own + u;",
      'extension/panel/request/own.ts': 'export const own = 1;',
      'extension/panel/response/view.ts': 'export const r = 1;',
      'extension/panel/ui/button.ts': 'export const u = 1;',
      'src/sandbox/server.ts': 'export const start = 1;',
      'src/testing/helper.ts': 'export const fixture = 1;',
    };
    try {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(tree, path)), { recursive: true });
        writeFileSync(join(tree, path), text);
      }
      const run = spawnSync(
        join(ROOT, 'node_modules', '.bin', 'depcruise'),
        [
          'src',
          'extension',
          '--config',
          join(ROOT, '.dependency-cruiser.cjs'),
          '--output-type',
          'err',
        ],
        { cwd: tree, encoding: 'utf8' },
      );
      expect(run.status).not.toBe(0);
      // A pane may import its own folder and ui/: only its import of another pane breaks the rule.
      const paneLines = run.stdout.split('\n').filter((line) => line.includes('panes-meet'));
      expect(paneLines).toHaveLength(1);
      expect(paneLines[0]).toContain('extension/panel/response/view.ts');
      const fired = new Set([...run.stdout.matchAll(/error ([a-z-]+):/g)].map((match) => match[1]));
      expect([...fired].sort()).toEqual([
        'background-never-imports-panel',
        'capture-stays-in-its-layer',
        'checks-stays-in-its-layer',
        'collections-stays-in-its-layer',
        'copy-as-stays-in-its-layer',
        'formats-stays-in-its-layer',
        'json-text-stays-in-its-layer',
        'no-circular',
        'panel-never-imports-background',
        'panes-meet-only-in-the-workbench',
        'protocol-stays-in-its-layer',
        'redaction-stays-in-its-layer',
        'sandbox-stays-out',
        'service-stays-in-its-layer',
        'src-is-browser-free',
        'stores-never-import-handlers',
        'test-support-stays-out',
        'vocabulary-stays-in-its-layer',
        'workspace-stays-in-its-layer',
      ]);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });
});
