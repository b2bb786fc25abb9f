/**
 * Save changes: the composer's draft and its checks written into the saved request it was opened
 * from, in its collection; a check row still being typed refuses the save with its reason. Loaded
 * when a save happens.
 */
import { checksProblem, withChecks } from '../collections/check-save';
import { updateRequest } from '../collections/collection-ops';
import type { Collection } from '../collections/model';
import type { AppError, Result } from '../vocabulary/errors';
import type { CommandDeps } from './ask';
import { requestOf } from './request-slice';

/** What Save changes needs of the collection commands (collection-commands.ts). */
export interface CollectionsAccess {
  save: (edit: Result<Collection>) => Promise<boolean>;
  setError: (error: AppError) => void;
}

export async function saveInPlace(
  { get, dispatch }: CommandDeps,
  profileId: string,
  access: CollectionsAccess,
): Promise<void> {
  const { opened, draft, checks } = requestOf(get(), profileId);
  if (opened === null) return;
  const collection = get().collections.list.find((item) => item.id === opened.collectionId);
  if (collection === undefined) return;
  const unfinished = checksProblem(checks);
  if (unfinished !== null) return access.setError(unfinished);
  const saved = withChecks({ ...opened.request, ...draft }, checks);
  if (await access.save(updateRequest(collection, saved))) {
    const request = { collectionId: collection.id, request: saved };
    dispatch({ type: 'request/saved', profileId, opened: request });
  }
}
