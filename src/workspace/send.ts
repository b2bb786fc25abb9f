/**
 * Send for one profile's composer (loaded with the first Send). A Send takes the draft, the
 * collection's shared variables and the answer variables that can be used (a row still being typed
 * is not carried), gives the call an id (the worker tells its timeline under it, Cancel names it),
 * and shows the answer unless a late reply rule drops it (request-slice.ts). Then the Tests tab's
 * checks run on the answer (check-shown.ts, loaded with the first answer).
 */
import { sendableAnswerVariables } from '../collections/check-use';
import { bodyReceiver } from '../protocol/body-channel';
import type { SentExchange } from '../protocol/messages';
import { sendPayload } from '../protocol/panel-payloads';
import type { HttpExchange } from '../service/call/execute';
import type { CommandDeps } from './ask';
import type { SendContext } from './check-shown';
import { requestOf } from './request-slice';
import type { Shown } from './request-state';

export type { SendContext };

/** The answer as shown and kept, without what the worker carried from it. */
function withoutCarried({ carried: _carried, ...exchange }: SentExchange): HttpExchange {
  return exchange;
}

export async function send(
  deps: CommandDeps,
  profileId: string,
  context: SendContext,
): Promise<void> {
  const { ask, get, dispatch } = deps;
  const { draft: call, checks, inFlight, opened } = requestOf(get(), profileId);
  if (inFlight !== null) return;
  const at = deps.now();
  const named = opened === null ? {} : { name: opened.request.name };
  const requestId = deps.newId();
  const built = sendPayload(
    requestId,
    profileId,
    call,
    context.shared,
    sendableAnswerVariables(checks),
  );
  if (!built.ok) {
    const shown: Shown = {
      at,
      call,
      outcome: { error: built.error },
      bodyCut: false,
      from: 'sent',
      ...named,
    };
    return dispatch({ type: 'request/answered', profileId, shown });
  }
  dispatch({ type: 'request/sending', profileId, requestId });
  // A large body comes by the channel, not in the reply's JSON (src/protocol/body-channel.ts).
  const bodies = bodyReceiver(requestId);
  const reply = await bodies
    .fill(requestId, await ask('request/send', { ...built.value, bodyChannel: bodies.id }))
    .finally(bodies.close);
  const shown: Shown = {
    at,
    call,
    outcome: reply.ok ? { exchange: withoutCarried(reply.value) } : { error: reply.error },
    bodyCut: false,
    from: 'sent',
    requestId,
    ...named,
  };
  dispatch({ type: 'request/answered', profileId, requestId, shown });
  // A late reply was dropped: its checks have nothing to be shown beside.
  if (requestOf(get(), profileId).shown !== shown) return;
  const carry = reply.ok ? reply.value.carried : undefined;
  await (await import('./check-shown')).checkShown(deps, profileId, context, shown, carry);
}
