/**
 * The peers of bench-peers.ts as that bench runs them: the installed `bru` and `newman` bins and the
 * Postman SDK, with their versions; a peer's process timed from spawn to exit; its run of the
 * collection checked against what the sandbox received.
 */
import { execFile, execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Sandbox } from '../src/sandbox/server';
import { RUN_REQUESTS } from './bench-run';

const require = createRequire(import.meta.url);

/** A package's bin script and its version, from its own package.json. */
function installed(name: string, bin: string) {
  const manifest = require.resolve(`${name}/package.json`);
  const { version } = require(manifest) as { version: string };
  return { name, version, bin: join(dirname(manifest), bin) };
}

export const BRU = installed('@usebruno/cli', 'bin/bru.js');
export const NEWMAN = installed('newman', 'bin/newman.js');
const POSTMAN_SDK = installed('postman-collection', 'package.json');
const { Collection: PostmanSdkCollection } = require('postman-collection') as {
  Collection: new (definition: unknown) => { forEachItem(each: () => void): void };
};

interface Spawned {
  ms: number;
  exitCode: number;
  output: string;
}

/** Runs `file args…` as a new process: milliseconds from spawn to exit, its code and output. */
export function timedProcess(file: string, args: string[], cwd?: string): Promise<Spawned> {
  return new Promise((resolve) => {
    const start = performance.now();
    execFile(
      file,
      args,
      { cwd, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const ms = performance.now() - start;
        const exitCode = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ ms, exitCode, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** How many requests to `path` the sandbox received since `marker` (its last record before). */
function receivedSince(sandbox: Sandbox, marker: object | undefined, path: string): number {
  const from = marker === undefined ? 0 : sandbox.requests.indexOf(marker as never) + 1;
  return sandbox.requests.slice(from).filter((request) => request.path === path).length;
}

/** How many times in a row a peer's own start-up race may fail a run before the bench gives up. */
const RACE_ATTEMPTS = 5;

/**
 * A peer's run of the collection, checked: all requests sent, exit code 0 (every check passed).
 * A run that failed on `retryOn` (a start-up race of the peer's own, not anything in the files it
 * runs) is not timed; it is counted in `retries` and run once more as it is (Bruno's lost three
 * in a row once on 2026-11-29, at load 2, and the bench stopped there when it allowed three).
 */
export async function peerRun(
  sandbox: Sandbox,
  peer: string,
  run: () => Promise<Spawned>,
  retries?: { count: number; retryOn: string },
): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const marker = sandbox.requests.at(-1);
    const result = await run();
    const sent = receivedSince(sandbox, marker, '/v1/ping');
    if (result.exitCode === 0 && sent === RUN_REQUESTS) return result.ms;
    if (
      retries !== undefined &&
      attempt < RACE_ATTEMPTS - 1 &&
      result.output.includes(retries.retryOn)
    ) {
      retries.count++;
      continue;
    }
    throw new Error(
      `${peer} exited ${result.exitCode} after ${sent} of ${RUN_REQUESTS} requests:\n${result.output.slice(-2000)}`,
    );
  }
}

/** The Postman SDK's parse of `text`: JSON.parse, then its Collection with every item built. */
export function sdkParse(text: string): number {
  const start = performance.now();
  const collection = new PostmanSdkCollection(JSON.parse(text));
  const ms = performance.now() - start;
  let items = 0;
  collection.forEachItem(() => {
    items++;
  });
  if (items !== 10_000) throw new Error(`the Postman SDK read ${items} requests, not 10 000`);
  return ms;
}

/** The name and version of each peer, for the bench's `peers`. */
export function peerVersions() {
  return {
    bru: { package: BRU.name, version: BRU.version },
    newman: { package: NEWMAN.name, version: NEWMAN.version },
    postman_sdk: { package: POSTMAN_SDK.name, version: POSTMAN_SDK.version },
    curl: { version: execFileSync('curl', ['--version']).toString().split(' ')[1] ?? '' },
    node: { version: process.versions.node },
  };
}
