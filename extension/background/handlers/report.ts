/**
 * Handler for `report/redact`: the support report the panel built, with every secret the worker
 * holds (API keys, client secrets, Basic values, tokens) masked in any encoding, and how many
 * places were masked, so that the panel's preview can say so before anything is copied or saved.
 *
 * While the lock holds the secrets the report is refused, saying to unlock first: the report
 * carries what the user typed (path, query, headers) and what the server sent back (fault string,
 * headers), and only the sealed API keys and client secrets can prove none of them is in it.
 */
import type { Handlers } from '../../../src/protocol/router';
import { redactReport } from '../../../src/service/call/support-report';
import { fail, ok } from '../../../src/vocabulary/errors';
import { fullRedactor } from '../stores/known-secrets';
import { StorageError } from '../stores/storage';

export const redactSupportReport: Handlers['report/redact'] = async ({ text }) => {
  try {
    return ok(redactReport(await fullRedactor(), text));
  } catch (error) {
    if (!(error instanceof StorageError) || error.appError.code !== 'vault_locked') throw error;
    return fail(
      'vault_locked',
      'The saved secrets are locked, and a support report is first checked against them so that no API key, client secret or token is in it. Nothing was copied or saved.',
      'Unlock with your passphrase (the banner under the toolbar), then press Preview support report again.',
    );
  }
};
