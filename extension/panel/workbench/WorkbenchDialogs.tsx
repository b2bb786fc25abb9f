/**
 * The workbench's dialogs, one open at a time, each loaded on first use: Save request, Import
 * cURL, and the quick search of saved requests and history.
 */
import type { SavedRequest } from '../../../src/collections/model';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import type { HistoryEntry } from '../../../src/service/storage/history';
import type { SavedAnswer } from '../../../src/service/storage/saved-answers';
import type { EditedChecks } from '../state/use-checks';
import type { Draft } from '../state/use-request';
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

export type OpenDialog = 'none' | 'save' | 'import' | 'search';

interface Props {
  open: OpenDialog;
  onClose: () => void;
  profile: ProfileView;
  draft: Draft;
  checks: EditedChecks;
  /** What the composer says is wrong with the call (asked only when Save request opens). */
  problem: () => string | null;
  onSaved: (collectionId: string, request: SavedRequest) => void;
  onImport: (draft: Draft, notes: string[]) => void;
  onOpenSaved: (collectionId: string, request: SavedRequest) => void;
  onOpenEntry: (entry: HistoryEntry, answer: SavedAnswer | null) => void;
}

export function WorkbenchDialogs(props: Props) {
  const { open, onClose, profile } = props;
  if (open === 'save') {
    return (
      <SaveRequestDialog
        profile={profile}
        draft={props.draft}
        checks={props.checks}
        problem={props.problem()}
        onSaved={props.onSaved}
        onClose={onClose}
      />
    );
  }
  if (open === 'import') {
    return <ImportCurlDialog profile={profile} onImport={props.onImport} onClose={onClose} />;
  }
  if (open === 'search') {
    return (
      <QuickSearch
        profileId={profile.id}
        onOpenSaved={props.onOpenSaved}
        onOpenEntry={props.onOpenEntry}
        onClose={onClose}
      />
    );
  }
  return null;
}
