/**
 * The OpenCollection folder figures of `npm run bench`: a 1 000-request collection (10 folders of
 * 100) exported and written file by file into an empty folder on disk, and the folder read back
 * file by file and imported into a collection; median of RUNS, each into a fresh folder. The
 * folder code is the product's (opencollection-folder-io.ts) behind the directory-handle shape a
 * browser's File System Access API gives; here Node's file system stands behind it. The baseline
 * is the disk alone, in the same run: the same texts written with plain `writeFile` calls into a
 * fresh folder, and read back with plain `readFile` calls (all at once, as the product does).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { exportOpenCollection } from '../src/formats/opencollection/opencollection-export';
import { writeFolderFiles } from '../src/formats/opencollection/opencollection-folder-io';
import { readFolderFiles } from '../src/formats/opencollection/opencollection-folder-read';
import { importOpenCollection } from '../src/formats/opencollection/opencollection-import';
import { nodeFolderHandle } from '../src/testing/fixtures/opencollection/node-folder-handle';
import { generatedBrunoCollection } from '../src/testing/fixtures/opencollection/opencollection-samples';
import { median } from './bench-stats';

const RUNS = 5;
const ENVIRONMENT = {
  name: 'Sandbox',
  baseUrl: 'http://127.0.0.1:8787',
  authUrl: 'http://127.0.0.1:8787',
  companyId: 'c0a80101-7e57-4d2a-9b1e-5a4db0c0ffee',
  clientId: 'partner-client',
  variables: [],
};

export async function measureOpenCollectionFolder() {
  const collection = generatedBrunoCollection();
  const write: number[] = [];
  const read: number[] = [];
  const baseline: number[] = [];
  const readBaseline: number[] = [];
  let files = 0;
  for (let run = 0; run < RUNS; run++) {
    const root = await mkdtemp(join(tmpdir(), 'bench-opencollection-'));
    try {
      const folder = nodeFolderHandle(root);
      const writeStart = performance.now();
      const exported = exportOpenCollection(collection, {
        environments: [ENVIRONMENT],
        storedSecrets: ['not-in-the-collection-secret'],
      });
      if (!exported.ok) throw new Error(exported.error.message);
      await writeFolderFiles(folder, exported.value, new Map());
      write.push(performance.now() - writeStart);
      files = exported.value.length;

      const readStart = performance.now();
      const imported = importOpenCollection(await readFolderFiles(folder), () =>
        crypto.randomUUID(),
      );
      if (!imported.ok) throw new Error(imported.error.message);
      read.push(performance.now() - readStart);

      const plain = join(root, 'baseline');
      const baselineStart = performance.now();
      const paths = exported.value.map(({ path }) => join(plain, ...path.split('/')));
      await Promise.all(
        [...new Set(paths.map((path) => dirname(path)))].map((dir) =>
          mkdir(dir, { recursive: true }),
        ),
      );
      await Promise.all(
        exported.value.map(({ text }, index) => writeFile(paths[index] as string, text)),
      );
      baseline.push(performance.now() - baselineStart);

      const readBaselineStart = performance.now();
      const texts = await Promise.all(paths.map((path) => readFile(path, 'utf8')));
      readBaseline.push(performance.now() - readBaselineStart);
      if (texts.length !== exported.value.length) throw new Error('baseline read lost files');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }
  return {
    opencollection_write_1k_ms: median(write),
    opencollection_read_1k_ms: median(read),
    opencollection_write_1k_disk_baseline_ms: median(baseline),
    opencollection_read_1k_disk_baseline_ms: median(readBaseline),
    opencollection_files: files,
  };
}
