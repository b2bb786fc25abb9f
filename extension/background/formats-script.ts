/**
 * The worker's second script: the file formats (every importer, the Postman, OpenCollection and
 * native writers, the export secret linter) and the Copy as generators, about two thirds of the
 * worker's code, which a Send never runs. The build emits it as its own classic script
 * (vite.config.ts), loaded only when a message needs it (lazy-formats.ts), so a stopped worker
 * woken by a Send loads and runs only the rest. Pure code from src/ only: it holds no state,
 * reads no storage and sees a secret only when a handler passes one in.
 */
import { lintForSecrets } from '../../src/collections/export-lint';
import { exportCollection } from '../../src/collections/native-format';
import { buildCodeSnippet } from '../../src/copy-as/code-snippet';
import { importCollectionFile } from '../../src/formats/import-file';
import { environmentProfiles } from '../../src/formats/opencollection/bruno-export-choice';
import { exportOpenCollection } from '../../src/formats/opencollection/opencollection-export';
import { safeStem } from '../../src/formats/opencollection/opencollection-file-names';
import { exportPostman } from '../../src/formats/postman/postman-export';
import { FORMATS_GLOBAL, type WorkerFormats } from './lazy-formats';

const workerFormats: WorkerFormats = {
  buildCodeSnippet,
  environmentProfiles,
  exportCollection,
  exportOpenCollection,
  exportPostman,
  importCollectionFile,
  lintForSecrets,
  safeStem,
};

(globalThis as Record<string, unknown>)[FORMATS_GLOBAL] = workerFormats;
