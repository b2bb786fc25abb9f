/**
 * The flags of `npm run sandbox`, read into createSandbox options. Kept apart from cli.ts so that
 * parsing is a pure function a test can call: every refusal is a CliUsageError whose message says
 * what to type instead.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_HOST, DEFAULT_PORT, type SandboxOptions } from './server';
import { parseWholeNumber, type SandboxSwitches, SWITCH_VALIDATORS } from './switches';

export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

export interface CliOptions {
  help: boolean;
  host: string;
  port: number;
  switches: Partial<SandboxSwitches>;
}

export const HELP_TEXT = `Usage: npm run sandbox -- [options]

Runs the local emulator of the partner API (token endpoint, /v1/*, demo page) and prints demo
credentials to put in a profile of the Partner API DevTools panel.

Options:
  --host <address>          address to listen on (env SANDBOX_HOST, default ${DEFAULT_HOST})
  --port <number>           port to listen on, 0 for any free port (env SANDBOX_PORT, default ${DEFAULT_PORT})
  --latency <ms>            delay every token and /v1 answer by this many milliseconds
  --token-lifetime <s>      expires_in of issued tokens, in seconds (default 3599)
  --server-error <status>   answer every token and /v1 call with this 5xx status (500-599)
  --html-error              answer every token and /v1 call with a 502 HTML page
  --large-body <size>       answer /v1 calls with a JSON body of this size (e.g. 10mb, 500kb, 2048)
  --short-token             send the short form of the token response
  --string-numbers          send expires_in and refresh_token_expires_in as strings, like Apigee
  --reject-browser-origin   refuse every token and /v1 call that carries an Origin header (403)

Apigee policy faults (docs/apigee-faults.md):
  --product-paths <list>    narrow the demo app's API products to these resource paths,
                            e.g. /v1/products/**,/v1/orders/** (default: every path)
  --added-product-paths <list>  add the product "Partner Extras" with these paths to the app
  --spike-arrest <n>        a spike arrest of n calls a minute, smoothed (one call every 60/n s)
  --spike-arrest-weight-header <name>  weigh each call by this header's value (one that is not
                            a whole number: 500 InvalidMessageWeight)
  --quota <n>               a quota of n calls a minute for the demo app
  --rate-limit-status <s>   status of spike arrest and quota faults: 500 (Apigee's default) or 429
  --app-status <status>     developer-inactive, company-inactive or app-not-approved
  --api-key-status <status> expired or revoked (every /v1 call is refused)
  --deny-ip                 refuse every /v1 call with AccessControl's IPDeniedAccess (403)
  --client-ip-from <from>   where AccessControl reads the caller's address: connection (default)
                            or x-forwarded-for (one that is not an IP: 500 InvalidIPAddressInVariable)
  --required-scope <scope>  a scope every Bearer call's token must carry (403 InsufficientScope)
  --faults-in-header        say /v1 authentication faults only in WWW-Authenticate, body empty
  --token-fault-status <s>  status of token faults: 401 (default), 500 (GetOAuthV2Info) or 400
  --help                    show this help

Switches can also be changed while the sandbox runs, with POST /__sandbox/switches.`;

const OPTIONS = {
  host: { type: 'string' },
  port: { type: 'string' },
  latency: { type: 'string' },
  'token-lifetime': { type: 'string' },
  'server-error': { type: 'string' },
  'html-error': { type: 'boolean' },
  'large-body': { type: 'string' },
  'short-token': { type: 'boolean' },
  'string-numbers': { type: 'boolean' },
  'reject-browser-origin': { type: 'boolean' },
  'product-paths': { type: 'string' },
  'added-product-paths': { type: 'string' },
  'spike-arrest': { type: 'string' },
  'spike-arrest-weight-header': { type: 'string' },
  quota: { type: 'string' },
  'rate-limit-status': { type: 'string' },
  'app-status': { type: 'string' },
  'api-key-status': { type: 'string' },
  'deny-ip': { type: 'boolean' },
  'client-ip-from': { type: 'string' },
  'required-scope': { type: 'string' },
  'faults-in-header': { type: 'boolean' },
  'token-fault-status': { type: 'string' },
  help: { type: 'boolean' },
} as const;

/** Apigee policy flags that take a value, by the switch they set and how their text is read. */
const POLICY_FLAGS = [
  ['product-paths', 'productPaths', 'text'],
  ['added-product-paths', 'addedProductPaths', 'text'],
  ['spike-arrest', 'spikeArrestPerMinute', 'number'],
  ['spike-arrest-weight-header', 'spikeArrestWeightHeader', 'text'],
  ['quota', 'quotaPerMinute', 'number'],
  ['rate-limit-status', 'rateLimitStatus', 'number'],
  ['app-status', 'appStatus', 'text'],
  ['api-key-status', 'apiKeyStatus', 'text'],
  ['client-ip-from', 'clientIpFrom', 'text'],
  ['required-scope', 'requiredScope', 'text'],
  ['token-fault-status', 'tokenFaultStatus', 'number'],
] as const;

