/**
 * Handler for `sandbox/demo` ("Use local sandbox" on first run): asks a sandbox on its default
 * loopback address for its demo profile. Loopback is in the manifest's host permissions, so this
 * needs no prompt; a quiet port answers at once with a refused connection.
 */
import type { Handlers } from '../../../src/protocol/router';
import {
  DEMO_PROFILE_PATH,
  LOCAL_SANDBOX_URL,
  readDemoProfile,
} from '../../../src/service/profile/sandbox-demo';
import { ok } from '../../../src/vocabulary/errors';

const TIMEOUT_MS = 3_000;

export const askSandboxDemo: Handlers['sandbox/demo'] = async () => {
  let status: number | null = null;
  let bodyText = '';
  try {
    const response = await fetch(`${LOCAL_SANDBOX_URL}${DEMO_PROFILE_PATH}`, {
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = response.status;
    bodyText = await response.text();
  } catch {
    // Refused, reset or timed out: nothing (usable) answers there, which readDemoProfile says.
    status = null;
  }
  const read = readDemoProfile(status, bodyText);
  return read.ok ? ok({ profile: read.value }) : read;
};
