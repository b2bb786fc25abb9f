#!/usr/bin/env node
/**
 * `npm test` after set-up: typecheck, lint and format check, dependency rules (dependency-cruiser),
 * production builds for Chrome and Firefox, Mozilla's add-on linter on the Firefox build, unit
 * tests (which include the audit of both built manifests), then end-to-end tests in real Chromium
 * and in Firefox ESR. Stops at the first failing step, and ends with one line that counts every
 * test: "tests: N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, '.cache', 'reports'); // Playwright empties test-results/ when it starts
const unitReport = join(results, 'unit.json');
const e2eReport = join(results, 'e2e.json');

const steps = [
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint and format', 'npx', ['biome', 'check', '.']],
  [
    'dependency rules',
    'npx',
    ['depcruise', 'src', 'extension', '--config', '.dependency-cruiser.cjs'],
  ],
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['build for Firefox', 'npx', ['vite', 'build', '--mode', 'firefox', '--logLevel', 'warn']],
  // Fails on errors; its warnings (Preact's own innerHTML, for one) are printed for a reviewer.
  ['Firefox add-on lint', 'npx', ['addons-linter', 'dist-firefox']],
  [
    'unit tests',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`],
  ],
  ['end-to-end tests', 'npx', ['playwright', 'test']],
];

function count() {
  let passed = 0;
  let failed = 0;
  if (existsSync(unitReport)) {
    const unit = JSON.parse(readFileSync(unitReport, 'utf8'));
    passed += unit.numPassedTests ?? 0;
    failed += unit.numFailedTests ?? 0;
  }
  if (existsSync(e2eReport)) {
    const stats = JSON.parse(readFileSync(e2eReport, 'utf8')).stats ?? {};
    passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed += stats.unexpected ?? 0;
  }
  return { passed, failed };
}

rmSync(unitReport, { force: true });
rmSync(e2eReport, { force: true });
mkdirSync(results, { recursive: true });
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const { status, signal } = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  if (status !== 0) {
    const { passed, failed } = count();
    console.error(`\n✗ ${name} failed (${signal ?? `exit ${status}`}).`);
    console.log(`tests: ${passed} passed, ${Math.max(failed, 1)} failed`);
    process.exit(status ?? 1);
  }
}
const { passed, failed } = count();
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
