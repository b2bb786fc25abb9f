/**
 * Everything for the active profile once it is saved: the collections beside the work area (token
 * tools for OAuth profiles, the composer with save, import and copy actions, the response and the
 * history). It also knows which saved request the draft came from, to show unsaved changes.
 */
import { useState } from 'preact/hooks';
import type { SavedRequest } from '../../src/collections/model';
import type { ProfileView } from '../../src/service/profile-input';
import { TokenPanel } from './request/AuthTab';
import { Composer, type Draft } from './request/Composer';
import { CopyAsCurl } from './request/CopyAsCurl';
import type { useRequest } from './request/use-request';
import { ResponseView } from './response/ResponseView';
import { CollectionsPanel } from './sidebar/collections/CollectionsPanel';
import { ImportCurlForm } from './sidebar/collections/ImportCurlForm';
import { SaveRequestForm } from './sidebar/collections/SaveRequestForm';
import { useCollections } from './sidebar/collections/use-collections';
import { History } from './sidebar/History';
import { ErrorNotice } from './ui/ErrorNotice';

type Opened = { collectionId: string; request: SavedRequest } | null;

function sameCall(draft: Draft, request: SavedRequest): boolean {
  const { method, path, query, headers, body } = request;
  return JSON.stringify(draft) === JSON.stringify({ method, path, query, headers, body });
}

export function Workspace({
  profile,
  request,
}: {
  profile: ProfileView;
  request: ReturnType<typeof useRequest>;
}) {
  const collections = useCollections();
  const [opened, setOpened] = useState<Opened>(null);
  const { outcome, sending } = request;
  const dirty = opened !== null && !sameCall(request.draft, opened.request);

  function openSaved(collectionId: string, saved: SavedRequest) {
    const { method, path, query, headers, body } = saved;
    request.setDraft({ method, path, query, headers, body });
    setOpened({ collectionId, request: saved });
  }

  return (
    <div class="workspace">
      <CollectionsPanel
        state={collections}
        openId={opened?.request.id ?? null}
        dirty={dirty}
        onOpen={(collection, saved) => openSaved(collection.id, saved)}
      />
      <div class="work">
        {profile.authMethod !== 'apiKey' && <TokenPanel key={profile.id} profile={profile} />}
        <Composer
          profile={profile}
          draft={request.draft}
          onChange={request.setDraft}
          sending={sending}
          onSend={request.send}
          onCancel={request.cancel}
        />
        <div class="toolbar">
          <SaveRequestForm
            state={collections}
            profile={profile}
            draft={request.draft}
            opened={opened}
            dirty={dirty}
            onSaved={openSaved}
          />
          <ImportCurlForm
            profile={profile}
            onImport={(draft) => {
              request.setDraft(draft);
              setOpened(null);
            }}
          />
        </div>
        <CopyAsCurl profile={profile} draft={request.draft} />
        <section aria-label="Response" class="response">
          {sending && <p role="status">Sending…</p>}
          {!sending && outcome && 'error' in outcome && <ErrorNotice error={outcome.error} />}
          {!sending && outcome && 'exchange' in outcome && (
            <ResponseView exchange={outcome.exchange} />
          )}
          {!sending && outcome === null && (
            <p class="muted">Press Send (or Ctrl+Enter) to call {profile.baseUrl}/v1/…</p>
          )}
        </section>
        <History profileId={profile.id} version={request.historyVersion} onOpen={request.open} />
      </div>
    </div>
  );
}