const HINT = 'Run with --help to see the options.';

function wholeNumberFlag(flag: string, text: string, rule: string): number {
  const value = parseWholeNumber(text);
  if (value === null) throw new CliUsageError(`${flag} ${rule}, not "${text}". ${HINT}`);
  return value;
}

/** Runs a flag's value through the same validator as createSandbox and the control API. */
function switchFlag<K extends keyof SandboxSwitches>(
  flag: string,
  name: K,
  value: unknown,
): SandboxSwitches[K] {
  const checked = SWITCH_VALIDATORS[name](value);
  if (!checked.ok) throw new CliUsageError(`${flag} ${checked.message}. ${HINT}`);
  return checked.value as SandboxSwitches[K];
}

function readPort(text: string, source: string): number {
  const port = parseWholeNumber(text);
  if (port === null || port > 65_535) {
    throw new CliUsageError(
      `${source} must be a port number from 0 to 65535 (0 picks a free port), not "${text}".`,
    );
  }
  return port;
}

function parseFlags(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false })
      .values;
  } catch (error) {
    // parseArgs explains unknown flags and missing values well; add where to look for the rest.
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliUsageError(`${reason.replace(/[.\s]*$/, '.')} ${HINT}`);
  }
}

export function parseCliArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): CliOptions {
  const flags = parseFlags(argv);
  const switches: Partial<SandboxSwitches> = {};
  if (flags.latency !== undefined) {
    const ms = wholeNumberFlag(
      '--latency',
      flags.latency,
      'must be a whole number of milliseconds',
    );
    switches.latencyMs = switchFlag('--latency', 'latencyMs', ms);
  }
  if (flags['token-lifetime'] !== undefined) {
    const seconds = wholeNumberFlag(
      '--token-lifetime',
      flags['token-lifetime'],
      'must be a whole number of seconds',
    );
    switches.tokenLifetimeSeconds = switchFlag('--token-lifetime', 'tokenLifetimeSeconds', seconds);
  }
  if (flags['server-error'] !== undefined) {
    const rule = 'must be an HTTP status from 500 to 599';
    const status = wholeNumberFlag('--server-error', flags['server-error'], rule);
    // Checked here rather than by the switch's validator, whose message offers null (JSON only).
    if (status < 500 || status > 599) {
      throw new CliUsageError(`--server-error ${rule}, not ${status}. ${HINT}`);
    }
    switches.serverError = status;
  }
  if (flags['large-body'] !== undefined) {
    // The switch's validator reads sizes like "10mb" itself.
    switches.largeBodyBytes = switchFlag('--large-body', 'largeBodyBytes', flags['large-body']);
  }
  if (flags['html-error'] === true) switches.htmlErrorPage = true;
  if (flags['short-token'] === true) switches.tokenForm = 'short';
  if (flags['string-numbers'] === true) switches.numbersAsStrings = true;
  if (flags['reject-browser-origin'] === true) switches.rejectBrowserOrigin = true;
  for (const [name, key, kind] of POLICY_FLAGS) {
    const text = flags[name];
    if (text === undefined) continue;
    // A number flag's text that is no number goes to the validator as text, which says what fits.
    const value = kind === 'number' ? (parseWholeNumber(text) ?? text) : text;
    Object.assign(switches, { [key]: switchFlag(`--${name}`, key, value) });
  }
  if (flags['deny-ip'] === true) switches.denyClientIp = true;
  if (flags['faults-in-header'] === true) switches.faultsIn = 'www-authenticate';

  const port =
    flags.port !== undefined
      ? readPort(flags.port, '--port')
      : env.SANDBOX_PORT !== undefined && env.SANDBOX_PORT !== ''
        ? readPort(env.SANDBOX_PORT, 'SANDBOX_PORT')
        : DEFAULT_PORT;
  const host = flags.host ?? (env.SANDBOX_HOST || DEFAULT_HOST);
  if (host.trim() === '')
    throw new CliUsageError(`--host needs an address, e.g. --host ${DEFAULT_HOST}.`);
  return { help: flags.help === true, host, port, switches };
}

export function toSandboxOptions(options: CliOptions): SandboxOptions {
  return { host: options.host, port: options.port, switches: options.switches };
}

/** True for addresses only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    bare === 'localhost' ||
    bare === '::1' ||
    /^127\.\d+\.\d+\.\d+$/.test(bare) ||
    bare === '::ffff:127.0.0.1'
  );
}
