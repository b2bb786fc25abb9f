/**
 * The profile editor's commands, loaded with it: Save profile (the saved profile becomes the
 * active one, with what the worker and the site-access prompt warned of), Delete profile (and
 * what follows it), Duplicate profile (a new profile with another's settings, its secret typed
 * again) and Use local sandbox (the demo values of a sandbox on 127.0.0.1:8787, which the user
 * still checks and saves). The permission prompt is the browser's: the panel starts it inside the
 * click and hands its answer in.
 */
import type { Reply, RequestOf } from '../../protocol/messages';
import type { ProfilePrefill, ProfileView } from '../../service/profile/profile-input';
import type { AppError } from '../../vocabulary/errors';
import type { CommandDeps } from '../ask';
import { loadProfiles, openNewProfile } from './profile-commands';
import { NO_SANDBOX_FILL } from './profiles-state';

type Deps = Pick<CommandDeps, 'ask' | 'dispatch' | 'get'>;

/** What the browser said to the site access a profile needs. */
export type SiteAccess = { granted: true } | { granted: false; message: string };

/**
 * Saves the profile; a refusal comes back for the form to show, and nothing else changes. On
 * success the editor closes on the saved profile, made active, and the list is read again.
 */
export async function saveProfile(
  deps: Deps,
  payload: RequestOf<'profiles/save'>,
  access: Promise<SiteAccess>,
): Promise<AppError | null> {
  const reply = await deps.ask('profiles/save', payload);
  if (!reply.ok) return reply.error;
  const warnings = [...reply.value.warnings];
  const answer = await access;
  if (!answer.granted) warnings.push({ field: 'baseUrl', message: answer.message });
  const { profile } = reply.value;
  deps.dispatch({
    type: 'profiles',
    set: {
      editor: { mode: 'closed' },
      sandbox: NO_SANDBOX_FILL,
      activeId: profile.id,
      warnings: warnings.length > 0 ? { profileId: profile.id, list: warnings } : null,
    },
  });
  await loadProfiles(deps);
  return null;
}

/** Deletes the profile: the worker's answer names the site access no other profile needs. */
export async function deleteProfile({ ask }: Deps, id: string): Promise<Reply<'profiles/delete'>> {
  return ask('profiles/delete', { id });
}

/** After a delete (and the question about site access): the editor closes, the list is read. */
export async function profileDeleted(deps: Deps): Promise<void> {
  deps.dispatch({ type: 'profiles', set: { editor: { mode: 'closed' }, warnings: null } });
  await loadProfiles(deps);
}

/** A new profile with another's settings; its secrets are typed again (the panel has none). */
export function duplicateProfile(deps: Deps, profile: ProfileView): void {
  const prefill: ProfilePrefill = {
    name: `${profile.name} (copy)`,
    authMethod: profile.authMethod,
    authUrl: profile.authUrl,
    baseUrl: profile.baseUrl,
    companyId: profile.companyId,
    clientId: profile.clientId,
    variables: profile.variables,
  };
  openNewProfile(deps, prefill);
}

/** Use local sandbox: fills New profile (a fresh form each time) with the sandbox's demo values. */
export async function fillFromSandbox(deps: Deps): Promise<void> {
  const { sandbox } = deps.get().profiles;
  deps.dispatch({ type: 'profiles', set: { sandbox: { ...sandbox, asking: true } } });
  const reply = await deps.ask('sandbox/demo', {});
  const { editor, sandbox: now } = deps.get().profiles;
  if (!reply.ok) {
    const fill = { asking: false, filled: now.filled, error: reply.error };
    deps.dispatch({ type: 'profiles', set: { sandbox: fill } });
    return;
  }
  openNewProfile(deps, reply.value.profile, editor.mode === 'new' ? editor.seq + 1 : 1);
  deps.dispatch({
    type: 'profiles',
    set: { sandbox: { asking: false, filled: true, error: null } },
  });
}
