/**
 * Handler for `request/send`: the one place where a stored credential is put on the wire for a
 * `/v1` call. The panel names a profile; the worker looks up its secret, builds the call, checks
 * the host permission and sends it.
 */

import { withCarried } from '../../../src/checks/with-carried';
import type { SendRequest, SentExchange } from '../../../src/protocol/messages';
import type { Handlers } from '../../../src/protocol/router';
import type { HttpExchange } from '../../../src/service/call/execute';
import { renewalReason } from '../../../src/service/call/fault-retry';
import { fitForMessage } from '../../../src/service/call/message-budget';
import { callStep, maskTimeline, type TimelineStep } from '../../../src/service/call/timeline';
import { buildV1Request, type PreparedRequest } from '../../../src/service/call/v1-request';
import {
  cycleError,
  resolveCall,
  unresolvedError,
  variablesOf,
} from '../../../src/service/call/variables';
import { type StoredProfile, usesOAuth } from '../../../src/service/profile/profile';
import { makeHistoryEntry, scrubCall } from '../../../src/service/storage/history';
import type { SavedAnswer } from '../../../src/service/storage/saved-answers';
import { tokenEvidence } from '../../../src/service/token/token-evidence';
import { executeRequest } from '../../../src/service/wire/observed-send';
import { fail, ok, type Result } from '../../../src/vocabulary/errors';
import { tell } from '../events';
import { checkHostPermission } from '../host-permission';
import { phaseTimes } from '../phase-times';
import { allSecrets, fullRedactor } from '../stores/known-secrets';
import { loadSecrets } from '../stores/secret-store';
import { findProfile } from '../stores/storage';
import { rememberAnswer } from '../stores/workspace-store';
import { wireObserver, wireReady } from '../wire';
import { carryFromAnswer, loadCarried } from './carried';
import { recordHistory } from './history';
import { tokenBroker } from './tokens';

const TIMEOUT_MS = 30_000;
/** Bodies above this are cut; the panel says so and shows the full size when it is known. */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** Settles in a later task than this one, so after the reply the current handler returns. */
const afterReply = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Calls in flight, by the panel's request id, so that `request/cancel` can stop them. */
const running = new Map<string, AbortController>();

const send = (prepared: PreparedRequest, signal: AbortSignal) =>
  phaseTimes.time('fetch', () =>
    executeRequest(prepared, {
      fetch: (input, init) => fetch(input, init),
      timeoutMs: TIMEOUT_MS,
      maxBodyBytes: MAX_RESPONSE_BYTES,
      signal,
      wire: wireObserver,
    }),
  );

/** Errors that mean the call went out (or was stopped on its way); they belong in history. */
const ATTEMPTED: ReadonlySet<string> = new Set([
  'server_unreachable',
  'host_unreachable',
  'request_not_delivered',
  'timeout',
  'cancelled',
  'redirect_not_followed',
  'token_refused',
]);

/** Where a call was going, for its timeline when no answer names the URL. */
const composedTarget = (profile: StoredProfile, call: SendRequest) => ({
  method: call.method,
  url: `${profile.baseUrl}/v1/${call.path}`,
});

async function sendWithApiKey(
  profile: StoredProfile,
  call: SendRequest,
  signal: AbortSignal,
  steps: TimelineStep[],
): Promise<Result<HttpExchange>> {
  // Asked while the secrets are read (after a wake, that read waits for the lock's key): a
  // browser round trip that used to follow it. A missing secret is still told first.
  const dryRun = buildV1Request(profile, { kind: 'apiKey', apiKey: 'x' }, call);
  const granted = dryRun.ok ? checkHostPermission(dryRun.value.url) : null;
  // Awaited below unless a missing secret is told first; its failure is then of no interest.
  void granted?.catch((error: unknown) => error);
  const secrets = await loadSecrets(profile.id);
  if (secrets.apiKey === undefined) {
    return fail(
      'missing_secret',
      'This profile has no API key stored.',
      'Edit the profile and enter its API key.',
    );
  }
  const prepared = buildV1Request(profile, { kind: 'apiKey', apiKey: secrets.apiKey }, call);
  if (!prepared.ok) return prepared;
  const allowed = await (granted ?? checkHostPermission(prepared.value.url));
  if (!allowed.ok) return allowed;
  const atMs = Date.now();
  const answer = await send(prepared.value, signal);
  steps.push(callStep(atMs, 0, composedTarget(profile, call), answer));
  return answer;
}

