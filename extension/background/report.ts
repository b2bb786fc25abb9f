/**
 * Handler for `report/redact`: the support report the panel built, with every secret the worker
 * holds (API keys, client secrets, Basic values, tokens) masked in any encoding, and how many
 * places were masked, so that the panel's preview can say so before anything is copied or saved.
 * Refuses with `vault_locked` while the lock holds the secrets: a report it could not check is
 * not handed out.
 */
import type { Handlers } from '../../src/protocol/router';
import { redactReport } from '../../src/service/call/support-report';
import { ok } from '../../src/vocabulary/errors';
import { fullRedactor } from './known-secrets';

export const redactSupportReport: Handlers['report/redact'] = async ({ text }) =>
  ok(redactReport(await fullRedactor(), text));
