import { describe, expect, it } from 'vitest';
import { useSandbox } from '../../testing/fixtures/sandbox/sandbox-fixture';
import { renewalReason } from '../call/fault-retry';
import { credentialTraits } from './credential-advice';
import { type CachedToken, createTokenBroker, type TokenCache } from './token-broker';
import {
  type GrantResult,
  runTokenGrant,
  type TokenFailureView,
  type TokenSuccessView,
} from './token-grant';

const PROFILE = 'profile-1';
const START = Date.UTC(2025, 2, 14, 9, 0, 0);
const HOUR = 3_600_000;
const MARGIN = 60_000;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Like storage.session: asynchronous, and it hands out copies, never its own objects. */
class MemoryCache implements TokenCache {
  readonly entries = new Map<string, CachedToken>();
  async get(profileId: string) {
    await pause(0);
    const entry = this.entries.get(profileId);
    return entry === undefined ? undefined : structuredClone(entry);
  }
  async set(token: CachedToken) {
    await pause(0);
    this.entries.set(token.profileId, structuredClone(token));
  }
  async delete(profileId: string) {
    await pause(0);
    this.entries.delete(profileId);
  }
}

const SUCCESS_VIEW = {
  outcome: 'token',
  token: { accessTokenMasked: '••••ok-1' },
  receivedAtMs: START,
} as TokenSuccessView;
const FAILURE: GrantResult = {
  view: {
    outcome: 'failure',
    explanation: {
      summary: 'The token endpoint answered 401.',
      server: { kind: 'none' },
      advice: [],
    },
  } as unknown as TokenFailureView,
};

/** A fake grant (this tests the broker's logic): tokens tok-1, tok-2, … after a short delay. */
function fakeGrant(clock: { now: number }, lifetimeMs = HOUR, delayMs = 10) {
  const grant = async (profileId: string): Promise<GrantResult> => {
    grant.calls.push(profileId);
    const n = grant.calls.length;
    await pause(delayMs);
    if (grant.fail) return FAILURE;
    return { view: SUCCESS_VIEW, accessToken: `tok-${n}`, expiresAtMs: clock.now + lifetimeMs };
  };
  grant.calls = [] as string[];
  grant.fail = false;
  return grant;
}

function setup(options: { lifetimeMs?: number; cache?: MemoryCache } = {}) {
  const clock = { now: START };
  const cache = options.cache ?? new MemoryCache();
  const grant = fakeGrant(clock, options.lifetimeMs);
  const broker = createTokenBroker({
    cache,
    grant,
    now: () => clock.now,
    refreshMarginMs: MARGIN,
  });
  return { clock, cache, grant, broker };
}

function cached(accessToken: string, expiresAtMs: number | null): CachedToken {
  return { profileId: PROFILE, accessToken, expiresAtMs, view: SUCCESS_VIEW };
}

function tokenOf(answer: Awaited<ReturnType<ReturnType<typeof setup>['broker']['current']>>) {
  if (!answer.ok) throw new Error('expected a token');
  return answer.token.accessToken;
}

