/**
 * "Use local sandbox": the demo profile of the sandbox emulator on its default address, read from
 * its control API (`GET /__sandbox/demo-profile`). The values are the sandbox's own demo
 * credentials, which open nothing but the emulator; the user still saves the profile.
 */
import * as v from 'valibot';
import { fail, ok, type Result } from '../../vocabulary/errors';
import { ShortTextSchema } from '../../vocabulary/schemas';

export const LOCAL_SANDBOX_URL = 'http://127.0.0.1:8787';
export const DEMO_PROFILE_PATH = '/__sandbox/demo-profile';

const DemoProfileSchema = v.object({
  name: ShortTextSchema,
  authUrl: ShortTextSchema,
  baseUrl: ShortTextSchema,
  companyId: ShortTextSchema,
  apiKey: ShortTextSchema,
  clientId: ShortTextSchema,
  clientSecret: ShortTextSchema,
});
export type DemoProfile = v.InferOutput<typeof DemoProfileSchema>;

const NO_SANDBOX_HINT =
  'Start it with `npm run sandbox` (or `npm start`) in the project folder, then press Use local sandbox again; or fill in the profile by hand.';

/** Reads the answer of the demo-profile endpoint; `null` body means nothing answered. */
export function readDemoProfile(status: number | null, bodyText: string): Result<DemoProfile> {
  if (status === null) {
    return fail(
      'server_unreachable',
      `No sandbox answers at ${LOCAL_SANDBOX_URL}.`,
      NO_SANDBOX_HINT,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    json = undefined;
  }
  const parsed = v.safeParse(DemoProfileSchema, json);
  if (status !== 200 || !parsed.success) {
    return fail(
      'invalid_request',
      `Something answers at ${LOCAL_SANDBOX_URL}, but not the sandbox's demo profile (HTTP ${status}).`,
      `Another program may use port 8787: stop it, or start the sandbox on another port (npm run sandbox -- --port 8788) and fill in the profile by hand. ${NO_SANDBOX_HINT}`,
    );
  }
  // Only what the schema names, so a changed sandbox cannot slip extra data into the editor.
  return ok(parsed.output);
}
