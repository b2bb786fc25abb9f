/**
 * The worker's file formats and Copy as generators (formats-script.ts), a script of their own loaded
 * the first time a message needs them (later-script.ts), so that a stopped worker woken by a Send
 * does not load them first.
 */
import type { lintForSecrets } from '../../src/collections/export-lint';
import type { exportCollection } from '../../src/collections/native-format';
import type { buildCodeSnippet } from '../../src/copy-as/code-snippet';
import type { importCollectionFile } from '../../src/formats/import-file';
import type { environmentProfiles } from '../../src/formats/opencollection/bruno-export-choice';
import type { exportOpenCollection } from '../../src/formats/opencollection/opencollection-export';
import type { safeStem } from '../../src/formats/opencollection/opencollection-file-names';
import type { exportPostman } from '../../src/formats/postman/postman-export';
import type { Result } from '../../src/vocabulary/errors';
import { importAtInstall, type LaterScript, laterScript } from './later-script';

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

const FORMATS_SCRIPT: LaterScript = {
  file: FORMATS_SCRIPT_FILE,
  global: FORMATS_GLOBAL,
  what: 'its file formats',
};

/** Registers, at the top level of the worker's script, the import of the formats at install. */
export function keepFormatsForLater(): void {
  importAtInstall(FORMATS_SCRIPT);
}

/** The formats, loading them on first use; a plain error if this worker's copy lacks them. */
export function workerFormats(): Result<WorkerFormats> {
  return laterScript<WorkerFormats>(FORMATS_SCRIPT);
}