describe('createTokenBroker: current()', () => {
  it('runs exactly one grant for 50 concurrent callers, and all get the same token', async () => {
    const { broker, grant, cache } = setup();
    const answers = await Promise.all(Array.from({ length: 50 }, () => broker.current(PROFILE)));

    expect(grant.calls).toEqual([PROFILE]);
    expect(new Set(answers.map(tokenOf))).toEqual(new Set(['tok-1']));
    expect(cache.entries.get(PROFILE)?.accessToken).toBe('tok-1');
  });

  it('keeps one grant per profile: two profiles, two grants', async () => {
    const { broker, grant } = setup();
    const answers = await Promise.all([
      broker.current('a'),
      broker.current('b'),
      broker.current('a'),
      broker.current('b'),
    ]);
    expect([...grant.calls].sort()).toEqual(['a', 'b']);
    expect(answers.map(tokenOf)[0]).toBe(answers.map(tokenOf)[2]);
  });

  it('answers from the cache without a grant while the token is good', async () => {
    const { broker, grant, cache } = setup();
    cache.entries.set(PROFILE, cached('cached-tok', START + HOUR));

    const answer = await broker.current(PROFILE);
    expect(answer).toMatchObject({ ok: true, fromCache: true });
    expect(tokenOf(answer)).toBe('cached-tok');
    expect(grant.calls).toEqual([]);
  });

  it('reuses its own token on later calls', async () => {
    const { broker, grant } = setup();
    expect(await broker.current(PROFILE)).toMatchObject({ ok: true, fromCache: false });
    expect(await broker.current(PROFILE)).toMatchObject({ ok: true, fromCache: true });
    expect(grant.calls).toHaveLength(1);
  });

  it('renews a token within refreshMarginMs of its expiry, before it expires', async () => {
    const { broker, grant, cache } = setup();
    cache.entries.set(PROFILE, cached('old-tok', START + MARGIN));

    const answer = await broker.current(PROFILE);
    expect(tokenOf(answer)).toBe('tok-1');
    expect(grant.calls).toHaveLength(1);
    expect(cache.entries.get(PROFILE)?.accessToken).toBe('tok-1');
  });

  it('keeps a token that is good for longer than the margin', async () => {
    const { broker, grant, cache } = setup();
    cache.entries.set(PROFILE, cached('old-tok', START + MARGIN + 1));
    expect(tokenOf(await broker.current(PROFILE))).toBe('old-tok');
    expect(grant.calls).toEqual([]);
  });

  it('renews when the clock moves into the margin', async () => {
    const { broker, grant, clock } = setup();
    await broker.current(PROFILE);
    clock.now = START + HOUR - MARGIN - 1;
    expect(tokenOf(await broker.current(PROFILE))).toBe('tok-1');
    clock.now = START + HOUR - MARGIN;
    expect(tokenOf(await broker.current(PROFILE))).toBe('tok-2');
    expect(grant.calls).toHaveLength(2);
  });

  it('keeps a token without a known expiry', async () => {
    const { broker, grant, cache, clock } = setup();
    cache.entries.set(PROFILE, cached('forever', null));
    clock.now = START + 1000 * HOUR;
    expect(tokenOf(await broker.current(PROFILE))).toBe('forever');
    expect(grant.calls).toEqual([]);
  });

  it('lets a restarted worker (a new broker on the same cache) reuse the token without a grant', async () => {
    const first = setup();
    await first.broker.current(PROFILE);
    expect(first.grant.calls).toHaveLength(1);

    const restarted = setup({ cache: first.cache });
    const answer = await restarted.broker.current(PROFILE);
    expect(answer).toMatchObject({ ok: true, fromCache: true });
    expect(tokenOf(answer)).toBe('tok-1');
    expect(restarted.grant.calls).toEqual([]);
  });

  it('passes a failed grant through as { ok: false, result } and does not cache it', async () => {
    const { broker, grant, cache } = setup();
    grant.fail = true;
    const answers = await Promise.all([broker.current(PROFILE), broker.current(PROFILE)]);

    expect(answers[0]).toMatchObject({ ok: false, result: FAILURE });
    expect(answers[1]).toMatchObject({ ok: false, result: FAILURE });
    expect(grant.calls).toHaveLength(1);
    expect(cache.entries.size).toBe(0);

    grant.fail = false;
    expect(tokenOf(await broker.current(PROFILE))).toBe('tok-2');
  });

  it('fresh() gets a new token even with a good one in the cache, and joins a running grant', async () => {
    const { broker, grant, cache } = setup();
    cache.entries.set(PROFILE, cached('cached-tok', START + HOUR));
    const [fresh, joined] = await Promise.all([broker.fresh(PROFILE), broker.current(PROFILE)]);
    expect(tokenOf(fresh)).toBe('tok-1');
    expect(tokenOf(joined)).toBe('tok-1');
    expect(grant.calls).toHaveLength(1);
  });
});

