/**
 * What Export for Postman 12 downloads, from what the worker's Postman export answered (the v2.1
 * collection, already through the export secret linter, and its file name): the v3 zip, its file
 * name (`<collection>.postman12.zip`, beside the v2.1 `<collection>.postman_collection.json`) and
 * the command that runs it with Postman's CLI, the secret taken from the CI job's secret store.
 */
import type { PostmanCollectionJson } from '../postman/postman-format';
import { exportPostmanV3 } from './postman-v3-export';
import { zipPostmanV3 } from './postman-v3-zip';

export interface PostmanV3Download {
  fileName: string;
  zip: Uint8Array<ArrayBuffer>;
  command: string;
}

/** A word the shell takes as it is, else the word in single quotes. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_.,:@%+=/-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** `v21Text`: the worker's v2.1 export of the collection; `v21FileName`: its file name. */
export function postmanV3Download(
  v21Text: string,
  v21FileName: string,
  environmentName: string,
): PostmanV3Download {
  const json = JSON.parse(v21Text) as PostmanCollectionJson;
  const { files, collectionPath, environmentPath } = exportPostmanV3(json, environmentName);
  const secret =
    json.auth.type === 'apikey'
      ? 'apiKey="$PARTNER_API_KEY"'
      : 'clientSecret="$PARTNER_CLIENT_SECRET"';
  return {
    fileName: v21FileName.replace(/\.postman_collection\.json$/, '.postman12.zip'),
    zip: zipPostmanV3(files),
    command: `npx postman collection run ${shellWord(collectionPath)} -e ${shellWord(environmentPath)} --env-var ${secret}`,
  };
}
