/**
 * `npm run sandbox`: starts the emulator and prints what a developer needs to use it (the URLs and
 * demo credentials for a profile, the active switches, how to change them) until Ctrl+C.
 *
 *   npm run sandbox -- --port 8788 --latency 500 --string-numbers
 *   npm run sandbox -- --help
 *
 * Exit codes: 0 after a clean stop or --help, 1 when the server cannot start, 2 for a bad flag.
 */
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CliUsageError,
  HELP_TEXT,
  isLoopbackHost,
  parseCliArgs,
  toSandboxOptions,
} from './cli-options';
import { createSandbox, type Sandbox } from './server';
import type { SandboxSwitches } from './switches';

export interface CliOutput {
  log: (text: string) => void;
  error: (text: string) => void;
}

export type CliResult = { exitCode: number; sandbox?: never } | { exitCode: 0; sandbox: Sandbox };

function describeSwitches(switches: SandboxSwitches): string {
  return Object.entries(switches)
    .map(([name, value]) => `  ${name.padEnd(22)}${JSON.stringify(value)}`)
    .join('\n');
}

export function startupBanner(sandbox: Sandbox): string {
  const { url, credentials, switches } = sandbox;
  return `Partner API sandbox running at ${url}

Put these in a profile of the "Partner API" DevTools panel (demo values of this local emulator,
never real credentials):
  Auth URL        ${url}
  Base URL        ${url}
  Company ID      ${credentials.companyId}
  API key         ${credentials.apiKey}
  Client ID       ${credentials.clientId}
  Client secret   ${credentials.clientSecret}

Fault switches:
${describeSwitches(switches)}

Change them while it runs, e.g.:
  curl -X POST ${url}/__sandbox/switches -H 'Content-Type: application/json' -d '{"latencyMs":2000}'
See what it received: curl ${url}/__sandbox/requests`;
}

/** Turns Node's listen errors into a sentence that says what to do. */
function explainListenError(error: unknown, host: string, port: number): string | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') {
    return `Port ${port} on ${host} is already in use (is another sandbox running?). Stop the other program, or pick another port: npm run sandbox -- --port ${port + 1} (or --port 0 for any free port).`;
  }
  if (code === 'EACCES') {
    return `Not allowed to listen on port ${port} (ports below 1024 need extra rights). Pick another port: npm run sandbox -- --port 8787.`;
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return `The address ${host} does not belong to this machine. Use --host 127.0.0.1 (the default).`;
  }
  return null;
}

export async function main(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
  out: CliOutput = { log: console.log, error: console.error },
  onStarted: (sandbox: Sandbox) => void = () => undefined,
): Promise<CliResult> {
  let options: ReturnType<typeof parseCliArgs>;
  try {
    options = parseCliArgs(argv, env);
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    out.error(error.message);
    return { exitCode: 2 };
  }
  if (options.help) {
    out.log(HELP_TEXT);
    return { exitCode: 0 };
  }
  if (!isLoopbackHost(options.host)) {
    out.error(
      `Warning: listening on ${options.host}, not on loopback. Other machines on the network can reach the sandbox and its demo credentials.`,
    );
  }
  try {
    const sandbox = await createSandbox(toSandboxOptions(options));
    onStarted(sandbox);
    out.log(`${startupBanner(sandbox)}\n\nPress Ctrl+C to stop.`);
    return { exitCode: 0, sandbox };
  } catch (error) {
    const explained = explainListenError(error, options.host, options.port);
    if (explained === null) throw error;
    out.error(explained);
    return { exitCode: 1 };
  }
}

function runsAsScript(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(resolve(script)) === realpathSync(fileURLToPath(import.meta.url));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false; // e.g. argv[1] is "-e"
    throw error;
  }
}

/**
 * Ctrl+C and `kill` close the server before exiting. Installed before the banner is printed: a
 * signal that arrives before a listener exists kills the process without closing anything.
 */
function stopOnSignals(sandbox: Sandbox): void {
  const stop = () => {
    console.log('\nStopping the sandbox.');
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Could not stop cleanly: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (runsAsScript()) {
  const result = await main(process.argv.slice(2), process.env, undefined, stopOnSignals);
  process.exitCode = result.exitCode;
}
