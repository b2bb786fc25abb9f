/**
 * Save request: the composed call into a collection (a new one, named here, or an existing one)
 * and optionally a folder. A request opened from a collection can also be saved in place.
 */
import { useState } from 'preact/hooks';
import {
  addRequest,
  newCollection,
  updateRequest,
} from '../../../../src/collections/collection-ops';
import type { Collection, SavedRequest } from '../../../../src/collections/model';
import type { ProfileView } from '../../../../src/service/profile-input';
import type { Draft } from '../../request/Composer';
import { allFolders } from './CollectionTree';
import type { CollectionsState } from './use-collections';

interface Props {
  state: CollectionsState;
  profile: ProfileView;
  draft: Draft;
  /** The saved request the draft was opened from, if any. */
  opened: { collectionId: string; request: SavedRequest } | null;
  dirty: boolean;
  onSaved: (collectionId: string, request: SavedRequest) => void;
}

const NEW = '__new__';

export function SaveRequestForm({ state, profile, draft, opened, dirty, onSaved }: Props) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [target, setTarget] = useState(state.collections[0]?.id ?? NEW);
  const [newName, setNewName] = useState('');
  const [folder, setFolder] = useState('');
  const chosen = state.collections.find((collection) => collection.id === target) ?? null;

  async function saveInPlace() {
    if (opened === null) return;
    const collection = state.collections.find((item) => item.id === opened.collectionId);
    if (collection === undefined) return;
    const request: SavedRequest = { ...opened.request, ...draft };
    if (await state.save(updateRequest(collection, request))) onSaved(collection.id, request);
  }

  async function saveNew(event: Event) {
    event.preventDefault();
    let collection: Collection | null = chosen;
    if (collection === null) {
      const auth = {
        method: profile.authMethod,
        formEncodeCredentials: profile.formEncodeCredentials,
      };
      const created = newCollection(newName.trim() || profile.name, auth, () =>
        crypto.randomUUID(),
      );
      if (!created.ok) return state.setError(created.error);
      collection = created.value;
    }
    const request: SavedRequest = {
      kind: 'request',
      id: crypto.randomUUID(),
      name: name.trim() || `${draft.method} ${draft.path}`,
      ...draft,
    };
    if (await state.save(addRequest(collection, folder === '' ? null : folder, request))) {
      onSaved(collection.id, request);
      setOpen(false);
      setName('');
      setNewName('');
      setTarget(collection.id);
    }
  }

  return (
    <div class="save-request">
      <div class="toolbar">
        {opened !== null && dirty && (
          <button type="button" class="primary" onClick={saveInPlace}>
            Save changes
          </button>
        )}
        {opened !== null && dirty && (
          <span class="dirty">Unsaved changes to “{opened.request.name}”</span>
        )}
        <button type="button" onClick={() => setOpen(!open)} aria-expanded={open}>
          Save request
        </button>
      </div>
      {open && (
        <form class="editor" aria-label="Save request" onSubmit={saveNew}>
          <div class="field">
            <label for="save-name">Request name</label>
            <input
              id="save-name"
              value={name}
              placeholder={`${draft.method} ${draft.path}`}
              onInput={(e) => setName(e.currentTarget.value)}
            />
          </div>
          <div class="field">
            <label for="save-collection">Collection</label>
            <select
              id="save-collection"
              value={target}
              onChange={(e) => setTarget(e.currentTarget.value)}
            >
              {state.collections.map((collection) => (
                <option key={collection.id} value={collection.id}>
                  {collection.name}
                </option>
              ))}
              <option value={NEW}>New collection…</option>
            </select>
          </div>
          {chosen === null ? (
            <div class="field">
              <label for="save-new-collection">New collection name</label>
              <input
                id="save-new-collection"
                value={newName}
                placeholder={profile.name}
                onInput={(e) => setNewName(e.currentTarget.value)}
              />
            </div>
          ) : (
            <div class="field">
              <label for="save-folder">Folder</label>
              <select
                id="save-folder"
                value={folder}
                onChange={(e) => setFolder(e.currentTarget.value)}
              >
                <option value="">(top level)</option>
                {allFolders(chosen.items).map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div class="actions">
            <button type="submit" class="primary">
              Save
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
