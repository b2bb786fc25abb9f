/**
 * page-roles.ts and dom-accessibility-api as one script a page evaluates (it defines
 * globalThis.__journeyRoles): built once per Playwright worker with Vite's library mode, in memory.
 */
import { resolve } from 'node:path';
import { build, type Rolldown } from 'vite';

let bundle: Promise<string> | undefined;

async function buildOnce(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: false,
      lib: {
        entry: resolve(import.meta.dirname, 'page-roles.ts'),
        formats: ['iife'],
        name: 'journeyRoles',
      },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  const chunk = (result as Rolldown.RolldownOutput).output[0];
  return chunk.code;
}

/** The script's source, built on first use. */
export function pageRolesScript(): Promise<string> {
  bundle ??= buildOnce();
  return bundle;
}
