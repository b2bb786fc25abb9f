/**
 * The Postman 12 (collection schema v3) figures of `npm run bench`: a 1 000-request collection (10
 * folders of 100, each request with a check) exported as Export for Postman 12 does it (the export
 * secret linter, the v2.1 collection the worker answers, then the v3 files and their zip, in the
 * panel), and the zip imported back (unzip with its checks, every YAML file parsed, the v2.1
 * import); median of RUNS. The baseline, in the same run, is the v2.1 path alone: the same
 * collection linted and exported as v2.1 JSON, and that JSON imported.
 */
import { lintForSecrets } from '../src/collections/export-lint';
import { unzipCollectionFolder } from '../src/formats/opencollection/opencollection-zip';
import { exportPostman } from '../src/formats/postman/postman-export';
import { importPostman } from '../src/formats/postman/postman-import';
import { postmanV3Download } from '../src/formats/postman-v3/postman-v3-download';
import { importPostmanV3 } from '../src/formats/postman-v3/postman-v3-import';
import { generatedBrunoCollection } from '../src/testing/fixtures/opencollection/opencollection-samples';
import { median } from './bench-stats';

const RUNS = 5;
const SECRETS = ['not-in-the-collection-secret'];
const OPTIONS = {
  values: {
    baseUrl: 'http://127.0.0.1:8787',
    authUrl: 'http://127.0.0.1:8787',
    companyId: 'c0a80101-7e57-4d2a-9b1e-5a4db0c0ffee',
    clientId: 'partner-client',
  },
  storedSecrets: SECRETS,
};

function v21Export(collection: ReturnType<typeof generatedBrunoCollection>): string {
  const clean = lintForSecrets(collection, SECRETS);
  if (!clean.ok) throw new Error(clean.error.message);
  return exportPostman(collection, OPTIONS);
}

export function measurePostmanV3() {
  const collection = generatedBrunoCollection();
  const exportV3: number[] = [];
  const importV3: number[] = [];
  const exportV21: number[] = [];
  const importV21: number[] = [];
  let zipBytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const exportStart = performance.now();
    const download = postmanV3Download(
      v21Export(collection),
      'generated.postman_collection.json',
      'Sandbox',
    );
    exportV3.push(performance.now() - exportStart);
    zipBytes = download.zip.byteLength;

    const importStart = performance.now();
    const unzipped = unzipCollectionFolder(download.zip);
    if (!unzipped.ok) throw new Error(unzipped.error.message);
    const imported = importPostmanV3(unzipped.value.files, () => crypto.randomUUID());
    if (!imported.ok) throw new Error(imported.error.message);
    importV3.push(performance.now() - importStart);

    const baselineStart = performance.now();
    const text = v21Export(collection);
    exportV21.push(performance.now() - baselineStart);
    const baselineImportStart = performance.now();
    const v21 = importPostman(text, () => crypto.randomUUID());
    if (!v21.ok) throw new Error(v21.error.message);
    importV21.push(performance.now() - baselineImportStart);
  }
  return {
    postman12_export_zip_1k_ms: median(exportV3),
    postman12_import_zip_1k_ms: median(importV3),
    postman12_export_1k_v21_baseline_ms: median(exportV21),
    postman12_import_1k_v21_baseline_ms: median(importV21),
    postman12_zip_bytes: zipBytes,
  };
}
