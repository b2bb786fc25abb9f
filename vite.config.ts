/// <reference types="vitest/config" />
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { build, defineConfig, type Plugin } from 'vite';
import {
  HANDLERS_SCRIPT_FILE,
  SHARED_GLOBAL,
  SHARED_MODULES,
  sharedKey,
} from './extension/background/handlers-script-link.ts';
import manifest from './manifest.json' with { type: 'json' };
import { firefoxManifest } from './scripts/firefox-manifest.ts';
import { unitTestProjects } from './scripts/unit-test-projects.ts';

/**
 * `vite build` writes the Chrome build to dist/; `vite build --mode firefox` (npm run
 * build:firefox) writes the Firefox build of the same source to dist-firefox/, with the manifest of
 * scripts/firefox-manifest.ts. Code tells the two browsers apart at run time, in the adapters
 * (extension/devtools/devtools-adapter.ts, extension/background/wire.ts), not by build flags.
 */
type TargetBrowser = 'chrome' | 'firefox';

/** The browser versions the bundles are written for: the manifests' minimum versions. */
const BUNDLE_TARGET: Record<TargetBrowser, string> = { chrome: 'chrome120', firefox: 'firefox142' };

// crxjs only emits the HTML pages named in the manifest. The panel page is created at run time by
// the DevTools page (chrome.devtools.panels.create), so it is named here as an extra input: that
// makes `vite build` emit it and `vite` (serve) serve it with HMR.
const PANEL_PAGE = 'extension/panel/panel.html';
/** The Connect folder tab (a folder picker cannot open inside DevTools), opened by the worker. */
const CONNECT_FOLDER_PAGE = 'extension/connect-folder/connect-folder.html';

/**
 * Dev mode (`vite` serve) for the panel, a page the manifest does not name. crxjs writes a loading
 * page into dist/ for each manifest page; it polls the dev server's ready check and reloads, and
 * crxjs's dev service worker then serves the page from the dev server with HMR. For other pages it
 * writes nothing and its ready check answers 404, so this plugin copies the loader for the panel
 * and answers the ready check for it. crxjs runs only plugins named "crx:*" when it writes dev
 * files, hence the name.
 */
function devPanelPage(): Plugin {
  const READY_PATH = '/@crx/dev-ready';
  return {
    name: 'crx:partner-api-dev-panel-page',
    apply: 'serve',
    configureServer(server) {
      // Ahead of crxjs's own ready check, which knows only the manifest's pages.
      server.middlewares.stack.unshift({
        route: '',
        handle: (req: IncomingMessage, res: ServerResponse, next: () => void) => {
          const url = new URL(req.url ?? '/', 'http://dev.local');
          const page = url.searchParams.get('path') ?? '';
          if (
            url.pathname !== READY_PATH ||
            new URL(page, 'http://dev.local').pathname !== `/${PANEL_PAGE}`
          ) {
            next();
            return;
          }
          res.setHeader('Access-Control-Allow-Origin', '*');
          res.statusCode = 204;
          res.end();
        },
      });
    },
    // After every generateBundle (crxjs emits its loaders in its last one), copy the loader.
    writeBundle(options, bundle) {
      const loader = bundle[manifest.devtools_page];
      if (loader?.type !== 'asset' || options.dir === undefined) return;
      const target = join(options.dir, PANEL_PAGE);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, loader.source);
    },
  };
}

const WORKER_LOADER = 'service-worker-loader.js';

/**
 * Dev mode (`vite` serve): crxjs's loader imports the worker's entry from the dev server as a module
 * worker, which may neither `import()` nor `importScripts()`, so the worker could not load its
 * formats and handlers scripts when a message needs them (later-script.ts). The loader imports
 * them too, after the entry: in one module graph they share its stores as they are, and each
 * puts what it provides on its global at start. Named "crx:*" for the reason given above.
 */
