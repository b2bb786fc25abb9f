/**
 * What the user means in the workbench, one function each, for every view of it to call: open a
 * saved request, a history entry, a captured call or an empty draft (each takes the previous
 * draft's place and puts the panes in view, over an open wide view or a sidebar lying over them),
 * save, send (leaving the token tools for the tab they were opened from), get a token, open a
 * dialog; and what the views select to show them (the shared variables, whether the draft
 * changed its saved request). They call the workspace's commands (state/workspace.ts).
 */
import { sameChecks } from '../../../src/collections/check-use';
import type { SavedRequest } from '../../../src/collections/model';
import { sameCall } from '../../../src/collections/same-call';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import type { HistoryEntry } from '../../../src/service/storage/history';
import type { SavedAnswer } from '../../../src/service/storage/saved-answers';
import type { NameValue } from '../../../src/vocabulary/terms';
import type { CaptureAction } from '../../../src/workspace/capture/capture-state';
import { EMPTY_DRAFT, requestOf } from '../../../src/workspace/request-slice';
import type { Draft, DraftNotes } from '../../../src/workspace/request-state';
import { createWorkbenchCommands } from '../../../src/workspace/workbench-commands';
import type { WorkspaceState } from '../../../src/workspace/workspace-state';
import { showWide } from '../ui/wide-view-host';
import { collections, deps, prefs, requests, store, tokens } from './workspace';

export const workbench = createWorkbenchCommands(deps, prefs.set);

const NO_VARIABLES: readonly NameValue[] = [];

/** A request opened from a collection resolves that collection's shared variables too. */
export function sharedOf(state: WorkspaceState, profileId: string): readonly NameValue[] {
  const { opened } = requestOf(state, profileId);
  if (opened === null) return NO_VARIABLES;
  const collection = state.collections.list.find((item) => item.id === opened.collectionId);
  return collection?.variables ?? NO_VARIABLES;
}

/** Whether the composer changed the saved request it holds. */
export function dirtyOf(state: WorkspaceState, profileId: string): boolean {
  const { opened, draft, checks } = requestOf(state, profileId);
  return (
    opened !== null && (!sameCall(draft, opened.request) || !sameChecks(checks, opened.request))
  );
}

export const focusPath = () => document.getElementById('path')?.focus();

/** A draft put in from elsewhere: the panes in view again, when the sidebar lies over them. */
function panesInView() {
  showWide(null);
  store.dispatch({ type: 'workbench/sidebar-over', open: false });
}

export function putDraft(profileId: string, call: Draft, notes: DraftNotes | null = null) {
  requests.putDraft(profileId, call, null, notes);
  panesInView();
}

export function openSaved(profileId: string, collectionId: string, saved: SavedRequest) {
  requests.openSaved(profileId, collectionId, saved);
  panesInView();
}

export function savedAs(profileId: string, collectionId: string, saved: SavedRequest) {
  requests.savedAs(profileId, collectionId, saved);
  panesInView();
}

/**
 * An empty draft (GET, no path, headers, body or checks) tied to no saved request: as opening
 * a saved request does, it takes the previous draft's place (what was sent is in History).
 */
export function newRequest(profileId: string) {
  putDraft(profileId, EMPTY_DRAFT);
  focusPath();
}

export function openEntry(profileId: string, entry: HistoryEntry, answer: SavedAnswer | null) {
  requests.openEntry(profileId, entry, answer);
  panesInView();
}

export const saveInPlace = (profileId: string) => void requests.saveInPlace(profileId, collections);

/** Ctrl+S: the saved request in the composer saved in place, or Save request asked for. */
export function save(profileId: string) {
  if (requestOf(store.get(), profileId).opened !== null) saveInPlace(profileId);
  else workbench.openDialog('save');
}

/** Send: the token tools (the Auth tab of an OAuth profile) give the answer its room. */
export function send(profile: ProfileView) {
  showWide(null);
  if (profile.authMethod !== 'apiKey') workbench.leaveAuthTab();
  const shared = sharedOf(store.get(), profile.id);
  void requests.send(profile.id, { profile, shared });
}

export const cancel = (profileId: string) => void requests.cancel(profileId);

export async function getToken(profileId: string) {
  workbench.showRequestTab('auth');
  await tokens.getToken(profileId);
}

/** A captured call taken into the composer: then sent, saved, or edited from the Path. */
export function captured(
  profile: ProfileView,
  draft: Draft,
  lines: string[],
  action: CaptureAction,
) {
  putDraft(profile.id, draft, { from: 'Captured call', lines });
  if (action === 'replay') send(profile);
  if (action === 'save') workbench.openDialog('save');
  if (action === 'open') focusPath();
}
