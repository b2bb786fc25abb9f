/**
 * `npx tsx scripts/bench-cold-ab.ts <build dir> <build dir> …`: the cold-worker figures of
 * bench-cold.ts (`cold_send_ms`, `warm_send_ms`, `cold_overhead_ms`, API-key and OAuth profiles,
 * vault locked and unlocked) for several Chrome builds, each in a fresh browser, alternated round
 * by round (ROUNDS, default 3; the order reversed every other round), so that builds are compared
 * under the same load. Build each with `PARTNER_API_OUT_DIR=<dir> npx vite build`. Prints one JSON
 * line per build and round, with the load average: a figure means something only beside the other
 * builds' figures of the same round.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import type { Sandbox } from '../src/sandbox/server';
import { createApiKeyProfile, createOAuthProfile } from '../tests/e2e/profiles';
import { lockAndUnlock, measureColdSend } from './bench-cold';
import { alternatedRounds } from './bench-rounds';
import { chromiumArgs, chromiumPath, PANEL_PATH } from './extension-browser';

const API_KEY = 'API key';
const OAUTH = 'OAuth (form body)';
async function createProfile(panel: Page, sandbox: Sandbox, method: string) {
  const { apiKey, clientId, clientSecret, companyId } = sandbox.credentials;
  const fields = { name: method, authUrl: sandbox.url, baseUrl: sandbox.url, companyId };
  if (method === API_KEY) await createApiKeyProfile(panel, { ...fields, apiKey });
  else
    await createOAuthProfile(panel, { ...fields, method: OAUTH, clientId, clientSecret } as never);
}

async function one(dist: string, sandbox: Sandbox) {
  const dir = mkdtempSync(join(tmpdir(), 'cold-ab-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath(),
    headless: true,
    args: chromiumArgs([], [], dist),
  });
  try {
    const ours = (w: { url(): string }) => w.url().endsWith('/service-worker-loader.js');
    const worker =
      context.serviceWorkers().find(ours) ??
      (await context.waitForEvent('serviceworker', { predicate: ours }));
    const extensionId = new URL(worker.url()).host;
    const panel = await context.newPage();
    await panel.goto(`chrome-extension://${extensionId}/${PANEL_PATH}`);
    await createProfile(panel, sandbox, API_KEY);
    await createProfile(panel, sandbox, OAUTH);
    await lockAndUnlock(panel);
    const a = await measureColdSend(context, panel, extensionId, API_KEY);
    const o = await measureColdSend(context, panel, extensionId, OAUTH);
    return { api_key: a, oauth: o };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

await alternatedRounds((dist, _round, sandbox) => one(dist, sandbox));
