/**
 * Export for Bruno's two questions and one answer: which profiles become `environments/` files
 * (the ones the user ticks; by default only the active profile, so a scratch profile such as
 * "Broken OAuth" is not shared by accident), and the `bru run` command that runs the export in
 * CI with the environment names it really wrote. The panel shows that command after the export,
 * docs/collections-and-formats.md prints the same form, and the e2e test runs the name it shows.
 */
import type { AuthMethod } from '../../vocabulary/terms';
import { ENVIRONMENTS_DIR } from './opencollection-format';

interface ChoosableProfile {
  id: string;
  name: string;
  authMethod: AuthMethod;
}

/** The profiles ticked when the dialog opens: the active one, if there is one. */
export function defaultExportProfiles(
  profiles: readonly ChoosableProfile[],
  activeId: string | null,
): string[] {
  const active = profiles.find((profile) => profile.id === activeId);
  return active === undefined ? [] : [active.id];
}

/**
 * The profiles whose environments an export writes: the ones chosen, in their saved order. With
 * no choice (Connect folder's writes), those of the collection's auth method, or else the active.
 */
export function environmentProfiles<P extends ChoosableProfile>(
  profiles: readonly P[],
  method: AuthMethod,
  activeId: string | null,
  chosen?: readonly string[],
): P[] {
  if (chosen !== undefined) return profiles.filter((profile) => chosen.includes(profile.id));
  const matching = profiles.filter((profile) => profile.authMethod === method);
  if (matching.length > 0) return matching;
  const active = profiles.find((profile) => profile.id === activeId) ?? profiles[0];
  return active === undefined ? [] : [active];
}

/**
 * The profiles offered: those of the collection's auth method first (their environments run it),
 * then the others, each group in the saved order.
 */
export function offeredExportProfiles<P extends ChoosableProfile>(
  profiles: readonly P[],
  method: AuthMethod,
): P[] {
  return [
    ...profiles.filter((profile) => profile.authMethod === method),
    ...profiles.filter((profile) => profile.authMethod !== method),
  ];
}

/** The environment names an export wrote (its `environments/<name>.yml` files), in order. */
export function exportedEnvironments(files: readonly { path: string }[]): string[] {
  const prefix = `${ENVIRONMENTS_DIR}/`;
  return files
    .filter(({ path }) => path.startsWith(prefix) && path.endsWith('.yml'))
    .map(({ path }) => path.slice(prefix.length, -'.yml'.length));
}

/** A word the shell takes as it is, else the word in single quotes. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_.,:@%+=/-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The command a CI job runs inside the unzipped folder, with Bruno's CLI installed in the
 * repository (`npm install --save-dev @usebruno/cli@4`): `npx bru` then runs that copy and
 * downloads nothing. The secret comes from the job's own secret store. Null without environment.
 */
export function bruRunCommand(environment: string | null, method: AuthMethod): string | null {
  if (environment === null) return null;
  const secret =
    method === 'apiKey' ? 'apiKey="$PARTNER_API_KEY"' : 'clientSecret="$PARTNER_CLIENT_SECRET"';
  return `npx bru run --env ${shellWord(environment)} --env-var ${secret} --reporter-junit results.xml`;
}
