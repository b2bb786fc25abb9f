/**
 * Creates or edits a profile (in a dialog, or on the first-run page). Secrets typed here go to the
 * worker once; afterwards the form shows only the masked view the worker sends back, and the
 * secret inputs are emptied. Deleting asks in the panel, never with the browser's confirm().
 * What the user types is one local state object; saving, deleting, duplicating and closing are
 * the workspace's commands (src/workspace/profiles/), which the store's profiles slice answers.
 */
import { useId, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { profileSavePayload } from '../../../src/protocol/profile-save-payload';
import { withoutTokenPath } from '../../../src/service/profile/auth-url-path';
import type { ProfilePrefill, ProfileView } from '../../../src/service/profile/profile-input';
import type { ProfileFields } from '../../../src/service/profile/profile-limits';
import { originMoves } from '../../../src/service/profile/secret-origin';
import { originPatternsToRequest } from '../../../src/service/wire/url-rules';
import type { AppError } from '../../../src/vocabulary/errors';
import type { AuthMethod } from '../../../src/vocabulary/terms';
import { closeProfileEditor } from '../../../src/workspace/profiles/profile-commands';
import {
  deleteProfile,
  duplicateProfile,
  profileDeleted,
  saveProfile,
} from '../../../src/workspace/profiles/profile-editor-commands';
import { deps } from '../state/workspace';
import { Confirm } from '../ui/Confirm';
import { ErrorNotice } from '../ui/ErrorNotice';
import { Field } from '../ui/Field';
import { KeyValueTable } from '../ui/KeyValueTable';
import { ProfileCredentials } from './ProfileCredentials';
import { SecretOriginQuestion } from './SecretOriginQuestion';
import { giveBackSiteAccess, panelCanChangeSiteAccess, requestSiteAccess } from './site-access';
import { TokenPathNotice } from './TokenPathNotice';

interface Props {
  initial: ProfileView | null;
  /** Values to start a new profile with ("Use local sandbox", "New profile from this API"). */
  prefill?: ProfilePrefill | null;
  /** In the New or Edit profile dialog (Cancel, and the name field first), or on the first-run page. */
  inDialog: boolean;
}

/** What the form holds while it is typed in: the settings, the secrets typed, and the question. */
interface Typed extends ProfileFields {
  apiKey: string;
  clientSecret: string;
  /** The answer to "Send the saved secret to the new address" (SecretOriginQuestion). */
  keepSecret: boolean;
}

/** Saving, the last error, and the question asked in the panel (delete, then site access). */
interface Step {
  saving: boolean;
  error: AppError | null;
  asking: { kind: 'none' } | { kind: 'delete' } | { kind: 'revoke'; origins: string[]; id: string };
}

const NO_SECRETS = { apiKey: null, clientSecret: null };
const IDLE: Step = { saving: false, error: null, asking: { kind: 'none' } };

const METHOD_LABELS: Record<AuthMethod, string> = {
  apiKey: 'API key',
  oauthBasic: 'OAuth (Basic header)',
  oauthBody: 'OAuth (form body)',
};

function typedAtStart(initial: ProfileView | null, prefill: ProfilePrefill | null): Typed {
  const start = initial ?? prefill ?? null;
  return {
    name: start?.name ?? '',
    authUrl: start?.authUrl ?? '',
    baseUrl: start?.baseUrl ?? '',
    companyId: start?.companyId ?? '',
    authMethod: initial?.authMethod ?? prefill?.authMethod ?? 'apiKey',
    clientId: start?.clientId ?? '',
    formEncodeCredentials: initial?.formEncodeCredentials ?? false,
    variables: initial?.variables ?? prefill?.variables ?? [],
    apiKey: prefill?.apiKey ?? '',
    clientSecret: prefill?.clientSecret ?? '',
    keepSecret: false,
  };
}

export function ProfileEditor({ initial, prefill = null, inDialog }: Props) {
  // One form state: the fields as typed, and the step under way (saving, asking, a refusal).
  const [{ typed, step }, setForm] = useState(() => ({
    typed: typedAtStart(initial, prefill),
    step: IDLE,
  }));
  const type = (change: Partial<Typed>) =>
    setForm((last) => ({ ...last, typed: { ...last.typed, ...change } }));
  const setStep = (next: Step | ((last: Step) => Step)) =>
    setForm((last) => ({ ...last, step: typeof next === 'function' ? next(last.step) : next }));
  const { apiKey, clientSecret, keepSecret, ...settings } = typed;
  const { name, authUrl, baseUrl, companyId, authMethod, clientId, variables } = settings;
  const { error, saving, asking } = step;
  /** The Auth URL without a pasted token path, when it has one (the panel adds that path). */
  const withoutPath = withoutTokenPath(authUrl);
  const oauth = authMethod !== 'apiKey';
  // A saved secret left empty would follow a URL moved to another origin: ask (default: no).
  const savedSecret = oauth ? initial?.secrets.clientSecret : initial?.secrets.apiKey;
  const typedSecret = oauth ? clientSecret : apiKey;
  const [move] = initial && savedSecret && typedSecret === '' ? originMoves(initial, settings) : [];
  const nameField = useRef<HTMLInputElement>(null);
  const id = useId();
  // In a dialog (new or edit alike) the name comes first; the editor may load after it opened.
  // In the task that mounts it: focus moved a frame later (an effect) would pull away whatever
  // field the user (or a test) already reached, and their typing with it.
  useLayoutEffect(() => {
    if (inDialog) nameField.current?.focus();
  }, []);

  async function save(event: Event) {
    event.preventDefault();
    // A field too long for the message is named, and nothing is asked or sent.
    const built = profileSavePayload(
      initial?.id ?? null,
      settings,
      oauth ? { clientSecret } : { apiKey },
      move !== undefined && keepSecret,
    );
    if (!built.ok) {
      setStep({ ...step, error: built.error });
      return;
    }
    // The permission prompt must start inside the click, before anything is awaited.
    const permission = requestSiteAccess(
      originPatternsToRequest(oauth ? [authUrl, baseUrl] : [baseUrl]),
    );
    setStep({ ...step, saving: true });
    const refused = await saveProfile(deps, built.value, permission);
    setStep((last) => ({ ...last, saving: false, error: refused }));
    if (refused === null) type({ keepSecret: false, apiKey: '', clientSecret: '' });
  }

  async function remove() {
    if (initial === null) return;
    setStep({ ...step, asking: { kind: 'none' } });
    const reply = await deleteProfile(deps, initial.id);
    if (!reply.ok) return setStep((last) => ({ ...last, error: reply.error }));
    const { id, unusedOrigins } = reply.value;
    // Least privilege: offer to give back the site access no other profile needs (where the
    // panel can: Firefox's DevTools panel cannot, docs/firefox.md).
    if (unusedOrigins.length > 0 && panelCanChangeSiteAccess())
      setStep((last) => ({ ...last, asking: { kind: 'revoke', origins: unusedOrigins, id } }));
    else await profileDeleted(deps);
  }

  async function revoke(origins: string[], yes: boolean) {
    setStep({ ...step, asking: { kind: 'none' } });
    if (yes) await giveBackSiteAccess(origins);
    await profileDeleted(deps);
  }

  return (
    <form class="editor" onSubmit={save} aria-label="Profile editor" autoComplete="off">
      <Field id={`${id}-profile-name`} label="Profile name">
        <input
          autoComplete="off"
          id={`${id}-profile-name`}
          ref={nameField}
          value={name}
          onInput={(e) => type({ name: e.currentTarget.value })}
          required
        />
      </Field>
      <Field id={`${id}-auth-method`} label="Auth method">
        <select
          id={`${id}-auth-method`}
          value={authMethod}
          onChange={(e) => type({ authMethod: e.currentTarget.value as AuthMethod })}
        >
          {Object.entries(METHOD_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      {oauth && (
        <Field id={`${id}-auth-url`} label="Auth URL">
          <input
            autoComplete="off"
            id={`${id}-auth-url`}
            type="text"
            inputMode="url"
            placeholder="https://auth.example.com"
            value={authUrl}
            aria-describedby={withoutPath === null ? undefined : `${id}-auth-url-path`}
            onInput={(e) => type({ authUrl: e.currentTarget.value })}
          />
          {withoutPath !== null && (
            <TokenPathNotice
              id={`${id}-auth-url-path`}
              fixed={withoutPath}
              onUse={() => type({ authUrl: withoutPath })}
            />
          )}
        </Field>
      )}
      <Field id={`${id}-base-url`} label="Base URL">
        <input
          autoComplete="off"
          id={`${id}-base-url`}
          type="text"
          inputMode="url"
          placeholder="https://sandbox.example.com"
          value={baseUrl}
          onInput={(e) => type({ baseUrl: e.currentTarget.value })}
        />
      </Field>
      <Field id={`${id}-company-id`} label="Company ID">
        <input
          autoComplete="off"
          id={`${id}-company-id`}
          placeholder="00000000-0000-0000-0000-000000000000"
          value={companyId}
          onInput={(e) => type({ companyId: e.currentTarget.value })}
        />
      </Field>
      <ProfileCredentials
        authMethod={authMethod}
        saved={initial?.secrets ?? NO_SECRETS}
        clientId={clientId}
        onClientId={(value) => type({ clientId: value })}
        clientSecret={clientSecret}
        onClientSecret={(value) => type({ clientSecret: value })}
        formEncode={settings.formEncodeCredentials}
        onFormEncode={(on) => type({ formEncodeCredentials: on })}
        apiKey={apiKey}
        onApiKey={(value) => type({ apiKey: value })}
      />
      {move && (
        <SecretOriginQuestion
          move={move}
          secretLabel={oauth ? 'client secret' : 'API key'}
          keep={keepSecret}
          onKeep={(keep) => type({ keepSecret: keep })}
        />
      )}
      <details open={variables.length > 0}>
        <summary>Variables ({variables.length})</summary>
        <p class="muted">
          Use them as {'{{name}}'} in the path, query, headers and body. companyId and baseUrl are
          always defined. Not for secrets: variables are not protected like the fields above.
        </p>
        <KeyValueTable
          noun="Variable"
          rows={variables}
          onChange={(rows) => type({ variables: rows })}
        />
      </details>
      {error && <ErrorNotice error={error} />}
      <div class="actions">
        <button type="submit" class="primary" disabled={saving}>
          Save profile
        </button>
        {inDialog && (
          <button type="button" onClick={() => closeProfileEditor(deps)}>
            Cancel
          </button>
        )}
        {initial && (
          <button type="button" onClick={() => duplicateProfile(deps, initial)}>
            Duplicate profile
          </button>
        )}
        {initial && (
          <button
            type="button"
            class="danger"
            onClick={() => setStep({ ...step, asking: { kind: 'delete' } })}
          >
            Delete profile
          </button>
        )}
      </div>
      {asking.kind === 'delete' && initial && (
        <Confirm
          title="Delete profile"
          confirm="Delete profile"
          danger
          onConfirm={() => void remove()}
          onCancel={() => setStep({ ...step, asking: { kind: 'none' } })}
        >
          <p>
            Delete the profile “{initial.name}”, its stored secrets, its history and its draft?
            Collections stay.
          </p>
        </Confirm>
      )}
      {asking.kind === 'revoke' && (
        <Confirm
          title="Revoke site access"
          confirm="Revoke access"
          onConfirm={() => void revoke(asking.origins, true)}
          onCancel={() => void revoke(asking.origins, false)}
        >
          <p>
            No other profile uses {asking.origins.join(', ')}. Also revoke the extension’s access to{' '}
            {asking.origins.length === 1 ? 'it' : 'them'}?
          </p>
        </Confirm>
      )}
    </form>
  );
}
