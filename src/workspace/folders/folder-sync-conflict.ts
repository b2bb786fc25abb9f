/**
 * Settling a folder sync's conflict, as the user answers it: the side kept is synced, the other
 * is kept as a copy collection, so nothing is lost. The folder is read again under the lock first:
 * an answer given for files that changed since is not carried out.
 */
import { copyCollection } from '../../collections/collection-ops';
import type { Collection } from '../../collections/model';
import {
  changes,
  type FileMap,
  settleConflict,
  toFileList,
} from '../../formats/opencollection/folder-sync-plan';
import { reloadCollections } from '../collection-commands';
import type { FolderKind } from './folder-kinds';
import {
  currentCollection,
  lockName,
  type Pending,
  type SyncContext,
  show,
  shown,
  showOutcome,
} from './folder-sync-context';
import { apply, readDisk, syncUnlocked } from './folder-sync-run';

/** The folder's side of a conflict as a collection, when it reads as one. */
function folderCopy(kind: FolderKind, disk: FileMap, newId: () => string): Collection | null {
  const imported = kind.collectionOf(toFileList(disk), new Set(), newId);
  return imported.ok ? imported.value.collection : null;
}

/**
 * Settles a conflict: `keep`'s side is synced; the other side is kept as a copy collection. The
 * folder is read again first: when it changed since the question, nothing is done (the answer
 * was given for other files) and the folder is synced again, asking again when it still clashes.
 */
export async function settle(context: SyncContext, collectionId: string, keep: 'panel' | 'folder') {
  const { deps } = context;
  const pending = context.conflicts.get(collectionId);
  const connection = context.connections.get(collectionId);
  const current = await currentCollection(context, collectionId);
  if (pending === undefined || connection === undefined || current === undefined) return;
  const folder = connection.handle.name;
  const refuse = ({ paths, answers }: Pending, problem: string) =>
    show(context, collectionId, { state: 'conflict', folder, paths, answers, problem });
  await deps.folders.lock(lockName(collectionId), async () => {
    const fresh = (await deps.folders.get(collectionId)) ?? connection;
    const { disk, where } = await readDisk(context, fresh);
    if (changes(pending.disk, disk).size > 0) {
      context.conflicts.delete(collectionId);
      await syncUnlocked(context, collectionId, true);
      const view = shown(context, collectionId);
      if (view?.state === 'conflict')
        show(context, collectionId, {
          ...view,
          problem: `The files in “${folder}” changed since this question: look again at what each answer does, then choose.`,
        });
      return;
    }
    const copy = keep === 'folder' ? current : folderCopy(where.kind, pending.disk, deps.newId);
    if (copy === null)
      return refuse(
        pending,
        `The files in “${folder}” do not read as a collection, so keeping the panel’s version would lose them: move them away first, or keep the folder’s version.`,
      );
    const name = `${current.name} (${keep === 'folder' ? 'panel' : 'folder'} copy)`;
    const saved = await deps.ask('collections/put', {
      collection: copyCollection(copy, name, deps.newId),
    });
    if (!saved.ok) return refuse(pending, saved.error.message);
    context.conflicts.delete(collectionId);
    const problem = await apply(
      context,
      fresh,
      where,
      settleConflict(pending, keep),
      disk,
      pending.local,
    );
    showOutcome(context, collectionId, folder, problem);
  });
  await reloadCollections(deps);
}
