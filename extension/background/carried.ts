/**
 * Handlers for `variables/*`: the values each profile carries from an answer to later calls. Kept
 * in `storage.session` (memory only: gone when the browser closes), by profile. The rules (no
 * setting's or secret's name, no value holding a secret) are src/checks/carried-values.ts; the
 * secrets they are checked against are the worker's own.
 */
import * as v from 'valibot';
import { carryValues } from '../../src/checks/carried-values';
import type { Handlers } from '../../src/protocol/router';
import { ok } from '../../src/vocabulary/errors';
import { createSerialQueue } from '../../src/vocabulary/serial-queue';
import type { NameValue } from '../../src/vocabulary/terms';
import { profileSecrets } from './known-secrets';
import { readSession, writeSession } from './session-store';
import { findProfile } from './storage';

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

export const listCarried: Handlers['variables/carried'] = async ({ profileId }) =>
  ok({ values: await loadCarried(profileId) });

export const carry: Handlers['variables/carry'] = async ({ profileId, values }) => {
  const found = await findProfile(profileId);
  if (!found.ok) return found;
  const secrets = await profileSecrets(profileId);
  return inTurn(async () => {
    const all = await loadAll();
    const result = carryValues(all[profileId] ?? [], values, secrets);
    await writeSession({ carried: { ...all, [profileId]: result.values } });
    return ok(result);
  });
};

export const clearCarried: Handlers['variables/clear'] = async ({ profileId }) =>
  inTurn(async () => {
    const { [profileId]: _cleared, ...others } = await loadAll();
    await writeSession({ carried: others });
    return ok({ values: [] });
  });