describe('createTokenBroker: a failed Get token with a good token cached', () => {
  it('names the cached token still in use, and the next call carries it', async () => {
    const { broker, grant, cache } = setup();
    cache.entries.set(PROFILE, cached('still-good', START + HOUR));
    grant.fail = true;
    const answer = await broker.fresh(PROFILE);
    if (answer.ok) throw new Error('expected a failure');
    expect(answer.held?.accessToken).toBe('still-good');
    expect(tokenOf(await broker.current(PROFILE))).toBe('still-good');
    expect(grant.calls).toHaveLength(1);
  });

  it('a call that joins the failing grant takes the cached token', async () => {
    const { broker, grant, cache } = setup();
    cache.entries.set(PROFILE, cached('still-good', START + HOUR));
    grant.fail = true;
    const [asked, call] = await Promise.all([broker.fresh(PROFILE), broker.current(PROFILE)]);
    expect(asked.ok).toBe(false);
    expect(tokenOf(call)).toBe('still-good');
    expect(call.step).toMatchObject({ step: 'token-cached' });
  });

  it('holds nothing when the cached token is within the margin of its expiry, or none is cached', async () => {
    const { broker, grant, cache } = setup();
    grant.fail = true;
    const none = await broker.fresh(PROFILE);
    expect(none).toMatchObject({ ok: false, held: null });
    cache.entries.set(PROFILE, cached('nearly-gone', START + MARGIN - 1));
    const nearly = await broker.fresh(PROFILE);
    expect(nearly).toMatchObject({ ok: false, held: null });
  });
});

describe('createTokenBroker: invalidate()', () => {
  it('drops the refused token', async () => {
    const { broker, cache } = setup();
    await broker.current(PROFILE);
    await broker.invalidate(PROFILE, 'tok-1');
    expect(cache.entries.has(PROFILE)).toBe(false);
  });

  it('does not drop a newer token than the one refused', async () => {
    const { broker, cache } = setup();
    cache.entries.set(PROFILE, cached('tok-2', START + HOUR));
    await broker.invalidate(PROFILE, 'tok-1');
    expect(cache.entries.get(PROFILE)?.accessToken).toBe('tok-2');
  });
});

