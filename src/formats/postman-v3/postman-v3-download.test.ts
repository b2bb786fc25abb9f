import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { brunoSample } from '../../testing/fixtures/opencollection/opencollection-samples';
import { exportPostman } from '../postman/postman-export';
import { postmanV3Download } from './postman-v3-download';

describe('the Export for Postman 12 download', () => {
  it('is a zip named beside the v2.1 file, with the command that runs it', () => {
    const v21 = exportPostman(brunoSample(), {});
    const download = postmanV3Download(
      v21,
      'orders-walkthrough.postman_collection.json',
      "Ann's sandbox",
    );
    expect(download.fileName).toBe('orders-walkthrough.postman12.zip');
    expect(Object.keys(unzipSync(download.zip))).toContain(
      "postman/environments/Ann's sandbox.environment.yaml",
    );
    expect(download.command).toBe(
      `npx postman collection run 'postman/collections/Orders walkthrough' -e 'postman/environments/Ann'\\''s sandbox.environment.yaml' --env-var apiKey="$PARTNER_API_KEY"`,
    );
    const oauth = exportPostman(
      { ...brunoSample(), auth: { method: 'oauthBody', formEncodeCredentials: false } },
      {},
    );
    expect(postmanV3Download(oauth, 'a.postman_collection.json', 'S').command).toContain(
      '--env-var clientSecret="$PARTNER_CLIENT_SECRET"',
    );
  });
});
