/**
 * Creates or edits a profile (in a dialog, or on the first-run page). Secrets typed here go to the
 * worker once; afterwards the form shows only the masked view the worker sends back, and the
 * secret inputs are emptied. Deleting asks in the panel, never with the browser's confirm().
 */
import { useId, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { profileSavePayload } from '../../../src/protocol/profile-save-payload';
import { withoutTokenPath } from '../../../src/service/profile/auth-url-path';
import type {
  ProfilePrefill,
  ProfileView,
  Warning,
} from '../../../src/service/profile/profile-input';
import { originMoves } from '../../../src/service/profile/secret-origin';
import { originPatternsToRequest } from '../../../src/service/wire/url-rules';
import type { AppError } from '../../../src/vocabulary/errors';
import type { AuthMethod, NameValue } from '../../../src/vocabulary/terms';
import { newProfile } from '../state/profile-intents';
import { ask } from '../state/worker-client';
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
  onSaved: (profile: ProfileView, warnings: Warning[]) => void;
  onCancel: (() => void) | null;
  onDeleted: (id: string) => void;
}

type Asking =
  | { kind: 'none' }
  | { kind: 'delete' }
  | { kind: 'revoke'; origins: string[]; id: string };

const NO_SECRETS = { apiKey: null, clientSecret: null };

const METHOD_LABELS: Record<AuthMethod, string> = {
  apiKey: 'API key',
  oauthBasic: 'OAuth (Basic header)',
  oauthBody: 'OAuth (form body)',
};

/** A new profile with another's settings; its secrets are typed again (the panel has none). */
function duplicateOf(profile: ProfileView): ProfilePrefill {
  return {
    name: `${profile.name} (copy)`,
    authMethod: profile.authMethod,
    authUrl: profile.authUrl,
    baseUrl: profile.baseUrl,
    companyId: profile.companyId,
    clientId: profile.clientId,
    variables: profile.variables,
  };
}

