#!/usr/bin/env node
/**
 * `npm test` after set-up: typecheck, lint and format check, dependency rules (dependency-cruiser),
 * production builds for Chrome and Firefox, Mozilla's add-on linter on the Firefox build, unit
 * tests (which include the audit of both built manifests), then end-to-end tests in real Chromium
 * and in Firefox ESR. Ends with how long each step took, each failed test named with its first
 * error line, and one line that counts every test: "tests: N passed, N failed".
 *
 * The checks that read only the sources (typecheck, lint, dependency rules) run beside the builds,
 * each step's output printed whole when it ends; the unit tests start once both builds are there
 * (they audit dist/ and dist-firefox/), and so do the end-to-end tests, beside them (their output
 * live). A failing step stops the run once the steps already under way have ended: nothing after
 * it starts, and every step that ran is printed whole. With NPM_TEST_E2E_LAST=1 the end-to-end
 * tests start only once every other step has passed, alone (to time the steps one by one).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, '.cache', 'reports'); // Playwright empties test-results/ when it starts
const unitReport = join(results, 'unit.json');
const e2eReport = join(results, 'e2e.json');

const STEPS = {
  typecheck: ['npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  'lint and format': ['npx', ['biome', 'check', '.']],
  'dependency rules': [
    'npx',
    ['depcruise', 'src', 'extension', '--config', '.dependency-cruiser.cjs'],
  ],
  build: ['npx', ['vite', 'build', '--logLevel', 'warn']],
  'build for Firefox': ['npx', ['vite', 'build', '--mode', 'firefox', '--logLevel', 'warn']],
  // Fails on errors; its warnings (Preact's own innerHTML, for one) are printed for a reviewer.
  'Firefox add-on lint': ['npx', ['addons-linter', 'dist-firefox']],
  'unit tests': [
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`],
  ],
  'end-to-end tests': ['npx', ['playwright', 'test']],
};

/** @type {{ name: string, seconds: number, ok: boolean }[]} */
const timings = [];
let failed = false;

/** Runs one step, its output kept and printed whole at its end (steps run side by side). */
function run(name, { live = false } = {}) {
  if (failed) return Promise.resolve(false);
  const [command, args] = STEPS[name];
  const started = Date.now();
  if (live) console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', FORCE_COLOR: '0' },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (status, signal) => {
      const seconds = (Date.now() - started) / 1000;
      const ok = status === 0;
      timings.push({ name, seconds, ok });
      if (!live) {
        console.log(`\n▶ ${name}: ${command} ${args.join(' ')} (${seconds.toFixed(1)} s)`);
        process.stdout.write(Buffer.concat(output));
      }
      if (!ok) {
        failed = true;
        console.error(`\n✗ ${name} failed (${signal ?? `exit ${status}`}).`);
      }
      resolve(ok);
    });
  });
}

/** Runs the steps one after the other; stops at the first that fails. */
async function chain(...names) {
  for (const name of names) if (!(await run(name))) return false;
  return true;
}

/** The first line of a failure's message, to name it in one line. */
function firstLine(message) {
  return (message ?? '').split('\n').find((line) => line.trim() !== '') ?? '';
}

/** Every test the reports count, and each failure named with its file and first error line. */
function count() {
  let passed = 0;
  let failedTests = 0;
  /** @type {string[]} */
  const failures = [];
  if (existsSync(unitReport)) {
    const unit = JSON.parse(readFileSync(unitReport, 'utf8'));
    passed += unit.numPassedTests ?? 0;
    failedTests += unit.numFailedTests ?? 0;
    for (const file of unit.testResults ?? []) {
      const path = file.name?.replace(`${root}/`, '');
      const failing = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failing)
        failures.push(`unit ${path} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      // A file that fails before any test runs (an import that throws) has no test to name.
      if (file.status === 'failed' && failing.length === 0)
        failures.push(`unit ${path}: ${firstLine(file.message)}`);
    }
  }
  if (existsSync(e2eReport)) {
    const report = JSON.parse(readFileSync(e2eReport, 'utf8'));
    const stats = report.stats ?? {};
    passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    failedTests += stats.unexpected ?? 0;
    const walk = (suite) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? [])
          if (test.status === 'unexpected') {
            const error = test.results?.at(-1)?.errors?.[0]?.message;
            failures.push(
              `[${test.projectName}] tests/${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`,
            );
          }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites ?? []) walk(suite);
  }
  return { passed, failed: failedTests, failures };
}

function finish(started) {
  const { passed, failed: failedTests, failures } = count();
  const total = (Date.now() - started) / 1000;
  console.log(
    `\nSteps (wall-clock; load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}):`,
  );
  for (const { name, seconds, ok } of timings)
    console.log(`  ${ok ? '✓' : '✗'} ${name.padEnd(22)} ${seconds.toFixed(1).padStart(6)} s`);
  console.log(`  ${'total'.padEnd(24)} ${total.toFixed(1).padStart(6)} s`);
  const anyFailed = failed || failedTests > 0 || passed === 0;
  // Named again at the end: a long run's log is often read from its tail.
  if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
  console.log(
    `\ntests: ${passed} passed, ${failed ? Math.max(failedTests, 1) : failedTests} failed`,
  );
  process.exit(anyFailed ? 1 : 0);
}

rmSync(unitReport, { force: true });
rmSync(e2eReport, { force: true });
mkdirSync(results, { recursive: true });
const started = Date.now();
const builds = chain('build', 'build for Firefox');
const sources = Promise.all([run('typecheck'), run('lint and format'), run('dependency rules')]);
// The end-to-end tests start as soon as both builds are there, beside the checks and the unit
// tests: on CI's 2-core machine the whole run ended 28 s sooner so (489 s against 517 s, one run
// each, docs/development.md), the other steps using the time the browsers wait.
// NPM_TEST_E2E_LAST=1 runs them last, alone.
const early = process.env.NPM_TEST_E2E_LAST !== '1';
// The add-on linter and the unit tests read the builds; they share the two cores with the checks.
await Promise.all([
  sources,
  builds.then(
    (built) =>
      built &&
      Promise.all([
        run('Firefox add-on lint'),
        run('unit tests'),
        early && run('end-to-end tests', { live: true }),
      ]),
  ),
]);
if (!early && !failed) await run('end-to-end tests', { live: true });
finish(started);
