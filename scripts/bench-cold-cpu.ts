/**
 * `npx tsx scripts/bench-cold-cpu.ts <build dir> <build dir> …`: what a cold Send costs in CPU,
 * for several Chrome builds alternated round by round (ROUNDS, default 3; the order reversed every
 * other round), each in a fresh browser: per Send, the CPU time (every thread's, from
 * `/proc/<pid>/task/<tid>/schedstat`, nanoseconds) of the extension's process (where the worker and
 * the panel run) and of the browser process, a cold Send (bench-cold.ts: the worker stopped by CDP
 * first) minus the warm Send after it; RUNS pairs per profile (default 15), API key and OAuth, the
 * vault unlocked. CPU time moves far less with the machine's load than wall time does.
 *
 * With PROFILE=<dir>, each round also records one CPU profile (CDP `Profiler`, 100 µs sampling) of
 * a worker woken by a cold Send, from before its script runs to just after the answer is shown
 * (profiledColdSend), written as `<dir>/<build name>-<round>.cpuprofile` and summed by script and
 * function on stdout. Profile an unminified build to read the function names.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import puppeteer from 'puppeteer-core';
import type { Sandbox } from '../src/sandbox/server';
import { createApiKeyProfile, createOAuthProfile } from '../tests/e2e/profiles';
import { coldSend, lockAndUnlock, stopWorker, watchPanelMessages, watchWorker } from './bench-cold';
import { alternatedRounds } from './bench-rounds';
import { ANSWER_STATUS, timedSend } from './bench-send';
import { median } from './bench-stats';
import { chromiumArgs, chromiumPath, PANEL_PATH } from './extension-browser';

const RUNS = Number(process.env.RUNS ?? 15);
const PROFILE_DIR = process.env.PROFILE;
/** How long after a Send's answer is shown its CPU is still counted. */
const AFTER_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const API_KEY = 'API key';
const OAUTH = 'OAuth (form body)';

function cmdline(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return ''; // The process ended while listed: it is simply not one of ours.
  }
}

function parentOf(pid: string): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
  } catch {
    return undefined; // The process ended while listed.
  }
}

/** The browser process of the profile `dir`, and its extension process (a descendant). */
function processesOf(dir: string): { browser: string; extension: string } {
  const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  const browser = pids.find((pid) => {
    const line = cmdline(pid);
    return line.includes(`--user-data-dir=${dir}`) && !line.includes('--type=');
  });
  const descends = (pid: string): boolean => {
    for (let at: string | undefined = pid; at !== undefined && at !== '0'; at = parentOf(at))
      if (at === browser) return true;
    return false;
  };
  const extension = pids.find(
    (pid) => cmdline(pid).includes('--extension-process') && descends(pid),
  );
  if (browser === undefined || extension === undefined)
    throw new Error(`no browser or extension process found for ${dir}`);
  return { browser, extension };
}

/** Every thread's CPU time of `pid`, in ms. */
function cpuMs(pid: string): number {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // A thread that ended between the listing and the read has no more time to count.
    }
  }
  return ns / 1e6;
}

/**
 * A CDP session to our worker's target, through puppeteer (Playwright opens none to a worker),
 * over the DevTools port the browser was started with.
 */
async function workerCdp(dir: string, extensionId: string) {
  const [port, path] = readFileSync(join(dir, 'DevToolsActivePort'), 'utf8').trim().split('\n');
  const browser = await puppeteer.connect({ browserWSEndpoint: `ws://127.0.0.1:${port}${path}` });
  const target = await browser.waitForTarget(
    (t) =>
      t.type() === 'service_worker' && t.url().startsWith(`chrome-extension://${extensionId}/`),
  );
  return { session: await target.createCDPSession(), close: () => browser.disconnect() };
}

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

/** Self time by script and by function (the top 25), in ms, from a CDP CPU profile. */
function summarise(profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] }) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, ms] of self) {
    const frame = nodes.get(id)?.callFrame;
    if (frame === undefined) continue;
    const script = basename(frame.url) || frame.functionName;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const name = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  const top = (map: Map<string, number>, count: number) =>
    Object.fromEntries(
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(([key, ms]) => [key, Math.round(ms * 100) / 100]),
    );
  return { by_script: top(byScript, 12), by_function: top(byFunction, 25) };
}

/**
 * One cold Send with the woken worker profiled from its first instruction. Chrome keeps a session
 * to a service worker across its stop and start ("reloaded after crash") and restores its domains
 * in the new worker before its script runs, so the profiler started on the running worker is on
 * again in the woken one: its profile, stopped once the answer is shown, is the new worker's.
 */
