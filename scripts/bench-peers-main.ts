/**
 * `npm run bench:peers`: only the peer comparison of `npm run bench` (bench-peers.ts), for a
 * quicker look while working on one of its figures: the sandbox, a headless Chromium with the
 * built extension, an API-key profile and the bench's 200-request collection, then the interleaved
 * rounds. Prints one JSON object with the machine's load average before and after.
 */
import { cpus, loadavg } from 'node:os';
import { createSandbox } from '../src/sandbox/server';
import { createApiKeyProfile } from '../tests/e2e/profiles';
import { measurePeers, PEER_ROUNDS } from './bench-peers';
import { importRunCollection } from './bench-run';
import { launchWithExtension, PANEL_PATH } from './extension-browser';

const PROFILE = 'API key';

async function main() {
  const loadBefore = loadavg();
  const sandbox = await createSandbox({ port: 0 });
  const browser = await launchWithExtension();
  try {
    const { context, extensionId } = browser;
    const panel = await context.newPage();
    await panel.goto(`chrome-extension://${extensionId}/${PANEL_PATH}`);
    const { apiKey, companyId } = sandbox.credentials;
    await createApiKeyProfile(panel, { name: PROFILE, baseUrl: sandbox.url, companyId, apiKey });
    await importRunCollection(panel);
    const peers = await measurePeers(context, panel, sandbox, extensionId, PROFILE);
    const round = (values: number[]) => values.map((value) => Math.round(value * 100) / 100);
    const figures = {
      load_average: { before: round(loadBefore), after: round(loadavg()), cores: cpus().length },
      ...peers,
      samples: { peer_rounds: PEER_ROUNDS },
    };
    console.log(JSON.stringify(figures, null, 2));
  } finally {
    await browser.close();
    await sandbox.close();
  }
}

await main();
