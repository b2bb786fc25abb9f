/**
 * The request pane: the request line (always in view), the actions on the composed call (save,
 * import cURL, copy as cURL), and the tabs Params, Headers, Body and Auth. The pane scrolls inside
 * its tab, never as a whole page.
 */
import type { ComponentChildren } from 'preact';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import type { RequestTab } from '../../../src/service/profile/ui-prefs';
import type { NameValue } from '../../../src/vocabulary/terms';
import { Confirm } from '../ui/Confirm';
import { ErrorNotice } from '../ui/ErrorNotice';
import { lazyComponent } from '../ui/lazy';
import { type TabItem, Tabs } from '../ui/Tabs';
import { BodyTab } from './BodyTab';
import { HeadersTab } from './HeadersTab';
import { ParamsTab } from './ParamsTab';
import { RequestLine } from './RequestLine';
import './request.css';
import type { RequestState } from '../state/use-request';
import type { TokenState } from '../state/use-token';
import { CopyAsMenu } from './CopyAsMenu';
import { type CopyAs, LANGUAGE_NAMES } from './use-copy-as';

const AuthTab = lazyComponent(
  () => import('./AuthTab').then((module) => module.AuthTab),
  <p class="muted">Loading the token tools…</p>,
);

interface Props {
  profile: ProfileView;
  /** The shared variables of the collection the draft was opened from. */
  shared: readonly NameValue[];
  request: RequestState;
  token: TokenState | null;
  tab: RequestTab;
  onTab: (tab: RequestTab) => void;
  copyAs: CopyAs;
  /** The actions row: save, import, and what belongs to the saved request being edited. */
  actions: ComponentChildren;
  /** Notes about the draft (a cURL import's notes), shown above the tabs. */
  notes: ComponentChildren;
}

function ApiKeyAuth({ profile }: { profile: ProfileView }) {
  return (
    <div class="auth-tab">
      <p>
        Every call carries the profile’s API key in <code>x-apikey</code> (
        <code>{profile.secrets.apiKey ?? 'none saved yet: Edit profile'}</code>) and its company in{' '}
        <code>companyId</code>. There is no token to get.
      </p>
      <p class="muted">
        The spec advises against API keys in web or mobile apps, where the key would sit in the
        app’s code: use them from servers, with the key kept in a secret vault.
      </p>
    </div>
  );
}

export function RequestPane(props: Props) {
  const { profile, request, token, tab, onTab, copyAs } = props;
  const { draft, setDraft } = request;
  const tabs: TabItem<RequestTab>[] = [
    { id: 'params', label: 'Params', badge: draft.query.length || undefined },
    { id: 'headers', label: 'Headers', badge: 3 + draft.headers.length },
    { id: 'body', label: 'Body', badge: draft.body.trim() === '' ? undefined : '•' },
    { id: 'auth', label: 'Auth' },
  ];
  return (
    <section class="pane request-pane" aria-label="Request">
      <RequestLine
        profile={profile}
        draft={draft}
        shared={props.shared}
        onChange={setDraft}
        sending={request.sending}
        onSend={() => void request.send()}
        onCancel={() => void request.cancel()}
      />
      <div class="request-actions row">
        {props.actions}
        <button type="button" onClick={() => void copyAs.copy('curl', 'variables')}>
          Copy as cURL
        </button>
        <button
          type="button"
          aria-label="Copy as cURL with secrets"
          title="Copy as cURL with the secret in clear text (asks first)"
          onClick={() => copyAs.askForSecrets('curl')}
        >
          cURL with secrets
        </button>
        <CopyAsMenu copyAs={copyAs} />
        <span role="status" class="muted">
          {copyAs.status}
        </span>
      </div>
      <div class="request-notes">
        {copyAs.error && <ErrorNotice error={copyAs.error} />}
        {request.draftNotKept !== null && (
          <p class="notice notice-warn" role="status">
            This draft is not kept if the panel is closed: {request.draftNotKept}
          </p>
        )}
        {copyAs.shown !== null && (
          <div class="copied">
            <section
              aria-label={
                copyAs.shown.language === 'curl'
                  ? 'cURL command'
                  : `${LANGUAGE_NAMES[copyAs.shown.language]} code`
              }
            >
              <pre class="body">{copyAs.shown.code}</pre>
            </section>
            <button type="button" class="link" onClick={copyAs.hide}>
              Hide code
            </button>
          </div>
        )}
        {props.notes}
      </div>
      <Tabs label="Request" tabs={tabs} selected={tab} onSelect={onTab}>
        {tab === 'params' && (
          <ParamsTab rows={draft.query} onChange={(query) => setDraft({ ...draft, query })} />
        )}
        {tab === 'headers' && (
          <HeadersTab
            profile={profile}
            rows={draft.headers}
            onChange={(headers) => setDraft({ ...draft, headers })}
          />
        )}
        {tab === 'body' && (
          <BodyTab
            method={draft.method}
            body={draft.body}
            onChange={(body) => setDraft({ ...draft, body })}
          />
        )}
        {tab === 'auth' &&
          (token === null ? (
            <ApiKeyAuth profile={profile} />
          ) : (
            <AuthTab profile={profile} token={token} />
          ))}
      </Tabs>
      {copyAs.confirming !== null && (
        <Confirm
          title={`Copy as ${LANGUAGE_NAMES[copyAs.confirming]} with secrets`}
          confirm={`Copy with the ${copyAs.secret}`}
          onConfirm={() => copyAs.confirming && void copyAs.copy(copyAs.confirming, 'values')}
          onCancel={copyAs.cancelSecrets}
        >
          <p>
            The code will contain the {copyAs.secret} in clear text. Anyone who sees it can call the
            API as you: paste it only where you would paste the {copyAs.secret} itself.
          </p>
        </Confirm>
      )}
    </section>
  );
}
