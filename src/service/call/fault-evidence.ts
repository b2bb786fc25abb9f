/**
 * The evidence a fault carries that its text alone does not say plainly: a spike arrest's rate
 * decoded into a pace, the identifier a quota counts, when to try again (Retry-After and rate
 * limit headers), the client IP an access control saw (and the X-Forwarded-For the call sent,
 * where the access control reads its address from a variable; the header that held a spike
 * arrest's weight), the scopes a call required, where the
 * gateway looked for the API key, and, for a product mismatch, the token's own products and issue
 * time beside the called method and path. Token metadata only: never a token or a secret.
 */
import type { NameValue } from '../../vocabulary/terms';
import type { FaultFacts } from './apigee-faults';
import { type GatewayFault, headerValue } from './gateway-fault';

/** What the panel knows of the token a call carried: its metadata, never the token. */
export interface TokenEvidence {
  products: string[];
  /** issued_at, ms since the epoch; null when the answer had none. */
  issuedAtMs: number | null;
  scope: string | null;
  /** True when the token was taken from the cache (minted before this call was composed). */
  fromCache: boolean;
  /** For a support report: the app's id, the token's lifetime and status, the client ID's last 4. */
  applicationName?: string | null;
  expiresInSeconds?: number | null;
  status?: string | null;
  clientIdTail?: string | null;
}

export interface FaultContext {
  /** The answer's headers. */
  headers: readonly NameValue[];
  /** The call as sent: its method, path and the headers the worker set (masked). */
  call?: { method: string; path: string; headers?: readonly NameValue[] };
  token?: TokenEvidence | undefined;
  nowMs?: number;
}

export interface EvidenceItem {
  label: string;
  value: string;
}

export interface SpikeRate {
  messages: number;
  periodMs: number;
  /** The smoothed interval: at most one call this often. */
  paceMs: number;
}

/** Reads `MessageRate{messagesPerPeriod=100, periodInMicroseconds=60000000, …}`. */
export function decodeSpikeArrest(text: string): SpikeRate | null {
  const messages = Number(/messagesPerPeriod\s*=\s*(\d+(?:\.\d+)?)/.exec(text)?.[1]);
  const micros = Number(/periodInMicroseconds\s*=\s*(\d+)/.exec(text)?.[1]);
  if (!(messages > 0) || !(micros > 0)) return null;
  const periodMs = micros / 1000;
  return { messages, periodMs, paceMs: periodMs / messages };
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = Math.round(ms / 100) / 10;
  return seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 6) / 10} min`;
}

const PERIOD_WORDS: Record<number, string> = {
  1000: 'a second',
  60000: 'a minute',
  3600000: 'an hour',
};

/** "100 a minute: at most one call every 600 ms". */
export function describeRate(rate: SpikeRate): string {
  const period = PERIOD_WORDS[rate.periodMs] ?? `every ${formatDuration(rate.periodMs)}`;
  return `${rate.messages} ${period}: at most one call every ${formatDuration(rate.paceMs)}`;
}

/** The identifier a quota counts: `… Identifier : _default` → `_default`. */
export function quotaIdentifier(text: string): string | null {
  return /Identifier\s*:\s*(\S.*?)\s*$/.exec(text)?.[1] ?? null;
}

/** The client IP an access control denied. */
export function deniedIp(text: string): string | null {
  return /client ip\s*:\s*([0-9A-Fa-f.:]+)/i.exec(text)?.[1] ?? null;
}

/** The scopes a call required: `Required scope(s): read write` → [read, write]. */
export function requiredScopes(text: string): string[] | null {
  const listed = /Required scope\(s\)\s*:\s*(.+)$/i.exec(text)?.[1];
  if (listed === undefined) return null;
  const scopes = listed.split(/[\s,]+/).filter((scope) => scope !== '');
  return scopes.length > 0 ? scopes : null;
}

/** Where a VerifyAPIKey policy looked: `request.header.x-apikey` → `the header x-apikey`. */
export function apiKeyLocation(text: string): string | null {
  const variable = /variable\s+request\.(header|queryparam|formparam)\.(\S+)/i.exec(text);
  if (variable?.[1] === undefined || variable[2] === undefined) return null;
  const where = {
    header: 'the header',
    queryparam: 'the query parameter',
    formparam: 'the form field',
  };
  return `${where[variable[1].toLowerCase() as keyof typeof where]} ${variable[2]}`;
}

/** Seconds (or an epoch time in seconds, or an HTTP date) in a rate limit header, as epoch ms. */
function resetAt(value: string, nowMs: number): number | null {
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    const number = Number(trimmed);
    // Above a billion it is an epoch time, not a delay (a billion seconds is 31 years).
    return number > 1e9 ? number * 1000 : nowMs + number * 1000;
  }
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : date;
}

const RESET_HEADERS = ['retry-after', 'ratelimit-reset', 'x-ratelimit-reset'];

/** When to try again, from the first rate limit header the answer carries; null when none. */
export function retryWhen(headers: readonly NameValue[], nowMs: number): string | null {
  for (const name of RESET_HEADERS) {
    const value = headerValue(headers, name);
    const at = value === null ? null : resetAt(value, nowMs);
    if (value !== null && at !== null) {
      const wait = Math.max(0, at - nowMs);
      return `in ${formatDuration(wait)}, at ${new Date(at).toISOString().slice(11, 19)} UTC (${name}: ${value.slice(0, 60)})`;
    }
  }
  return null;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An IPv4 address in dotted decimal, or an IPv6 address as a URL host takes it. */
export function isIpAddress(text: string): boolean {
  if (IPV4.test(text)) return true;
  if (!text.includes(':') || /[[\]/]/.test(text)) return false;
  try {
    return new URL(`http://[${text}]/`).hostname !== '';
  } catch {
    return false;
  }
}

