/**
 * The values each profile carries from an answer to later calls: taken after each call that has
 * answer variables (see send-request.ts), listed and cleared by `variables/*`. Kept
 * in `storage.session` (memory only: gone when the browser closes), by profile. The rules (no
 * setting's or secret's name, no value holding a secret) are src/checks/carried-values.ts; the
 * secrets they are checked against are the worker's own. Each change is told to open panels (a
 * run carries values while the Tests tab shows them). Locking drops them all (lock.ts): a value may
 * hold a token in a form the carry check does not look for (base64), which only the redaction of
 * held tokens masked, and the lock forgets the tokens.
 */
import * as v from 'valibot';
import { takeValues } from '../../../src/checks/answer-checks';
import { carryValues } from '../../../src/checks/carried-values';
import type { AnswerVariable } from '../../../src/collections/model';
import type { CarryReply } from '../../../src/protocol/messages';
import type { Handlers } from '../../../src/protocol/router';
import type { HttpExchange } from '../../../src/service/call/execute';
import { ok } from '../../../src/vocabulary/errors';
import { createSerialQueue } from '../../../src/vocabulary/serial-queue';
import type { NameValue } from '../../../src/vocabulary/terms';
import { tell } from '../events';
import { readSession, writeSession } from '../stores/session-store';

const CarriedSchema = v.record(
  v.string(),
  v.array(v.strictObject({ name: v.string(), value: v.string() })),
);

/** Our own memory-only data: a damaged store starts afresh. */
async function loadAll(): Promise<Record<string, NameValue[]>> {
  const stored = await readSession('carried');
  return v.is(CarriedSchema, stored) ? { ...stored } : {};
}

/** The values `profileId` carries now. */
export async function loadCarried(profileId: string): Promise<NameValue[]> {
  return (await loadAll())[profileId] ?? [];
}

/** One change at a time: a run carrying values step after step must not lose one. */
const inTurn = createSerialQueue();

/**
 * A run carries values at every step, tens of times a second: open panels hear each profile's
 * latest values at most every TELL_EVERY_MS (each event is masked, sent and rendered, which would
 * otherwise slow the run down). A clear is told at once.
 */
const TELL_EVERY_MS = 250;
const untold = new Map<string, NameValue[]>();
let telling: ReturnType<typeof setTimeout> | null = null;

function tellSoon(profileId: string, values: NameValue[]): void {
  untold.set(profileId, values);
  if (telling !== null) return;
  telling = setTimeout(() => {
    telling = null;
    for (const [id, latest] of untold) tell({ kind: 'carried', profileId: id, values: latest });
    untold.clear();
  }, TELL_EVERY_MS);
}

export const listCarried: Handlers['variables/carried'] = async ({ profileId }) =>
  ok({ values: await loadCarried(profileId) });

/**
 * Takes a call's answer variables from its answer and keeps them for the profile's later calls:
 * before the call's answer goes back, so the next call (a run's next step) resolves with them.
 * `secrets`: every secret the worker holds (allSecrets), which the caller has read already.
 */
export async function carryFromAnswer(
  profileId: string,
  variables: readonly AnswerVariable[],
  answer: HttpExchange,
  secrets: readonly string[],
): Promise<CarryReply> {
  const taken = takeValues(variables, answer).flatMap(({ name, value }) =>
    value === null ? [] : [{ name, value }],
  );
  return inTurn(async () => {
    const all = await loadAll();
    const result = carryValues(all[profileId] ?? [], taken, secrets);
    if (taken.length > result.refused.length) {
      // Not awaited: the session store's mirror has the values at once, so the next call resolves
      // with them; waiting for storage itself would add its round trip to every step of a run.
      writeSession({ carried: { ...all, [profileId]: result.values } }).then(
        () => tellSoon(profileId, result.values),
        () => {
          // storage.session refused them: the mirror forgot them too, so the next call reads what
          // storage has. The call they came from has its answer; the panel shows what is carried.
        },
      );
    }
    return result;
  });
}

export const clearCarried: Handlers['variables/clear'] = async ({ profileId }) =>
  inTurn(async () => {
    const { [profileId]: _cleared, ...others } = await loadAll();
    await writeSession({ carried: others });
    untold.delete(profileId);
    tell({ kind: 'carried', profileId, values: [] });
    return ok({ values: [] });
  });

/**
 * Drops every profile's carried values and tells the open panels (the lock forgets the tokens a
 * value may have been derived from, so nothing could mask such a value any more).
 */
export function forgetAllCarried(): Promise<void> {
  return inTurn(async () => {
    const all = await loadAll();
    await writeSession({ carried: {} });
    untold.clear();
    for (const profileId of Object.keys(all)) tell({ kind: 'carried', profileId, values: [] });
  });
}