function devWorkerScripts(): Plugin {
  return {
    name: 'crx:partner-api-dev-worker-scripts',
    apply: 'serve',
    writeBundle(options, bundle) {
      const loader = bundle[WORKER_LOADER];
      if (loader?.type !== 'asset' || options.dir === undefined) return;
      const entry =
        /^import\s+'(https?:\/\/localhost:\d+)\/extension\/background\/main\.ts';$/m.exec(
          String(loader.source),
        );
      if (entry === null) return;
      const scripts = ['formats-script.ts', 'handlers-script.ts']
        .map((script) => `import '${entry[1]}/extension/background/${script}';\n`)
        .join('');
      writeFileSync(join(options.dir, WORKER_LOADER), `${loader.source}${scripts}`);
    },
  };
}

/** The worker's second script, as extension/background/lazy-formats.ts names it (tests/unit/manifest.test.ts). */
const FORMATS_SCRIPT_FILE = 'background-formats.js';

/**
 * One id per build, shared by the panel and the worker built together (src/protocol/build-id.ts):
 * a refusal from a worker of another build is told as such, and only then.
 */
const BUILD_DEFINE = {
  __PARTNER_API_BUILD__: JSON.stringify(`${manifest.version}+${Date.now().toString(36)}`),
};

const BACKGROUND_DIR = resolve(import.meta.dirname, 'extension/background');
/** The handlers script's own modules: every other module of extension/background/ is shared. */
const HANDLERS_SCRIPT_OWN =
  /^(handlers-script|handlers-script-link|later-script|handlers\/(code|collections|capture|lock|report))$/;
const SHARED_PREFIX = 'partner-api-shared:';

/**
 * For the handlers script (extension/background/handlers-script-link.ts): each shared module of
 * extension/background/ is left out and read from the main script's global; any other module of
 * that folder that is not the script's own fails the build, since a second copy of a module that
 * keeps the worker's state would split that state in two.
 */
function sharedFromMainScript(): Plugin {
  return {
    name: 'partner-api-shared-from-main-script',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (importer === undefined) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved === null || resolved.external) return resolved;
      const module = relative(BACKGROUND_DIR, resolved.id).replace(/\.ts$/, '');
      if (module.startsWith('..')) return resolved;
      if ((SHARED_MODULES as readonly string[]).includes(module))
        return { id: `${SHARED_PREFIX}${module}`, external: true };
      if (HANDLERS_SCRIPT_OWN.test(module)) return resolved;
      throw new Error(
        `the handlers script imports extension/background/${module}: add it to SHARED_MODULES (handlers-script-link.ts) and to lazy-handlers.ts, or to the script's own modules (vite.config.ts)`,
      );
    },
  };
}

/**
 * Bundles `entry` alone into one script of `format`; resolves with its code. `shared`: the
 * handlers script, whose shared modules come from the main script's global.
 */
async function bundleAlone(
  entry: string,
  format: 'es' | 'iife',
  target: string,
  shared = false,
): Promise<string> {
  const built = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define: BUILD_DEFINE,
    plugins: shared ? [sharedFromMainScript()] : [],
    build: {
      write: false,
      target,
      minify: true,
      modulePreload: false,
      rollupOptions: {
        input: resolve(import.meta.dirname, entry),
        output: {
          format,
          ...(shared
            ? {
                globals: (id: string) =>
                  `${SHARED_GLOBAL}.${sharedKey(id.slice(SHARED_PREFIX.length))}`,
              }
            : {}),
        },
      },
    },
  });
  const output = (Array.isArray(built) ? built[0] : built) as { output: { code?: string }[] };
  if (output.output.length !== 1) throw new Error(`${entry} did not bundle into one file`);
  return output.output[0]?.code ?? '';
}

