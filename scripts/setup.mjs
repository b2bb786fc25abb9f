#!/usr/bin/env node
/**
 * First-run set-up shared by `npm start`, `npm test` and `npm run sandbox`, written with Node's
 * built-ins only because it runs before the project's packages exist.
 *   node scripts/setup.mjs deps   installs npm packages when they are missing or stale
 *   node scripts/setup.mjs test   deps, and Debian's Chromium, Firefox ESR, curl, python3-requests,
 *                                 httpie, xvfb and xdotool when they are missing
 *   node scripts/setup.mjs start  deps (start.ts explains how to get a Chromium if there is none)
 * Playwright never downloads a browser here: this project drives a system Chromium, and a system
 * Firefox ESR through puppeteer-core (which downloads nothing either).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const SYSTEM_CHROMIUMS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/**
 * The Chromium to drive: `CHROMIUM_PATH`, then the system's Chromium, then `fallback()` (start.ts
 * passes Playwright's own browser, when one was ever installed). Google-branded Chrome is not
 * searched for: since version 137 it ignores --load-extension.
 * @param {() => string | undefined} [fallback]
 * @returns {{ path: string, source: string } | { path: null, problem: string }}
 */
export function findChromium(fallback) {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    return existsSync(fromEnv)
      ? { path: fromEnv, source: 'CHROMIUM_PATH' }
      : { path: null, problem: `CHROMIUM_PATH points at ${fromEnv}, which does not exist.` };
  }
  for (const candidate of SYSTEM_CHROMIUMS) {
    if (existsSync(candidate)) return { path: candidate, source: 'system' };
  }
  const bundled = fallback?.();
  if (bundled && existsSync(bundled)) return { path: bundled, source: 'Playwright' };
  return { path: null, problem: 'No Chromium was found.' };
}

const SYSTEM_FIREFOXES = [
  '/usr/bin/firefox-esr',
  '/usr/bin/firefox',
  '/Applications/Firefox.app/Contents/MacOS/firefox',
];

/**
 * The Firefox to drive: `FIREFOX_PATH`, then the system's Firefox (ESR first, the release the tests
 * are written for).
 * @returns {{ path: string, source: string } | { path: null, problem: string }}
 */
export function findFirefox() {
  const fromEnv = process.env.FIREFOX_PATH;
  if (fromEnv) {
    return existsSync(fromEnv)
      ? { path: fromEnv, source: 'FIREFOX_PATH' }
      : { path: null, problem: `FIREFOX_PATH points at ${fromEnv}, which does not exist.` };
  }
  for (const candidate of SYSTEM_FIREFOXES) {
    if (existsSync(candidate)) return { path: candidate, source: 'system' };
  }
  return { path: null, problem: 'No Firefox was found.' };
}

export const INSTALL_FIREFOX_HELP = [
  'Install Firefox ESR, then run the command again:',
  '  Debian/Ubuntu:  sudo apt-get install -y firefox-esr',
  '  macOS:          brew install --cask firefox@esr',
  'or point FIREFOX_PATH at a Firefox 142 or later.',
].join('\n');

export const INSTALL_CHROMIUM_HELP = [
  'Install Chromium, then run the command again:',
  '  Debian/Ubuntu:  sudo apt-get install -y chromium',
  '  macOS:          brew install --cask chromium',
  'or point CHROMIUM_PATH at a Chromium (not Google Chrome 137+, which ignores --load-extension).',
].join('\n');

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', ...env },
  });
  if (result.status !== 0) {
    console.error(
      `\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`,
    );
    process.exit(result.status ?? 1);
  }
}

function ensurePackages() {
  const stamp = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const stale =
    !existsSync(stamp) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(stamp).mtimeMs);
  if (!stale) return;
  console.log('Installing npm packages (no browser download)…');
  run(
    'npm',
    existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'],
  );
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function hasCommand(name) {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function canAptInstall() {
  return process.platform === 'linux' && isRoot() && hasCommand('apt-get');
}

let aptUpdated = false;
function aptInstall(pkg) {
  console.log(`Installing Debian's ${pkg} package…`);
  if (!aptUpdated) run('apt-get', ['update', '-qq']);
  aptUpdated = true;
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], {
    DEBIAN_FRONTEND: 'noninteractive',
  });
}

function ensureChromium() {
  if (findChromium().path) return;
  if (canAptInstall()) {
    aptInstall('chromium');
    if (findChromium().path) return;
  }
  console.error(`The end-to-end tests need Chromium. ${INSTALL_CHROMIUM_HELP}`);
  process.exit(1);
}

/** The Firefox end-to-end tests drive Debian's Firefox ESR. */
function ensureFirefox() {
  if (findFirefox().path) return;
  if (canAptInstall()) {
    aptInstall('firefox-esr');
    if (findFirefox().path) return;
  }
  console.error(`The Firefox end-to-end tests need Firefox. ${INSTALL_FIREFOX_HELP}`);
  process.exit(1);
}

/** The "Copy as cURL" tests run the copied command with the real curl. */
function ensureCurl() {
  if (hasCommand('curl')) return;
  if (canAptInstall()) aptInstall('curl');
  if (hasCommand('curl')) return;
  console.error('The tests need curl: install it (Debian/Ubuntu: sudo apt-get install -y curl).');
  process.exit(1);
}

/**
 * The Connect folder test answers the browser's real folder picker: it starts its own Xvfb display
 * and types and clicks with xdotool (tests/e2e/x-desktop.ts). Linux only, as the GTK picker is.
 */
function ensureDesktopTools() {
  if (process.platform !== 'linux') return;
  const missing = [
    ...(hasCommand('Xvfb') ? [] : ['xvfb']),
    ...(hasCommand('xdotool') ? [] : ['xdotool']),
  ];
  if (missing.length > 0 && canAptInstall()) for (const pkg of missing) aptInstall(pkg);
  if (hasCommand('Xvfb') && hasCommand('xdotool')) return;
  console.error(
    'The Connect folder test needs Xvfb and xdotool (Debian/Ubuntu: sudo apt-get install -y xvfb xdotool).',
  );
  process.exit(1);
}

function pythonHasRequests() {
  return spawnSync('python3', ['-c', 'import requests'], { stdio: 'ignore' }).status === 0;
}

/**
 * The Copy as code tests run the copied code for real: Python with requests, and HTTPie. A
 * python3 that is not Debian's (pyenv, a virtualenv) needs requests installed in it by hand.
 */
function ensureCodeRuntimes() {
  const missing = [
    ...(pythonHasRequests() ? [] : ['python3-requests']),
    ...(hasCommand('http') ? [] : ['httpie']),
  ];
  if (missing.length > 0 && canAptInstall()) for (const pkg of missing) aptInstall(pkg);
  if (pythonHasRequests() && hasCommand('http')) return;
  console.error(
    [
      'The Copy as code tests need python3 with requests, and HTTPie:',
      '  Debian/Ubuntu:  sudo apt-get install -y python3-requests httpie',
      '  elsewhere:      python3 -m pip install requests httpie',
    ].join('\n'),
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const mode = process.argv[2] ?? 'deps';
  if (!['deps', 'start', 'test'].includes(mode)) {
    console.error('usage: node scripts/setup.mjs deps|start|test');
    process.exit(2);
  }
  ensurePackages();
  if (mode === 'test') {
    ensureChromium();
    ensureFirefox();
    ensureCurl();
    ensureCodeRuntimes();
    ensureDesktopTools();
  }
}