async function profiledColdSend(dir: string, context: BrowserContext, panel: Page, id: string) {
  const cdp = await workerCdp(dir, id);
  const session = await context.newCDPSession(panel);
  const worker = await watchWorker(session, id);
  try {
    await cdp.session.send('Profiler.enable');
    await cdp.session.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.session.send('Profiler.start');
    const ms = await coldSend(session, worker, panel);
    await sleep(AFTER_MS);
    const { profile } = await cdp.session.send('Profiler.stop');
    return { ms, profile: profile as unknown as Parameters<typeof summarise>[0] };
  } finally {
    await cdp.close();
    await session.detach();
  }
}

async function measure(
  dir: string,
  context: BrowserContext,
  panel: Page,
  id: string,
  name: string,
) {
  await panel.getByRole('combobox', { name: 'Profile' }).selectOption({ label: name });
  await panel.getByRole('textbox', { name: 'Path' }).fill('ping');
  await watchPanelMessages(panel);
  await timedSend(panel, ANSWER_STATUS);
  const { browser, extension } = processesOf(dir);
  const session = await context.newCDPSession(panel);
  const worker = await watchWorker(session, id);
  const figures = { ext: [] as number[], browser: [] as number[], wall: [] as number[] };
  try {
    for (let i = 0; i < RUNS; i++) {
      await stopWorker(session, worker, panel);
      const starts = worker.starts;
      const c0 = [cpuMs(extension), cpuMs(browser)] as const;
      const cold = await timedSend(panel, ANSWER_STATUS);
      // What a call does after its answer is shown (its history, the answer kept) counts too.
      await sleep(AFTER_MS);
      const c1 = [cpuMs(extension), cpuMs(browser)] as const;
      // Taken again if something else woke the worker first: that Send was a warm one.
      if (worker.starts !== starts + 1) continue;
      const warm = await timedSend(panel, ANSWER_STATUS);
      await sleep(AFTER_MS);
      const c2 = [cpuMs(extension), cpuMs(browser)] as const;
      figures.ext.push(c1[0] - c0[0] - (c2[0] - c1[0]));
      figures.browser.push(c1[1] - c0[1] - (c2[1] - c1[1]));
      figures.wall.push(cold - warm);
    }
  } finally {
    await session.detach();
  }
  return {
    ext_cpu_ms: median(figures.ext),
    browser_cpu_ms: median(figures.browser),
    overhead_ms: median(figures.wall),
  };
}

async function one(dist: string, round: number, sandbox: Sandbox) {
  const dir = mkdtempSync(join(tmpdir(), 'cold-cpu-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath(),
    headless: true,
    args: chromiumArgs(['--remote-debugging-port=0'], [], dist),
  });
  try {
    const ours = (w: { url(): string }) => w.url().endsWith('/service-worker-loader.js');
    const sw =
      context.serviceWorkers().find(ours) ??
      (await context.waitForEvent('serviceworker', { predicate: ours }));
    const id = new URL(sw.url()).host;
    const panel = await context.newPage();
    await panel.goto(`chrome-extension://${id}/${PANEL_PATH}`);
    const { apiKey, clientId, clientSecret, companyId } = sandbox.credentials;
    const fields = { authUrl: sandbox.url, baseUrl: sandbox.url, companyId };
    await createApiKeyProfile(panel, { ...fields, name: API_KEY, apiKey });
    await createOAuthProfile(panel, {
      ...fields,
      name: OAUTH,
      method: OAUTH,
      clientId,
      clientSecret,
    } as never);
    await lockAndUnlock(panel);
    const api_key = await measure(dir, context, panel, id, API_KEY);
    const oauth = await measure(dir, context, panel, id, OAUTH);
    let profile: object | undefined;
    if (PROFILE_DIR !== undefined) {
      const profiled = await profiledColdSend(dir, context, panel, id);
      if (profiled.profile !== undefined) {
        mkdirSync(PROFILE_DIR, { recursive: true });
        const file = join(PROFILE_DIR, `${basename(dist)}-${round}.cpuprofile`);
        writeFileSync(file, JSON.stringify(profiled.profile));
        profile = { file, cold_send_ms: profiled.ms, ...summarise(profiled.profile) };
      }
    }
    return { api_key, oauth, ...(profile === undefined ? {} : { profile }) };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

await alternatedRounds(one);