export function ProfileEditor({ initial, prefill, onSaved, onCancel, onDeleted }: Props) {
  const start = initial ?? prefill ?? null;
  const [name, setName] = useState(start?.name ?? '');
  const [authUrl, setAuthUrl] = useState(start?.authUrl ?? '');
  /** The Auth URL without a pasted token path, when it has one (the panel adds that path). */
  const withoutPath = withoutTokenPath(authUrl);
  const [baseUrl, setBaseUrl] = useState(start?.baseUrl ?? '');
  const [companyId, setCompanyId] = useState(start?.companyId ?? '');
  const [authMethod, setAuthMethod] = useState<AuthMethod>(
    initial?.authMethod ?? prefill?.authMethod ?? 'apiKey',
  );
  const [clientId, setClientId] = useState(start?.clientId ?? '');
  const [formEncode, setFormEncode] = useState(initial?.formEncodeCredentials ?? false);
  const [variables, setVariables] = useState<NameValue[]>(
    initial?.variables ?? prefill?.variables ?? [],
  );
  const [apiKey, setApiKey] = useState(prefill?.apiKey ?? '');
  const [clientSecret, setClientSecret] = useState(prefill?.clientSecret ?? '');
  const [error, setError] = useState<AppError | null>(null);
  const [saving, setSaving] = useState(false);
  const [asking, setAsking] = useState<Asking>({ kind: 'none' });
  const [keepSecret, setKeepSecret] = useState(false);
  const oauth = authMethod !== 'apiKey';
  const settings = {
    name,
    authUrl,
    baseUrl,
    companyId,
    authMethod,
    clientId,
    formEncodeCredentials: formEncode,
    variables,
  };
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
    if (onCancel !== null) nameField.current?.focus();
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
      setError(built.error);
      return;
    }
    // The permission prompt must start inside the click, before anything is awaited.
    const permission = requestSiteAccess(
      originPatternsToRequest(oauth ? [authUrl, baseUrl] : [baseUrl]),
    );
    setSaving(true);
    const reply = await ask('profiles/save', built.value);
    setSaving(false);
    if (!reply.ok) {
      setError(reply.error);
      return;
    }
    setError(null);
    setKeepSecret(false);
    setApiKey('');
    setClientSecret('');
    const warnings = [...reply.value.warnings];
    const access = await permission;
    if (!access.granted) warnings.push({ field: 'baseUrl', message: access.message });
    onSaved(reply.value.profile, warnings);
  }

  async function remove() {
    if (initial === null) return;
    setAsking({ kind: 'none' });
    const reply = await ask('profiles/delete', { id: initial.id });
    if (!reply.ok) return setError(reply.error);
    const { id, unusedOrigins } = reply.value;
    // Least privilege: offer to give back the site access no other profile needs (where the
    // panel can: Firefox's DevTools panel cannot, docs/firefox.md).
    if (unusedOrigins.length > 0 && panelCanChangeSiteAccess())
      setAsking({ kind: 'revoke', origins: unusedOrigins, id });
    else onDeleted(id);
  }

  async function revoke(origins: string[], id: string, yes: boolean) {
    setAsking({ kind: 'none' });
    if (yes) await giveBackSiteAccess(origins);
    onDeleted(id);
  }

  return (
    <form class="editor" onSubmit={save} aria-label="Profile editor" autoComplete="off">
      <Field id={`${id}-profile-name`} label="Profile name">
        <input
          autoComplete="off"
          id={`${id}-profile-name`}
          ref={nameField}
          value={name}
          onInput={(e) => setName(e.currentTarget.value)}
          required
        />
      </Field>
      <Field id={`${id}-auth-method`} label="Auth method">
        <select
          id={`${id}-auth-method`}
          value={authMethod}
          onChange={(e) => setAuthMethod(e.currentTarget.value as AuthMethod)}
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
            onInput={(e) => setAuthUrl(e.currentTarget.value)}
          />
          {withoutPath !== null && (
            <TokenPathNotice
              id={`${id}-auth-url-path`}
              fixed={withoutPath}
              onUse={() => setAuthUrl(withoutPath)}
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
          onInput={(e) => setBaseUrl(e.currentTarget.value)}
        />
      </Field>
      <Field id={`${id}-company-id`} label="Company ID">
        <input
          autoComplete="off"
          id={`${id}-company-id`}
          placeholder="00000000-0000-0000-0000-000000000000"
          value={companyId}
          onInput={(e) => setCompanyId(e.currentTarget.value)}
        />
      </Field>
      <ProfileCredentials
        authMethod={authMethod}
        saved={initial?.secrets ?? NO_SECRETS}
        clientId={clientId}
        onClientId={setClientId}
        clientSecret={clientSecret}
        onClientSecret={setClientSecret}
        formEncode={formEncode}
        onFormEncode={setFormEncode}
        apiKey={apiKey}
        onApiKey={setApiKey}
      />
      {move && (
        <SecretOriginQuestion
          move={move}
          secretLabel={oauth ? 'client secret' : 'API key'}
          keep={keepSecret}
          onKeep={setKeepSecret}
        />
      )}
      <details open={variables.length > 0}>
        <summary>Variables ({variables.length})</summary>
        <p class="muted">
          Use them as {'{{name}}'} in the path, query, headers and body. companyId and baseUrl are
          always defined. Not for secrets: variables are not protected like the fields above.
        </p>
        <KeyValueTable noun="Variable" rows={variables} onChange={setVariables} />
      </details>
      {error && <ErrorNotice error={error} />}
      <div class="actions">
        <button type="submit" class="primary" disabled={saving}>
          Save profile
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
        {initial && (
          <button type="button" onClick={() => newProfile(duplicateOf(initial))}>
            Duplicate profile
          </button>
        )}
        {initial && (
          <button type="button" class="danger" onClick={() => setAsking({ kind: 'delete' })}>
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
          onCancel={() => setAsking({ kind: 'none' })}
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
          onConfirm={() => void revoke(asking.origins, asking.id, true)}
          onCancel={() => void revoke(asking.origins, asking.id, false)}
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