/**
 * The service worker as three files: its main script, the file formats and Copy as generators
 * (extension/background/formats-script.ts, two thirds of its code) and the handlers a Send never
 * runs (handlers-script.ts, whose shared modules come from the main script:
 * sharedFromMainScript above), which it loads only when a message needs them (later-script.ts),
 * so that a stopped worker woken by a Send loads and runs only the main one. crxjs's loader imports the worker's entry chunk, which imports the chunks it
 * shares with the panel: a dozen module fetches and evaluations each time Chrome starts the stopped
 * worker. After the build, the worker is bundled again on its own and the loader becomes that
 * bundle. Chrome's worker becomes a classic script: a module worker may neither `import()` nor
 * `importScripts()`. Firefox's background is an event page, which has no `importScripts()`: its
 * manifest lists the two scripts after the main one. Build only: `vite` (dev) keeps crxjs's
 * loader, which HMR needs.
 */
function splitWorker(browser: TargetBrowser, target: string): Plugin {
  let outDir = '';
  return {
    name: 'partner-api-split-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const loaderPath = join(outDir, WORKER_LOADER);
      const entryChunk = /import\s+['"]\.\/(assets\/[^'"]+\.js)['"]/.exec(
        readFileSync(loaderPath, 'utf8'),
      )?.[1];
      if (entryChunk === undefined) throw new Error(`${WORKER_LOADER} imports no entry chunk`);
      const format = browser === 'chrome' ? 'iife' : 'es';
      writeFileSync(
        loaderPath,
        await bundleAlone(manifest.background.service_worker, format, target),
      );
      writeFileSync(
        join(outDir, FORMATS_SCRIPT_FILE),
        await bundleAlone('extension/background/formats-script.ts', 'iife', target),
      );
      writeFileSync(
        join(outDir, HANDLERS_SCRIPT_FILE),
        await bundleAlone('extension/background/handlers-script.ts', 'iife', target, true),
      );
      // Only the loader imported the entry chunk; what it shares with the panel stays.
      rmSync(join(outDir, entryChunk));
      const manifestPath = join(outDir, 'manifest.json');
      const built = JSON.parse(readFileSync(manifestPath, 'utf8'));
      if (browser === 'chrome') delete built.background.type;
      else
        built.background.scripts = [
          ...built.background.scripts,
          FORMATS_SCRIPT_FILE,
          HANDLERS_SCRIPT_FILE,
        ];
      writeFileSync(manifestPath, `${JSON.stringify(built, null, 2)}\n`);
    },
  };
}

/** The id of Vite's helper that every `import()` of the build goes through. */
const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

/**
 * Vite's helper for `import()` preloads a lazy chunk's imports and style sheets beside it; here
 * (modulePreload.resolveDependencies below) it is given only style sheets, and its 2.3 kB (0.9 kB
 * gzip of the panel's start-up JS) also handle script preloads, CSP nonces and a global error
 * event this extension has no use for. This one loads each style sheet once, then the chunk; a
 * style sheet or chunk that cannot load rejects, as Vite's does (ui/lazy.tsx then says so).
 */
function lightPreloadHelper(): Plugin {
  return {
    name: 'partner-api-light-preload-helper',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id !== PRELOAD_HELPER_ID) return null;
      return `const sheets = {};
export const __vitePreload = (load, deps) =>
  Promise.all((deps ?? []).map((dep) => (sheets[dep] ??= new Promise((loaded, failed) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = ${JSON.stringify('/')} + dep;
    link.onload = loaded;
    link.onerror = () => {
      delete sheets[dep];
      failed(new Error(\`Unable to load the style sheet \${dep}\`));
    };
    document.head.appendChild(link);
  })))).then(() => load());
`;
    },
  };
}

