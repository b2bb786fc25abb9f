/**
 * Fault switches: the knobs that make the sandbox misbehave the way a real gateway sometimes does
 * (slow, expired tokens, 5xx, an HTML error page instead of JSON, huge bodies, Apigee's numbers sent
 * as strings, a refusal of anything a browser sends, tokens issued that no call accepts), and
 * Apigee's policy faults (apigee-switches.ts). One validator per switch serves every way in:
 * createSandbox options, the CLI flags
 * and `POST /__sandbox/switches`, so a value is refused with the same words wherever it comes from.
 */

import { APIGEE_DEFAULTS, APIGEE_VALIDATORS, type ApigeeSwitches } from './apigee-switches';

export interface SandboxSwitches extends ApigeeSwitches {
  /** Delay in ms before every token and /v1 answer. */
  latencyMs: number;
  /** `expires_in` of issued tokens, in seconds. */
  tokenLifetimeSeconds: number;
  /** When set (500..599), every token and /v1 call answers this status with an Apigee fault. */
  serverError: number | null;
  /** When true, every token and /v1 call answers 502 text/html, like a load balancer or wrong host. */
  htmlErrorPage: boolean;
  /** When > 0, successful /v1 calls answer a valid JSON document of about this many bytes. */
  largeBodyBytes: number;
  /** Which form of the spec 5.3 token response is sent. */
  tokenForm: 'long' | 'short';
  /** Send expires_in and refresh_token_expires_in as strings, as real Apigee gateways do. */
  numbersAsStrings: boolean;
  /** Refuse every token and /v1 call that carries an Origin header, as servers that police browsers do. */
  rejectBrowserOrigin: boolean;
  /**
   * Refuse every /v1 call made with a Bearer token (401, invalid access token), however new the
   * token: a gateway whose app lost its access to the API product, issuing tokens nothing accepts.
   */
  refuseTokens: boolean;
}

export const DEFAULT_SWITCHES: SandboxSwitches = Object.freeze({
  latencyMs: 0,
  tokenLifetimeSeconds: 3599,
  serverError: null,
  htmlErrorPage: false,
  largeBodyBytes: 0,
  tokenForm: 'long',
  numbersAsStrings: false,
  rejectBrowserOrigin: false,
  ...APIGEE_DEFAULTS,
  refuseTokens: false,
});

export const MAX_LATENCY_MS = 600_000;
export const MAX_TOKEN_LIFETIME_SECONDS = 31_536_000; // one year
/** Far below V8's string limit, and more than any panel should ever have to show. */
export const MAX_LARGE_BODY_BYTES = 256 * 1024 * 1024;

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

type SwitchValidators = {
  [K in keyof SandboxSwitches]: (value: unknown) => Checked<SandboxSwitches[K]>;
};

function shown(value: unknown): string {
  return typeof value === 'string'
    ? `"${value.slice(0, 40)}"`
    : String(JSON.stringify(value)).slice(0, 60);
}

function wholeNumber(min: number, max: number, unit: string) {
  return (value: unknown): Checked<number> =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
      ? { ok: true, value }
      : {
          ok: false,
          message: `must be a whole number of ${unit} from ${min} to ${max}, not ${shown(value)}`,
        };
}

function flag(value: unknown): Checked<boolean> {
  return typeof value === 'boolean'
    ? { ok: true, value }
    : { ok: false, message: `must be true or false, not ${shown(value)}` };
}

const SIZE_UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
};

/**
 * Reads a size like `10mb`, `500kb`, `1.5MiB` or `2048` (bytes). kb and mb are 1024-based, as
 * people mean them when they say "a 10 MB body". Returns null when the text is no size.
 */
export function parseByteSize(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const name = (match?.[2] ?? '').toLowerCase();
  // hasOwn: "constructor" is no unit, whatever Object.prototype says.
  const unit = Object.hasOwn(SIZE_UNITS, name) ? SIZE_UNITS[name] : undefined;
  if (match?.[1] === undefined || unit === undefined) return null;
  return Math.floor(Number(match[1]) * unit);
}

/** Reads a plain decimal whole number (no sign, no exponent, no hex). Returns null otherwise. */
export function parseWholeNumber(text: string): number | null {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : null;
}

const LARGE_BODY_RULE = `from 0 to ${MAX_LARGE_BODY_BYTES} bytes (or a size like "10mb" or "500kb")`;

export const SWITCH_VALIDATORS: SwitchValidators = {
  latencyMs: wholeNumber(0, MAX_LATENCY_MS, 'milliseconds'),
  tokenLifetimeSeconds: wholeNumber(0, MAX_TOKEN_LIFETIME_SECONDS, 'seconds'),
  serverError: (value) =>
    value === null
      ? { ok: true, value: null }
      : typeof value === 'number' && Number.isInteger(value) && value >= 500 && value <= 599
        ? { ok: true, value }
        : {
            ok: false,
            message: `must be an HTTP status from 500 to 599, or null to turn it off, not ${shown(value)}`,
          },
  htmlErrorPage: flag,
  largeBodyBytes: (value) => {
    const bytes = typeof value === 'string' ? parseByteSize(value) : value;
    return typeof bytes === 'number' &&
      Number.isInteger(bytes) &&
      bytes >= 0 &&
      bytes <= MAX_LARGE_BODY_BYTES
      ? { ok: true, value: bytes }
      : { ok: false, message: `must be a size ${LARGE_BODY_RULE}, not ${shown(value)}` };
  },
  tokenForm: (value) =>
    value === 'long' || value === 'short'
      ? { ok: true, value }
      : { ok: false, message: `must be "long" or "short", not ${shown(value)}` },
  numbersAsStrings: flag,
  rejectBrowserOrigin: flag,
  ...APIGEE_VALIDATORS,
  refuseTokens: flag,
};

function isSwitchName(name: string): name is keyof SandboxSwitches {
  return Object.hasOwn(SWITCH_VALIDATORS, name);
}

/**
 * Checks a whole patch before any of it applies, so a refused patch changes nothing. Unknown
 * names (including `__proto__`) are refused rather than ignored: a typo must not look like success.
 */
export function validateSwitchPatch(input: unknown): Checked<Partial<SandboxSwitches>> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, message: 'Send a JSON object of switches, e.g. {"latencyMs": 2000}.' };
  }
  const patch: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(input)) {
    if (!isSwitchName(name)) {
      const known = Object.keys(SWITCH_VALIDATORS).join(', ');
      return {
        ok: false,
        message: `Unknown switch "${name.slice(0, 40)}". The switches are: ${known}.`,
      };
    }
    const checked = SWITCH_VALIDATORS[name](raw);
    if (!checked.ok) return { ok: false, message: `${name} ${checked.message}.` };
    patch[name] = checked.value;
  }
  return { ok: true, value: patch as Partial<SandboxSwitches> };
}
