/**
 * The workbench's dialogs, one open at a time (the store's workbench slice), each loaded on first
 * use: Save request, Import cURL, and the quick search of saved requests and history.
 */
import { requestOf } from '../../../src/workspace/request-slice';
import { draftProblem } from '../request/url-check';
import { useJsonLocator } from '../request/use-json-locator';
import { useStore } from '../state/store';
import {
  openEntry,
  openSaved,
  putDraft,
  savedAs,
  sharedOf,
  workbench,
} from '../state/workbench-intents';
import { useComposerProfile } from '../state/workbench-profile';
import { lazyComponent } from '../ui/lazy';

const SaveRequestDialog = lazyComponent(() =>
  import('../dialogs/SaveRequestDialog').then((module) => module.SaveRequestDialog),
);
const ImportCurlDialog = lazyComponent(() =>
  import('../dialogs/ImportCurlDialog').then((module) => module.ImportCurlDialog),
);
const QuickSearch = lazyComponent(() =>
  import('../dialogs/QuickSearch').then((module) => module.QuickSearch),
);

const onClose = () => workbench.openDialog('none');

export function WorkbenchDialogs() {
  const profile = useComposerProfile();
  const { id } = profile;
  const open = useStore((state) => state.workbench.dialog);
  const { draft, checks } = useStore((state) => requestOf(state, id));
  const shared = useStore((state) => sharedOf(state, id));
  const locate = useJsonLocator(draft.body);
  if (open === 'save') {
    return (
      <SaveRequestDialog
        profile={profile}
        draft={draft}
        checks={checks}
        problem={draftProblem(profile, draft, shared, locate)}
        onSaved={(collectionId, saved) => savedAs(id, collectionId, saved)}
        onClose={onClose}
      />
    );
  }
  if (open === 'import') {
    return (
      <ImportCurlDialog
        profile={profile}
        onImport={(draft, lines) => putDraft(id, draft, { from: 'cURL import', lines })}
        onClose={onClose}
      />
    );
  }
  if (open === 'search') {
    return (
      <QuickSearch
        profileId={id}
        onOpenSaved={(collectionId, saved) => openSaved(id, collectionId, saved)}
        onOpenEntry={(entry, answer) => openEntry(id, entry, answer)}
        onClose={onClose}
      />
    );
  }
  return null;
}