/** Whether this call sent X-Forwarded-For, the variable's usual source, and what its first address is. */
function forwardedForEvidence(context: FaultContext): EvidenceItem {
  const sent = context.call?.headers?.find(
    (header) => header.name.toLowerCase() === 'x-forwarded-for',
  );
  if (sent === undefined) {
    return {
      label: 'X-Forwarded-For',
      value: 'not sent by this call: the address comes from the provider’s side (tell them)',
    };
  }
  const first = sent.value.split(',')[0]?.trim() ?? '';
  // One address is not named twice; of a list, the first is the one the gateway read.
  const whichIsNot = first === sent.value.trim() ? 'not' : `its first address, “${first}”, is not`;
  return {
    label: 'X-Forwarded-For sent',
    value: isIpAddress(first)
      ? `${sent.value} (its first address is an IP address: the variable is filled from elsewhere, tell the provider)`
      : `${sent.value} (${whichIsNot} an IP address: send a valid one or none)`,
  };
}

/** The value in `Invalid message weight value 1.5`, or null. */
export function invalidWeight(text: string): string | null {
  return /Invalid message weight value\s+(\S.*)$/i.exec(text.trim())?.[1]?.trim() ?? null;
}

/** Which header of this call, if any, holds the weight the spike arrest refused. */
function weightEvidence(text: string, context: FaultContext): EvidenceItem {
  const value = invalidWeight(text);
  const sent =
    value === null
      ? undefined
      : context.call?.headers?.find((header) => header.value.trim() === value);
  if (sent === undefined) {
    return {
      label: 'Weight read',
      value: `${value ?? 'not named'}: no header of this call holds it, so the provider’s proxy fills the weight (tell them)`,
    };
  }
  return {
    label: `${sent.name} sent`,
    value: `${sent.value} (the value the spike arrest refused: send a whole number there)`,
  };
}

function productEvidence(context: FaultContext): EvidenceItem[] {
  const items: EvidenceItem[] = [];
  if (context.call !== undefined) {
    items.push({ label: 'Called', value: `${context.call.method} ${context.call.path}` });
  }
  const token = context.token;
  if (token === undefined) {
    items.push({
      label: 'Token',
      value: 'not known (the call did not carry one of the panel’s tokens)',
    });
    return items;
  }
  items.push({
    label: 'Token’s API products',
    value:
      token.products.length > 0 ? token.products.join(', ') : 'none listed in the token response',
  });
  const issued = token.issuedAtMs === null ? 'not given' : new Date(token.issuedAtMs).toISOString();
  items.push({ label: 'Token issued at', value: issued });
  items.push({
    label: 'A new token',
    value: token.fromCache
      ? 'may help: this token was minted before the call, so a product added to your app since then is not in it (the panel tries one new token).'
      : 'will not help: this token was minted for this very call. Ask the provider to add a product covering this path and environment to your app.',
  });
  return items;
}

/** The evidence items for a fault, in the order the explanation shows them. */
export function faultEvidence(
  fault: GatewayFault,
  facts: FaultFacts | undefined,
  context: FaultContext,
): EvidenceItem[] {
  const text = fault.text ?? '';
  const nowMs = context.nowMs ?? Date.now();
  const items: EvidenceItem[] = [];
  switch (facts?.code) {
    case 'SpikeArrestViolation': {
      const rate = decodeSpikeArrest(text);
      if (rate !== null) items.push({ label: 'Allowed rate', value: describeRate(rate) });
      break;
    }
    case 'QuotaViolation': {
      const identifier = quotaIdentifier(text);
      if (identifier !== null) items.push({ label: 'Quota counted for', value: identifier });
      items.push({
        label: 'Try again',
        value:
          retryWhen(context.headers, nowMs) ??
          'when the quota period resets (the answer names no time: ask the provider for the period)',
      });
      break;
    }
    case 'IPDeniedAccess': {
      const ip = deniedIp(text);
      if (ip !== null) items.push({ label: 'Address the gateway saw', value: ip });
      items.push({
        label: 'Tell the provider',
        value: `your egress IP${ip === null ? '' : ` (${ip})`}, and whether you call through a VPN or a corporate proxy, which changes it`,
      });
      break;
    }
    case 'InvalidIPAddressInVariable':
      items.push(forwardedForEvidence(context));
      break;
    case 'InvalidMessageWeight':
      items.push(weightEvidence(text, context));
      break;
    case 'InsufficientScope': {
      const scopes = requiredScopes(text);
      if (scopes !== null) items.push({ label: 'Required scopes', value: scopes.join(', ') });
      if (context.token !== undefined) {
        items.push({ label: 'Token’s scopes', value: context.token.scope || '(none)' });
      }
      break;
    }
    case 'FailedToResolveAPIKey': {
      const where = apiKeyLocation(text);
      if (where !== null) items.push({ label: 'The gateway looked in', value: where });
      break;
    }
    case 'InvalidAPICallAsNoApiProductMatchFound':
    case 'apiresource_doesnot_exist':
      items.push(...productEvidence(context));
      break;
    default: {
      const retry = retryWhen(context.headers, nowMs);
      if (retry !== null) items.push({ label: 'Try again', value: retry });
    }
  }
  if (facts !== undefined) {
    items.push({ label: 'Who can fix it', value: facts.fixer });
    items.push({ label: 'Can a new token help', value: facts.newToken });
  }
  return items;
}
