/**
 * Save request: the composed call into a collection (an existing one, or a new one named here,
 * which can get a first folder as it is created) and optionally a folder, which can be a new one
 * named here (created at the collection's top level). A call the composer
 * flags (invalid JSON body, an unknown variable, a path outside /v1/) can still be saved, but the
 * dialog says so first. What is saved is built by src/collections/save-request.ts. Loaded on first
 * use, with the collection rules.
 */
import { useState } from 'preact/hooks';
import { allFolders } from '../../../src/collections/collection-search';
import type { SavedRequest } from '../../../src/collections/model';
import { fallbackRequestName, savedRequestCollection } from '../../../src/collections/save-request';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import { useStore } from '../state/store';
import type { EditedChecks } from '../state/use-checks';
import type { Draft } from '../state/use-request';
import { collections } from '../state/workspace';
import { Dialog } from '../ui/Dialog';
import { ErrorNotice } from '../ui/ErrorNotice';
import { Field } from '../ui/Field';
import { FormActions } from '../ui/FormActions';

interface Props {
  profile: ProfileView;
  draft: Draft;
  /** The assertions and answer variables of the Tests tab, saved with the call. */
  checks: EditedChecks;
  /** What the composer says is wrong with the call, if anything. */
  problem: string | null;
  onSaved: (collectionId: string, request: SavedRequest) => void;
  onClose: () => void;
}

const NEW = '__new__';

export function SaveRequestDialog(props: Props) {
  const { profile, draft, checks, problem, onSaved, onClose } = props;
  const { list, error } = useStore((state) => state.collections);
  // The form as typed: one state, since its fields are one answer (where, and under what name).
  const [form, setForm] = useState({
    name: '',
    target: list[0]?.id ?? NEW,
    newName: '',
    folder: '',
    newFolder: '',
  });
  const { name, target, newName, folder, newFolder } = form;
  const set = (change: Partial<typeof form>) => setForm((was) => ({ ...was, ...change }));
  const chosen = list.find((collection) => collection.id === target) ?? null;
  const fallbackName = fallbackRequestName(draft);

  async function save(event: Event) {
    event.preventDefault();
    const built = savedRequestCollection(
      {
        name,
        collection: chosen,
        newName,
        folder: chosen === null || folder === NEW ? 'new' : folder === '' ? null : folder,
        newFolder,
      },
      {
        call: draft,
        checks,
        profileName: profile.name,
        auth: { method: profile.authMethod, formEncodeCredentials: profile.formEncodeCredentials },
        newId: () => crypto.randomUUID(),
      },
    );
    // A refusal (an unfinished check, a name too long) is shown by `save`, and nothing is saved.
    if (!built.ok) return void collections.save(built);
    if (await collections.save({ ok: true, value: built.value.collection })) {
      onSaved(built.value.collection.id, built.value.request);
      onClose();
    }
  }

  return (
    <Dialog title="Save request" onClose={onClose}>
      <form class="editor" aria-label="Save request" onSubmit={save}>
        {problem && (
          <p class="notice notice-warn" role="alert">
            The composer flags this call: {problem} You can still save it and fix it later.
          </p>
        )}
        <Field id="save-name" label="Request name">
          <input
            autoComplete="off"
            id="save-name"
            value={name}
            placeholder={fallbackName}
            onInput={(e) => set({ name: e.currentTarget.value })}
          />
        </Field>
        <Field id="save-collection" label="Collection">
          <select
            id="save-collection"
            value={target}
            onChange={(e) => set({ target: e.currentTarget.value })}
          >
            {list.map((collection) => (
              <option key={collection.id} value={collection.id}>
                {collection.name}
              </option>
            ))}
            <option value={NEW}>New collection…</option>
          </select>
        </Field>
        {chosen === null ? (
          <>
            <Field id="save-new-collection" label="New collection name">
              <input
                autoComplete="off"
                id="save-new-collection"
                value={newName}
                placeholder={profile.name}
                onInput={(e) => set({ newName: e.currentTarget.value })}
              />
            </Field>
            <Field id="save-new-folder" label="First folder">
              <input
                autoComplete="off"
                id="save-new-folder"
                value={newFolder}
                placeholder="(none: save at the top level)"
                onInput={(e) => set({ newFolder: e.currentTarget.value })}
              />
            </Field>
          </>
        ) : (
          <>
            <Field id="save-folder" label="Folder">
              <select
                id="save-folder"
                value={folder}
                onChange={(e) => set({ folder: e.currentTarget.value })}
              >
                <option value="">(top level)</option>
                {allFolders(chosen.items).map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name}
                  </option>
                ))}
                <option value={NEW}>New folder…</option>
              </select>
            </Field>
            {folder === NEW && (
              <Field id="save-new-folder" label="New folder name">
                <input
                  autoComplete="off"
                  id="save-new-folder"
                  value={newFolder}
                  placeholder="(empty: save at the top level)"
                  onInput={(e) => set({ newFolder: e.currentTarget.value })}
                />
              </Field>
            )}
          </>
        )}
        {error && <ErrorNotice error={error} />}
        <FormActions submit="Save" onCancel={onClose} />
      </form>
    </Dialog>
  );
}