describe('createTokenBroker: withToken()', () => {
  it('passes the token to the call and returns its value', async () => {
    const { broker } = setup();
    const seen: string[] = [];
    const result = await broker.withToken(PROFILE, async (token) => {
      seen.push(token);
      return { value: 'answer', tokenRefused: false };
    });
    expect(result).toEqual({ ok: true, value: 'answer', renewed: false });
    expect(seen).toEqual(['tok-1']);
  });

  it('on a refused token: invalidates, gets a new one and retries once', async () => {
    const { broker, grant, cache } = setup();
    const seen: string[] = [];
    const result = await broker.withToken(PROFILE, async (token) => {
      seen.push(token);
      return { value: `status for ${token}`, tokenRefused: token === 'tok-1' };
    });

    expect(result).toEqual({ ok: true, value: 'status for tok-2', renewed: true });
    expect(seen).toEqual(['tok-1', 'tok-2']);
    expect(grant.calls).toHaveLength(2);
    expect(cache.entries.get(PROFILE)?.accessToken).toBe('tok-2');
  });

  it('tells the call whether its token came from the cache, and the Timeline why it was refused', async () => {
    const { broker } = setup();
    const told: { token: string; fromCache: boolean }[] = [];
    const steps: string[] = [];
    await broker.current(PROFILE);
    await broker.withToken(
      PROFILE,
      async (token, _attempt, meta) => {
        told.push({ token, fromCache: meta.fromCache });
        return token === 'tok-1'
          ? { value: 1, tokenRefused: true, refusedBecause: 'no API product matched' }
          : { value: 2, tokenRefused: false };
      },
      (step) => steps.push(step.step === 'token-refused' ? `refused: ${step.why}` : step.step),
    );
    expect(told).toEqual([
      { token: 'tok-1', fromCache: true },
      { token: 'tok-2', fromCache: false },
    ]);
    expect(steps).toEqual(['token-cached', 'refused: no API product matched', 'token-requested']);
  });

  it('retries a cached token that the server refuses (revoked early) with a new one', async () => {
    const { broker, grant, cache } = setup();
    cache.entries.set(PROFILE, cached('revoked', START + HOUR));
    const seen: string[] = [];
    await broker.withToken(PROFILE, async (token) => {
      seen.push(token);
      return { value: null, tokenRefused: token === 'revoked' };
    });
    expect(seen).toEqual(['revoked', 'tok-1']);
    expect(grant.calls).toHaveLength(1);
  });

  it('retries exactly once when the token is refused twice: 2 calls, 2 grants, no loop', async () => {
    const { broker, grant } = setup();
    let calls = 0;
    const result = await broker.withToken(PROFILE, async (token) => {
      calls++;
      return { value: `401 for ${token}`, tokenRefused: true };
    });

    expect(calls).toBe(2);
    expect(grant.calls).toHaveLength(2);
    expect(result).toEqual({ ok: true, value: '401 for tok-2', renewed: true });
  });

  it('renews once for 50 concurrent calls refused at the same time', async () => {
    const { broker, grant } = setup();
    let arrived = 0;
    let release: () => void = () => {};
    const allArrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    const call = async (token: string) => {
      if (token === 'tok-1') {
        // Every first attempt waits for the others, so all 50 are refused at once.
        arrived++;
        if (arrived === 50) release();
        await allArrived;
        return { value: 'refused', tokenRefused: true };
      }
      return { value: `ok with ${token}`, tokenRefused: false };
    };
    const results = await Promise.all(
      Array.from({ length: 50 }, () => broker.withToken(PROFILE, call)),
    );

    expect(grant.calls).toHaveLength(2);
    for (const result of results) {
      expect(result).toEqual({ ok: true, value: 'ok with tok-2', renewed: true });
    }
  });

  it('passes a failed grant through without calling', async () => {
    const { broker, grant } = setup();
    grant.fail = true;
    let calls = 0;
    const result = await broker.withToken(PROFILE, async () => {
      calls++;
      return { value: 1, tokenRefused: false };
    });
    expect(result).toMatchObject({ ok: false, result: FAILURE });
    expect(calls).toBe(0);
  });

  it('passes a failed renewal through after a refusal, without a second call', async () => {
    const { broker, grant } = setup();
    let calls = 0;
    const result = await broker.withToken(PROFILE, async () => {
      calls++;
      grant.fail = true;
      return { value: 1, tokenRefused: true };
    });
    expect(result).toMatchObject({ ok: false, result: FAILURE });
    expect(calls).toBe(1);
    expect(grant.calls).toHaveLength(2);
  });
});

describe('createTokenBroker wired to runTokenGrant and the sandbox', () => {
  const sandbox = useSandbox();

  it('gets one token, reuses it, and renews it once the server expires it', async () => {
    const box = sandbox();
    const { clientId, clientSecret, companyId } = box.credentials;
    const broker = createTokenBroker({
      cache: new MemoryCache(),
      now: Date.now,
      refreshMarginMs: MARGIN,
      grant: () =>
        runTokenGrant(
          {
            authUrl: box.url,
            clientId,
            clientSecret,
            variant: 'basic',
            formEncodeCredentials: false,
          },
          {
            fetch: globalThis.fetch,
            timeoutMs: 5_000,
            now: Date.now,
            traits: credentialTraits(clientId, clientSecret),
          },
        ),
    });
    /** GET /v1/ping through the broker; `foreign` replaces the broker's token on the wire. */
    const call = (foreign?: string) =>
      broker.withToken(PROFILE, async (token, _attempt, { fromCache }) => {
        const response = await fetch(`${box.url}/v1/ping`, {
          headers: {
            'Content-Type': 'application/json',
            companyId,
            Authorization: `Bearer ${foreign ?? token}`,
          },
        });
        const answer = {
          status: response.status,
          headers: [...response.headers].map(([name, value]) => ({ name, value })),
          bodyText: await response.text(),
        };
        return {
          value: response.status,
          tokenRefused: renewalReason(answer, { fromCache }) !== null,
        };
      });

    const first = await Promise.all(Array.from({ length: 10 }, () => call()));
    expect(first.every((result) => result.ok && result.value === 200 && !result.renewed)).toBe(
      true,
    );
    expect(box.tokenRequestCount()).toBe(1);

    expect(await call()).toEqual({ ok: true, value: 200, renewed: false });
    expect(box.tokenRequestCount()).toBe(1);

    box.expireAllTokens();
    expect(await call()).toEqual({ ok: true, value: 200, renewed: true });
    expect(box.tokenRequestCount()).toBe(2);

    // A call with a token the sandbox never issued is refused both times: one retry, no loop.
    expect(await call('never-issued')).toEqual({ ok: true, value: 401, renewed: true });
    expect(box.tokenRequestCount()).toBe(3);
  });

  it('passes the sandbox’s refusal of wrong credentials through', async () => {
    const box = sandbox();
    const broker = createTokenBroker({
      cache: new MemoryCache(),
      now: Date.now,
      refreshMarginMs: MARGIN,
      grant: () =>
        runTokenGrant(
          {
            authUrl: box.url,
            clientId: box.credentials.clientId,
            clientSecret: 'wrong',
            variant: 'body',
            formEncodeCredentials: false,
          },
          {
            fetch: globalThis.fetch,
            timeoutMs: 5_000,
            now: Date.now,
            traits: credentialTraits(box.credentials.clientId, 'wrong'),
          },
        ),
    });
    const answer = await broker.current(PROFILE);
    if (answer.ok) throw new Error('expected a failure');
    expect(answer.result.view.outcome).toBe('failure');
    expect(answer.result.view.response?.status).toBe(401);
  });
});

