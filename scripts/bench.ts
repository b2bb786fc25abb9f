/**
 * `npm run bench`: measures the built extension in the system Chromium against the sandbox, all on
 * loopback, and prints one JSON object with the figures and the targets they are held to. Each
 * figure is compared with a baseline measured in the same run where one exists (a plain fetch for
 * the worker's request path, a warm worker for a stopped one, and for that, a worker that does
 * nothing and one that makes only our worker's start-up API calls, woken the same way). The
 * Firefox build's send figures
 * (`firefox`) come from Firefox ESR against the same sandbox in the same run. Build first:
 * `npm run build` and `npm run build:firefox` (npm run bench does both). The peers a partner would
 * pick instead (`bru run`, newman, `curl`, the Postman SDK) are measured beside us in the same run
 * (bench-peers.ts). The measurements live beside this file, one module each (bench-*.ts). The
 * machine's load average is printed before and after: figures taken under load bind nothing.
 */
import { cpus, loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { createSandbox, type Sandbox } from '../src/sandbox/server';
import { createApiKeyProfile, createOAuthProfile } from '../tests/e2e/profiles';
import { COLD_RUNS, lockAndUnlock, measureColdSend, PRESS_MS, PRESSED_RUNS } from './bench-cold';
import { measureColdFloor } from './bench-cold-floor';
import { measureFirefox } from './bench-firefox';
import { measurePostmanImport } from './bench-import';
import { measureOpenApiImport } from './bench-openapi';
import { measureOpenCollectionFolder } from './bench-opencollection';
import {
  BIG_BODY_BYTES,
  BIG_RUNS,
  LOADS,
  measureBigResponse,
  measureFirstRender,
} from './bench-panel';
import { measurePeers, PEER_ROUNDS } from './bench-peers';
import { measurePostmanV3 } from './bench-postman-v3';
import { GETS, measureProxy, measureTokenRoundTrip, TOKENS } from './bench-proxy';
import { measureRun, RUN_REQUESTS, RUN_ROUNDS } from './bench-run';
import { DIST, launchWithExtension, PANEL_PATH } from './extension-browser';
import { DIST_FIREFOX } from './firefox-browser';
import { PANEL_STARTUP_JS_BUDGET_BYTES, panelJsGzipBytes } from './panel-startup-js';

const API_KEY = 'API key';
const OAUTH = 'OAuth (form body)';

/** Creates the sandbox's profile for this auth method, named after it; resolves with its id. */
async function createProfile(panel: Page, sandbox: Sandbox, method: typeof API_KEY | typeof OAUTH) {
  const { apiKey, clientId, clientSecret, companyId } = sandbox.credentials;
  const fields = { name: method, authUrl: sandbox.url, baseUrl: sandbox.url, companyId };
  if (method === API_KEY) await createApiKeyProfile(panel, { ...fields, apiKey });
  else await createOAuthProfile(panel, { ...fields, method, clientId, clientSecret });
  return panel.evaluate(async () => {
    const reply = await chrome.runtime.sendMessage({ type: 'profiles/list', payload: {} });
    return reply.value.activeProfileId as string;
  });
}

const loadAverage = () => loadavg().map((value) => Math.round(value * 100) / 100);

async function main() {
  const loadBefore = loadAverage();
  const sandbox = await createSandbox({ port: 0 });
  const browser = await launchWithExtension();
  try {
    const { context, extensionId } = browser;
    const panel = await context.newPage();
    const panelUrl = `chrome-extension://${extensionId}/${PANEL_PATH}`;
    await panel.goto(panelUrl);
    const apiKeyProfile = await createProfile(panel, sandbox, API_KEY);
    const proxy = await measureProxy(panel, sandbox, apiKeyProfile);
    // Run on a collection of 200 requests, each with a check and a value carried forward.
    const run = await measureRun(panel, apiKeyProfile);
    const oauthProfile = await createProfile(panel, sandbox, OAUTH);
    const tokenRoundTrip = await measureTokenRoundTrip(panel, oauthProfile);

    await lockAndUnlock(panel);
    const coldApiKey = await measureColdSend(context, panel, extensionId, API_KEY);
    const coldOAuth = await measureColdSend(context, panel, extensionId, OAUTH);
    // Pressed as a person presses Send after a pause: the press wakes the worker (worker-wake.ts).
    const coldPressed = await measureColdSend(context, panel, extensionId, API_KEY, {
      runs: PRESSED_RUNS,
      pressMs: PRESS_MS,
    });
    // The same-run baselines of the cold figures: a worker that does nothing and one that makes
    // only the API calls ours makes as it starts, woken the same way, beside ours
    // (bench-cold-floor.ts), each in a browser of its own.
    const coldFloor = await measureColdFloor(DIST);
    // bru run and newman on the run's collection, curl against Send, the Postman SDK's parse
    // against our import: interleaved rounds (bench-peers.ts).
    const peers = await measurePeers(context, panel, sandbox, extensionId, API_KEY);

    const firstRender = await measureFirstRender(context, panelUrl);
    const big = await measureBigResponse(panel, sandbox, API_KEY, apiKeyProfile);
    const postman = await measurePostmanImport(panel);
    // A 5 MB OpenAPI document (JSON, and the same as YAML), imported in an extension page.
    const openApi = await measureOpenApiImport(context, extensionId);
    // A 1 000-request collection written to a folder as OpenCollection YAML, and read back.
    const openCollection = await measureOpenCollectionFolder();
    // The same 1 000 requests exported for Postman 12 (a v3 zip) and imported back.
    const postmanV3 = measurePostmanV3();
    const firefox = await measureFirefox(sandbox, DIST_FIREFOX);

    const figures = {
      load_average: { before: loadBefore, after: loadAverage(), cores: cpus().length },
      ...proxy,
      ...run,
      token_roundtrip_ms: tokenRoundTrip,
      cold_send_ms: { api_key: coldApiKey.cold_send_ms, oauth: coldOAuth.cold_send_ms },
      warm_send_ms: { api_key: coldApiKey.warm_send_ms, oauth: coldOAuth.warm_send_ms },
      cold_overhead_ms: { api_key: coldApiKey.cold_overhead_ms, oauth: coldOAuth.cold_overhead_ms },
      cold_pressed_send_ms: coldPressed.cold_send_ms,
      warm_pressed_send_ms: coldPressed.warm_send_ms,
      cold_pressed_overhead_ms: coldPressed.cold_overhead_ms,
      ...coldFloor,
      panel_first_render_ms: firstRender,
      panel_js_gzip_bytes: panelJsGzipBytes(DIST),
      ...big,
      ...postman,
      ...openApi,
      ...openCollection,
      ...postmanV3,
      ...peers,
      firefox,
      samples: {
        gets: GETS,
        tokens: TOKENS,
        cold_runs: COLD_RUNS,
        cold_pressed_runs: PRESSED_RUNS,
        press_ms: PRESS_MS,
        loads: LOADS,
        big_body_bytes: BIG_BODY_BYTES,
        big_runs: BIG_RUNS,
        run_requests: RUN_REQUESTS,
        run_rounds: RUN_ROUNDS,
        peer_rounds: PEER_ROUNDS,
      },
      targets: {
        proxy_overhead_ratio: '<= 1.10',
        proxy_overhead_ms: '< 0.5 (goal)',
        run_overhead_per_request_ms: '< 2',
        cold_overhead_ms: '<= 25 (goal, each profile; 50 held)',
        panel_first_render_ms: '< 150',
        panel_js_gzip_bytes: `<= ${PANEL_STARTUP_JS_BUDGET_BYTES} (each build)`,
        big_response_render_ms: '< 500',
        big_response_added_ms: '<= 300 (over a plain fetch of the same answer)',
        import_postman_10k_ms: '< 700',
        sidebar_search_ms: '< 50',
        import_openapi_5mb_ms: '< 1000',
        import_openapi_yaml_5mb_ms: '< 1000',
        opencollection_write_1k_ms: '< 2000',
        opencollection_read_1k_ms: '< 1000',
        postman12_export_zip_1k_ms: '< 2000',
        postman12_import_zip_1k_ms: '< 1000',
        run_200_peer_ratio: '<= 1 (our Run / the fastest peer)',
        import_postman_10k_peer_ratio: '<= 1 (our import / the Postman SDK)',
      },
    };
    console.log(JSON.stringify(figures, null, 2));
  } finally {
    await browser.close();
    await sandbox.close();
  }
}

await main();
