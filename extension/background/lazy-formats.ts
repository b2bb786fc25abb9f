/**
 * The worker's file formats and Copy as generators (formats-script.ts), loaded the first time a
 * message needs them, so that a stopped worker woken by a Send does not compile them first.
 *
 * Chrome: the worker is a classic script, since a module worker may neither `import()` nor
 * `importScripts()`. A service worker may `importScripts()` after its start only a script it
 * imported while it was being installed, so the install listener (registered at the top level by
 * `keepFormatsForLater`) imports it once. Firefox runs the background as an event page, which
 * has no `importScripts()`: its manifest lists the script after the main one (vite.config.ts).
 */
import type { lintForSecrets } from '../../src/collections/export-lint';
import type { exportCollection } from '../../src/collections/native-format';
import type { buildCodeSnippet } from '../../src/copy-as/code-snippet';
import type { importCollectionFile } from '../../src/formats/import-file';
import type { environmentProfiles } from '../../src/formats/opencollection/bruno-export-choice';
import type { exportOpenCollection } from '../../src/formats/opencollection/opencollection-export';
import type { safeStem } from '../../src/formats/opencollection/opencollection-file-names';
import type { exportPostman } from '../../src/formats/postman/postman-export';
import { fail, ok, type Result } from '../../src/vocabulary/errors';

/** The file the build writes the formats script to, beside the worker's loader (vite.config.ts). */
export const FORMATS_SCRIPT_FILE = 'background-formats.js';
/** The global the formats script puts its functions on. */
export const FORMATS_GLOBAL = 'partnerApiFormats';

/** What the formats script provides: types only here, so none of its code is in the main script. */
export interface WorkerFormats {
  buildCodeSnippet: typeof buildCodeSnippet;
  environmentProfiles: typeof environmentProfiles;
  exportCollection: typeof exportCollection;
  exportOpenCollection: typeof exportOpenCollection;
  exportPostman: typeof exportPostman;
  importCollectionFile: typeof importCollectionFile;
  lintForSecrets: typeof lintForSecrets;
  safeStem: typeof safeStem;
}

const loaded = () =>
  (globalThis as Record<string, unknown>)[FORMATS_GLOBAL] as WorkerFormats | undefined;

const canImportScripts = () =>
  typeof (globalThis as { importScripts?: unknown }).importScripts === 'function';

const UNAVAILABLE_HINT =
  'Reload the extension on chrome://extensions, or reinstall it, then try again.';

/** Registers, at the top level of the worker's script, the import of the formats at install. */
export function keepFormatsForLater(): void {
  if (!canImportScripts()) return;
  globalThis.addEventListener('install', () => importScripts(`/${FORMATS_SCRIPT_FILE}`));
}

/** The formats, loading them on first use; a plain error if this worker's copy lacks them. */
export function workerFormats(): Result<WorkerFormats> {
  const formats = loaded();
  if (formats !== undefined) return ok(formats);
  if (!canImportScripts())
    return fail('internal', 'The extension could not load its file formats.', UNAVAILABLE_HINT);
  try {
    importScripts(`/${FORMATS_SCRIPT_FILE}`);
  } catch (error) {
    const name = error instanceof Error ? error.name : 'error';
    return fail(
      'internal',
      `The extension could not load its file formats (${name}).`,
      UNAVAILABLE_HINT,
    );
  }
  const imported = loaded();
  return imported === undefined
    ? fail('internal', 'The extension could not load its file formats.', UNAVAILABLE_HINT)
    : ok(imported);
}