async function sendWithBearer(
  profile: StoredProfile,
  call: SendRequest,
  signal: AbortSignal,
  steps: TimelineStep[],
): Promise<Result<HttpExchange>> {
  // Check the call before asking for a token: a bad path should not cost a token request.
  const dryRun = buildV1Request(profile, { kind: 'bearer', accessToken: 'x' }, call);
  if (!dryRun.ok) return dryRun;
  // Both asked at once; the first refusal in this order is told.
  const granted = [dryRun.value.url, profile.authUrl].map((url) => checkHostPermission(url));
  for (const allowed of await Promise.all(granted)) if (!allowed.ok) return allowed;
  const outcome = await tokenBroker.withToken(
    profile.id,
    async (
      accessToken,
      attempt,
      token,
    ): Promise<{ value: Result<HttpExchange>; tokenRefused: boolean; refusedBecause?: string }> => {
      const prepared = buildV1Request(profile, { kind: 'bearer', accessToken }, call);
      if (!prepared.ok) return { value: prepared, tokenRefused: false };
      const atMs = Date.now();
      const sent = await send(prepared.value, signal);
      steps.push(callStep(atMs, attempt, composedTarget(profile, call), sent));
      if (!sent.ok) return { value: sent, tokenRefused: false };
      // The token's metadata travels with the answer: its explanation shows the products.
      const answer: HttpExchange = {
        ...sent.value,
        token: tokenEvidence(token.view, token.fromCache),
      };
      const because = renewalReason(answer, token);
      return because === null
        ? { value: ok(answer), tokenRefused: false }
        : { value: ok(answer), tokenRefused: true, refusedBecause: because };
    },
    (step) => steps.push(step),
  );
  if (!outcome.ok) {
    const { explanation } = outcome.result.view;
    return fail(
      'token_refused',
      `No token for this call: ${explanation.summary}`,
      `${explanation.advice[0] ?? 'Press Get token to see the token request and its answer.'} Press Get token for the full story.`,
    );
  }
  const answer = outcome.value;
  if (!answer.ok || !outcome.renewed) return answer;
  // The renewed token is new, not from the cache: refused again means no new token will help.
  const again = renewalReason(answer.value, { fromCache: false }) !== null;
  return ok({ ...answer.value, tokenRenewed: true, ...(again ? { tokenRefusedAgain: true } : {}) });
}

/**
 * What a reopened panel shows for this call: the call as composed and its end, every secret the
 * worker holds masked in both (an answer may echo a credential).
 */
async function savedAnswer(
  { method, path, query, headers, body }: SendRequest,
  outcome: Result<HttpExchange>,
  at: number,
  timeline: TimelineStep[],
): Promise<SavedAnswer> {
  const redactor = await fullRedactor();
  const call = scrubCall({ method, path, query, headers, body }, redactor.text);
  const kept = redactor.deep(outcome.ok ? { exchange: outcome.value } : { error: outcome.error });
  return { at, call, outcome: kept, bodyCut: false, timeline };
}

export const sendRequest: Handlers['request/send'] = async (
  request,
): Promise<Result<SentExchange>> => {
  // Side by side: a worker that was stopped has both to do before its first call.
  const [found, ready] = await Promise.all([findProfile(request.profileId), wireReady()]);
  if (!found.ok) return found;
  const profile = found.value;
  const carried = await loadCarried(profile.id);
  const resolved = resolveCall(
    request,
    variablesOf(withCarried(profile, carried), request.variables),
  );
  const loop = cycleError(resolved.cycles);
  if (loop !== null) return loop;
  if (resolved.unresolved.length > 0) return unresolvedError(resolved.unresolved);
  if (!ready.ok) return ready;
  const controller = new AbortController();
  running.set(request.requestId, controller);
  const started = Date.now();
  const steps: TimelineStep[] = [];
  try {
    const outcome = usesOAuth(profile.authMethod)
      ? await sendWithBearer(profile, resolved.call, controller.signal, steps)
      : await sendWithApiKey(profile, resolved.call, controller.signal, steps);
    // Read once for both: the carried values are checked against them, the timeline masked.
    const secrets = await allSecrets();
    // Carried before the history and the kept answer are written: those can wait, the next
    // call (a run's next step) cannot run without these values.
    const carried =
      outcome.ok && request.answerVariables !== undefined
        ? await carryFromAnswer(profile.id, request.answerVariables, outcome.value, secrets)
        : undefined;
    const timeline = maskTimeline(steps, secrets);
    tell({
      kind: 'timeline',
      profileId: profile.id,
      requestId: request.requestId,
      steps: timeline,
    });
    const entryId = crypto.randomUUID();
    const attempted = outcome.ok || ATTEMPTED.has(outcome.error.code);
    if (attempted) {
      recordHistory(profile.id, async () =>
        makeHistoryEntry(
          request,
          {
            status: outcome.ok ? outcome.value.status : null,
            durationMs: outcome.ok ? outcome.value.durationMs : null,
            errorCode: outcome.ok ? null : outcome.error.code,
          },
          { id: entryId, at: started, redact: (await fullRedactor()).text },
        ),
      );
    }
    // Not awaited: the panel gets its answer first; a session write that fails is handled there.
    // Masked only once this reply has gone: a 10 MB answer's masking would otherwise come first.
    void rememberAnswer(
      profile.id,
      attempted ? entryId : null,
      afterReply().then(() => savedAnswer(request, outcome, started, timeline)),
    );
    // A body whose JSON would not fit in one message is cut here, with the panel's note.
    if (!outcome.ok) return outcome;
    const fitted = fitForMessage(outcome.value);
    return ok(carried === undefined ? fitted : { ...fitted, carried });
  } finally {
    running.delete(request.requestId);
  }
};

export const cancelRequest: Handlers['request/cancel'] = async ({ requestId }) => {
  const controller = running.get(requestId);
  controller?.abort();
  return ok({ cancelled: controller !== undefined });
};