export default defineConfig(({ command, mode }) => {
  const browser: TargetBrowser = mode === 'firefox' ? 'firefox' : 'chrome';
  const crxManifest = browser === 'firefox' ? firefoxManifest(manifest) : manifest;
  return {
    define: BUILD_DEFINE,
    // The unit tests (mode 'test') build no extension: crxjs would write its dev loaders into
    // dist/, emptied first, under each Vitest project, and some tests audit the real build there.
    plugins:
      mode === 'test'
        ? [preact()]
        : [
            lightPreloadHelper(),
            preact(),
            crx({ manifest: crxManifest, browser }),
            devPanelPage(),
            devWorkerScripts(),
            splitWorker(browser, BUNDLE_TARGET[browser]),
          ],
    build: {
      // Overridable so that a test of `npm start` can build beside the dist/ other tests are using.
      outDir: process.env.PARTNER_API_OUT_DIR ?? (browser === 'firefox' ? 'dist-firefox' : 'dist'),
      emptyOutDir: true,
      target: BUNDLE_TARGET[browser],
      sourcemap: false,
      // Both browsers we build for preload modules themselves (Chrome 66+, Firefox 115+): Vite's
      // polyfill for older ones would be 389 bytes gzip of the panel's start-up JS for nothing.
      // A lazy chunk's own imports load when it runs rather than being preloaded beside it: the
      // list of every lazy chunk's dependencies was 1.2 kB gzip of the panel's start-up JS, and
      // the files load from the extension's own package. Its style sheets are still loaded
      // before it runs, and the panel page's preloads (hostType 'html') stay as they are.
      modulePreload: {
        polyfill: false,
        resolveDependencies: (_file, deps, { hostType }) =>
          hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
      },
      rollupOptions: {
        input: { panel: PANEL_PAGE, connectFolder: CONNECT_FOLDER_PAGE },
        // Only the build splits so: in `npm run dev`, CRXJS hands these options to Rollup, which
        // has no chunk groups and warned of an unknown option at every start.
        output:
          command !== 'build'
            ? {}
            : {
                // Modules the panel's start-up code shares with the worker and with lazy chunks, each
                // small, which the bundler would put in start-up chunks of their own (a 161-byte chunk
                // for errors.ts): one chunk for them saves the panel ~500 bytes gzip of chunk overhead
                // (tests/unit/panel-budget.test.ts), and Preact's modules in one chunk ~160 more. The
                // worker is bundled again on its own (below).
                codeSplitting: {
                  groups: [
                    {
                      name: 'startup-shared',
                      test: /src[\\/](vocabulary[\\/](errors|terms|ui-prefs|span-words)|collections[\\/](check-use|same-call|find-item)|protocol[\\/](build-id|events)|checks[\\/]with-carried|service[\\/]token[\\/]token-finding)\.ts$|^\0vite\/preload-helper\.js$/,
                    },
                    { name: 'preact', test: /node_modules[\\/]preact[\\/]/ },
                  ],
                },
              },
      },
    },
    server: {
      port: 5173,
      strictPort: true,
      hmr: { port: 5173 },
    },
    test: {
      environment: 'node',
      // The unit tests share CI's two cores with the end-to-end step's browsers (load 8-9): a test
      // that takes 0.2 s alone was measured at 5.7 s there, and one spawning depcruise at 9-11 s.
      // A hang still fails, a minute later.
      testTimeout: 60_000,
      // Vitest's default is one worker fewer than the cores: one on CI's 2-core machine, where
      // many tests wait on a process they started (a build, bru, newman, Postman's CLI, a runtime)
      // and the second core sat idle. One worker per core.
      maxWorkers: availableParallelism(),
      // Each file in a worker thread of its own rather than a child process: 18 % less CPU on the
      // 2-core machine (65 files of src/service, src/protocol and src/collections, two runs each,
      // interleaved: 49.4 and 48.8 CPU-s with forks, 41.6 and 38.2 with threads, load 20-25).
      pool: 'threads',
      // A file's modules are evaluated afresh for each test file only where the file needs it:
      // where it replaces a module or a global (vi.mock, vi.stubGlobal, fake timers). The other
      // files share each worker's modules, so that the sandbox, the parsers and the peers'
      // libraries load once a worker instead of once a file: "import" was 45 of the 219 s the
      // two workers spent (scripts/unit-test-projects.ts says which files are which).
      projects: mode === 'test' ? unitTestProjects() : [],
    },
  };
});
