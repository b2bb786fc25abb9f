/**
 * `npm run bench:first-render [-- <other build>]`: the panel's first render, this build (dist/)
 * against another (a build of an older commit, made with PARTNER_API_OUT_DIR), in interleaved
 * rounds so that the machine's load touches both alike. Each build runs in a browser of its own
 * with the sandbox's API-key profile saved; each round opens a fresh panel page in both (in
 * turn, the order swapped every round) and reads navigation start to first contentful paint
 * (`panel_first_render_ms`, as `npm run bench` does) and to the workbench's Path box on screen
 * (`panel_workbench_ms`, what the user waits for). Prints min / median / max of each, the median
 * of the rounds' differences (this minus the other, `*_difference_ms`), the start-up JS of both
 * builds and the load average. Without another build it measures this one alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium } from '@playwright/test';
import { createSandbox, type Sandbox } from '../src/sandbox/server';
import { createApiKeyProfile } from '../tests/e2e/profiles';
import { medianDifference, spread } from './bench-stats';
import { chromiumArgs, chromiumPath, DIST, PANEL_PATH } from './extension-browser';
import { panelJsGzipBytes } from './panel-startup-js';

const ROUNDS = 30;

interface Build {
  name: string;
  dist: string;
  context: BrowserContext;
  panelUrl: string;
  userDataDir: string;
  firstRender: number[];
  workbench: number[];
}

async function open(name: string, dist: string, sandbox: Sandbox): Promise<Build> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'partner-api-bench-'));
  // chromiumArgs loads dist/; the build under test replaces it.
  const args = chromiumArgs().map((arg) =>
    arg.startsWith('--disable-extensions-except=') || arg.startsWith('--load-extension=')
      ? arg.replace(DIST, dist)
      : arg,
  );
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    args,
  });
  const ours = (worker: { url(): string }) => worker.url().endsWith('/service-worker-loader.js');
  const worker =
    context.serviceWorkers().find(ours) ??
    (await context.waitForEvent('serviceworker', { predicate: ours }));
  const panelUrl = `chrome-extension://${new URL(worker.url()).host}/${PANEL_PATH}`;
  const page = await context.newPage();
  await page.goto(panelUrl);
  const { apiKey, companyId } = sandbox.credentials;
  await createApiKeyProfile(page, { baseUrl: sandbox.url, companyId, apiKey });
  await page.close();
  return { name, dist, context, panelUrl, userDataDir, firstRender: [], workbench: [] };
}

async function measure(build: Build) {
  const page = await build.context.newPage();
  await page.goto(build.panelUrl);
  await page.getByRole('textbox', { name: 'Path' }).waitFor();
  const [paint, workbench] = await page.evaluate(() => {
    const entry = performance.getEntriesByName('first-contentful-paint')[0];
    return [entry ? entry.startTime : performance.now(), performance.now()];
  });
  build.firstRender.push(paint);
  build.workbench.push(workbench);
  await page.close();
}

async function main() {
  const other = process.argv[2];
  const loadBefore = loadavg().map((value) => Math.round(value * 100) / 100);
  const sandbox = await createSandbox({ port: 0 });
  const builds = [await open('this', DIST, sandbox)];
  if (other !== undefined) builds.push(await open('other', resolve(other), sandbox));
  try {
    for (const build of builds) await measure(build); // warm-up, not counted
    for (const build of builds) build.firstRender.length = build.workbench.length = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order) await measure(build);
    }
  } finally {
    for (const build of builds) {
      await build.context.close();
      rmSync(build.userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    }
    await sandbox.close();
  }
  const figures = Object.fromEntries(
    builds.map((build) => [
      build.name,
      {
        dist: build.dist,
        panel_js_gzip_bytes: panelJsGzipBytes(build.dist),
        panel_first_render_ms: spread(build.firstRender),
        panel_workbench_ms: spread(build.workbench),
      },
    ]),
  );
  const [ours, theirs] = builds;
  const differences =
    ours === undefined || theirs === undefined
      ? {}
      : {
          panel_first_render_difference_ms: medianDifference(ours.firstRender, theirs.firstRender),
          panel_workbench_difference_ms: medianDifference(ours.workbench, theirs.workbench),
        };
  process.stdout.write(
    `${JSON.stringify({ rounds: ROUNDS, ...figures, ...differences, load_average: { before: loadBefore, after: loadavg().map((value) => Math.round(value * 100) / 100) } }, null, 2)}\n`,
  );
}

await main();