describe('createTokenBroker: the steps of a call and the reasons of its grants', () => {
  function observed(options: { lifetimeMs?: number } = {}) {
    const base = setup(options);
    const grants: { why: string; ok: boolean }[] = [];
    const broker = createTokenBroker({
      cache: base.cache,
      grant: base.grant,
      now: () => base.clock.now,
      refreshMarginMs: MARGIN,
      onGrant: (_profileId, why, answer) => grants.push({ why, ok: answer.ok }),
    });
    return { ...base, broker, grants };
  }

  it('names each step of a refused call: cached token, refusal, renewal for the refusal', async () => {
    const { broker, cache, grants } = observed();
    cache.entries.set(PROFILE, cached('revoked', START + HOUR));
    const steps: string[] = [];
    await broker.withToken(
      PROFILE,
      async (token) => ({ value: null, tokenRefused: token === 'revoked' }),
      (step) => steps.push(step.step === 'token-requested' ? `requested:${step.why}` : step.step),
    );
    expect(steps).toEqual(['token-cached', 'token-refused', 'requested:refused']);
    expect(grants).toEqual([{ why: 'refused', ok: true }]);
  });

  it('says why it asked: none cached, expiring, asked by the user; a failure is told too', async () => {
    const { broker, clock, grant, grants } = observed({ lifetimeMs: 2 * MARGIN });
    await broker.current(PROFILE);
    clock.now += MARGIN + 1;
    await broker.current(PROFILE);
    await broker.fresh(PROFILE);
    clock.now += 2 * MARGIN + 1;
    await broker.current(PROFILE);
    grant.fail = true;
    await broker.fresh(PROFILE);
    expect(grants).toEqual([
      { why: 'none-cached', ok: true },
      { why: 'expiring', ok: true },
      { why: 'asked', ok: true },
      { why: 'expired', ok: true },
      { why: 'asked', ok: false },
    ]);
  });

  it('tells one grant once, however many callers share it', async () => {
    const { broker, grants } = observed();
    await Promise.all(Array.from({ length: 20 }, () => broker.current(PROFILE)));
    expect(grants).toHaveLength(1);
  });

  it('times a grant and keeps the masked token of a cached one, never the token itself', async () => {
    const { broker } = observed();
    const first = await broker.current(PROFILE);
    expect(first.step).toMatchObject({ step: 'token-requested', why: 'none-cached' });
    const second = await broker.current(PROFILE);
    expect(second.step).toMatchObject({ step: 'token-cached', tail: '••••ok-1' });
    expect(JSON.stringify(second.step)).not.toContain('tok-1');
  });
});
