/**
 * The request pane under the request bar: notes on the draft (copied code, how it came in) and
 * the tabs Params, Headers, Body, Auth and Tests, read from the store (the composer's request
 * slice, the token, the layout preferences). The pane scrolls inside its tab, never as a
 * whole page.
 */
import { splitPathQuery } from '../../../src/collections/path-query';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import type { RequestTab } from '../../../src/vocabulary/ui-prefs';
import { ErrorNotice } from '../ui/ErrorNotice';
import { lazyComponent } from '../ui/lazy';
import { type TabItem, Tabs } from '../ui/Tabs';
import { ParamsTab } from './ParamsTab';
import './request.css';
import { useStore } from '../state/store';
import { useChecks } from '../state/use-checks';
import { useRequest } from '../state/use-request';
import { useToken } from '../state/use-token';
import { workbench } from '../state/workbench-intents';
import { useComposerProfile } from '../state/workbench-profile';
import { requests } from '../state/workspace';
import { DraftNotesList } from './RequestActions';
import { LANGUAGE_NAMES, useCopyAs, useCopyAsFollow } from './use-copy-as';

// Params is the tab a panel opens on; Headers and Body load when first chosen.
const HeadersTab = lazyComponent(() => import('./HeadersTab').then((module) => module.HeadersTab));

const BodyTab = lazyComponent(() => import('./BodyTab').then((module) => module.BodyTab));

const TestsTab = lazyComponent(
  () => import('./TestsTab').then((module) => module.TestsTab),
  <p class="muted">Loading the tests…</p>,
);

const AuthTab = lazyComponent(
  () => import('./AuthTab').then((module) => module.AuthTab),
  <p class="muted">Loading the token tools…</p>,
);

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

export function RequestPane() {
  // The profile as saved, resolving {{name}} with the values carried from answers.
  const profile = useComposerProfile();
  const request = useRequest(profile.id);
  const tokenState = useToken(profile.id);
  const token = profile.authMethod === 'apiKey' ? null : tokenState;
  const checks = useChecks(profile.id);
  const copyAs = useCopyAs(profile);
  useCopyAsFollow(profile);
  const tab = useStore((state) => state.prefs?.requestTab ?? 'params');
  const onTab = workbench.showRequestTab;
  const { draft, setDraft } = request;
  const tabs: TabItem<RequestTab>[] = [
    {
      id: 'params',
      label: 'Params',
      badge: draft.query.length + splitPathQuery(draft.path).pairs.length || undefined,
    },
    { id: 'headers', label: 'Headers', badge: 3 + draft.headers.length },
    { id: 'body', label: 'Body', badge: draft.body.trim() === '' ? undefined : '•' },
    { id: 'auth', label: 'Auth' },
    {
      id: 'tests',
      label: 'Tests',
      badge: checks.checks.assertions.length + checks.checks.answerVariables.length || undefined,
    },
  ];
  return (
    <section class="pane request-pane" aria-label="Request">
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
        <DraftNotesList notes={request.notes} onDismiss={() => requests.dismissNotes(profile.id)} />
      </div>
      <Tabs label="Request" tabs={tabs} selected={tab} onSelect={onTab}>
        {tab === 'params' && (
          <ParamsTab
            path={draft.path}
            rows={draft.query}
            onPath={(path) => setDraft({ ...draft, path })}
            onChange={(query) => setDraft({ ...draft, query })}
          />
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
        {tab === 'tests' && <TestsTab state={checks} />}
      </Tabs>
    </section>
  );
}
