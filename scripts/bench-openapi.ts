/**
 * The OpenAPI import figures of `npm run bench`, measured where the product runs the importer: in
 * an extension page of the built extension in Chromium. The panel loads the importer lazily
 * (read-import-file.ts); here its module is built on its own (the same source and bundler as the
 * panel's lazy chunks) into `dist/bench-openapi/`, loaded with `import()` as the panel does it, and
 * removed after, so that the figure is the importer's alone.
 * Each run is a fresh page: the first import in a page is what a user waits for.
 */
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext } from '@playwright/test';
import { dump } from 'js-yaml';
import { build } from 'vite';
import {
  generatedOpenApiDocument,
  generatedOpenApiText,
} from '../src/testing/fixtures/openapi/openapi-samples';
import { median } from './bench-stats';
import { DIST, PANEL_PATH } from './extension-browser';

const FOLDER = 'bench-openapi';
const FILE = 'openapi-import.js';
const TARGET_CHARS = 5 * 1024 * 1024;
const RUNS = 3;

export interface OpenApiFigures {
  /** Median of fresh pages: `importOpenApi` on a 5 MB JSON document, text to collection. */
  import_openapi_5mb_ms: number;
  import_openapi_yaml_5mb_ms: number;
  /** `import()` of the module in a fresh page. */
  import_openapi_module_load_ms: number;
  /** The module built alone, so with the parts it will share with the panel (valibot, rules). */
  import_openapi_module_gzip_bytes: number;
  import_openapi_requests: number;
  import_openapi_json_chars: number;
  import_openapi_yaml_chars: number;
}

/** The importer as one ES module, minified for Chromium like the panel's chunks. */
async function buildImporter(): Promise<string> {
  const outDir = join(DIST, FOLDER);
  await build({
    configFile: false,
    logLevel: 'warn',
    // The extension's icons are already in dist/; the module needs nothing from public/.
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: true,
      target: 'chrome120',
      minify: true,
      lib: {
        entry: resolve(import.meta.dirname, '..', 'src/formats/openapi/openapi-import.ts'),
        formats: ['es'],
        fileName: () => FILE,
      },
    },
  });
  return join(outDir, FILE);
}

/**
 * A YAML document just over `targetChars`: the generated document written by js-yaml, which
 * (like other YAML writers) puts anchors on objects the document uses in several places.
 */
function generatedYaml(targetChars: number): string {
  // YAML drops JSON's quotes and braces: aim the content higher to pass the target.
  return dump(generatedOpenApiDocument(Math.round(targetChars * 0.9)));
}

async function importInFreshPage(context: BrowserContext, extensionId: string, text: string) {
  const page = await context.newPage();
  try {
    await page.goto(`chrome-extension://${extensionId}/${PANEL_PATH}`);
    return await page.evaluate(
      async ({ url, text }) => {
        let start = performance.now();
        const module = await import(url);
        const loadMs = performance.now() - start;
        let next = 0;
        start = performance.now();
        const result = module.importOpenApi(text, () => `bench_${++next}`);
        const importMs = performance.now() - start;
        if (!result.ok) throw new Error(result.error.message);
        // No named functions in here: the TypeScript runner would wrap them in a helper that the
        // page does not have.
        let requests = 0;
        const stack = [...result.value.collection.items];
        while (stack.length > 0) {
          const item = stack.pop();
          if (item.kind === 'folder') stack.push(...item.items);
          else requests++;
        }
        return { loadMs, importMs, requests };
      },
      { url: `/${FOLDER}/${FILE}`, text },
    );
  } finally {
    await page.close();
  }
}

export async function measureOpenApiImport(
  context: BrowserContext,
  extensionId: string,
): Promise<OpenApiFigures> {
  const file = await buildImporter();
  try {
    const json = generatedOpenApiText(TARGET_CHARS);
    const yaml = generatedYaml(TARGET_CHARS);
    const jsonRuns = [];
    const yamlRuns = [];
    for (let i = 0; i < RUNS; i++) {
      jsonRuns.push(await importInFreshPage(context, extensionId, json));
      yamlRuns.push(await importInFreshPage(context, extensionId, yaml));
    }
    return {
      import_openapi_5mb_ms: Math.round(median(jsonRuns.map((run) => run.importMs))),
      import_openapi_yaml_5mb_ms: Math.round(median(yamlRuns.map((run) => run.importMs))),
      import_openapi_module_load_ms: Math.round(median(jsonRuns.map((run) => run.loadMs))),
      import_openapi_module_gzip_bytes: gzipSync(await readFile(file)).length,
      import_openapi_requests: jsonRuns[0]?.requests ?? 0,
      import_openapi_json_chars: json.length,
      import_openapi_yaml_chars: yaml.length,
    };
  } finally {
    rmSync(join(DIST, FOLDER), { recursive: true, force: true });
  }
}
