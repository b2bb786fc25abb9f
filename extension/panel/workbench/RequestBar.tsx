/**
 * The request bar across the main area above the panes: the request line (method, path, Send or
 * Cancel) and its actions (New, Save, Import cURL, Copy as), read from the store and calling the
 * workbench's intents (state/workbench-intents.ts).
 */
import { RequestActions } from '../request/RequestActions';
import { RequestLine } from '../request/RequestLine';
import { useCopyAs } from '../request/use-copy-as';
import { useStore } from '../state/store';
import { useRequest } from '../state/use-request';
import {
  cancel,
  dirtyOf,
  newRequest,
  saveInPlace,
  send,
  sharedOf,
  workbench,
} from '../state/workbench-intents';
import { useComposerProfile, useWorkbenchProfile } from '../state/workbench-profile';

export function RequestBar() {
  const saved = useWorkbenchProfile();
  const profile = useComposerProfile();
  const { id } = profile;
  const request = useRequest(id);
  const { opened } = request;
  const shared = useStore((state) => sharedOf(state, id));
  const dirty = useStore((state) => dirtyOf(state, id));
  const copyAs = useCopyAs(profile);
  return (
    <div class="request-bar">
      <RequestLine
        profile={profile}
        draft={request.draft}
        shared={shared}
        onChange={request.setDraft}
        sending={request.sending}
        onSend={() => send(saved)}
        onCancel={() => cancel(id)}
      />
      <RequestActions
        openedName={opened?.request.name ?? null}
        dirtyRequest={dirty && opened !== null ? opened.request : null}
        status={dirty ? '' : request.saveStatus}
        onNew={() => newRequest(id)}
        onSave={() => workbench.openDialog('save')}
        onSaveChanges={() => saveInPlace(id)}
        onImportCurl={() => workbench.openDialog('import')}
        copyAs={copyAs}
      />
    </div>
  );
}
