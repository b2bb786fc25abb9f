/**
 * Save request, as the dialog builds it: the composed call (with the Tests tab's checks) into a
 * chosen collection or a new one named by the user, at its top level, in a chosen folder or in a
 * new folder named by the user. Pure, so that a property test can prove that whatever is typed the
 * dialog either saves a collection the worker takes, or says plainly why not and saves nothing.
 */
import { fail, ok, type Result } from '../vocabulary/errors';
import { type ComposedCall, oversizedPart } from '../vocabulary/terms';
import { checksProblem, withChecks } from './check-save';
import type { EditedChecks } from './check-use';
import { addFolder, addRequest, newCollection } from './collection-ops';
import { MAX_BODY, MAX_NAME } from './collection-schema';
import type { Collection, CollectionAuth, SavedRequest } from './model';

/** What the dialog holds when Save is pressed. */
export interface SaveRequestForm {
  /** The request's name as typed (empty: the method and path name it). */
  name: string;
  /** The chosen collection, or null for a new one named `newName` (empty: the profile's name). */
  collection: Collection | null;
  newName: string;
  /** The chosen folder's id, null for the top level, or 'new' for one named `newFolder`. */
  folder: string | null | 'new';
  newFolder: string;
}

export interface SaveRequestContext {
  call: ComposedCall;
  checks: EditedChecks;
  profileName: string;
  auth: CollectionAuth;
  newId: () => string;
}

/** The name a request gets when none is typed: its method and path, cut to the longest name. */
export function fallbackRequestName(call: ComposedCall): string {
  return `${call.method} ${call.path}`.trim().slice(0, MAX_NAME).trim();
}

/** The collection to save (with the new request in it) and the request, or why not. */
export function savedRequestCollection(
  form: SaveRequestForm,
  context: SaveRequestContext,
): Result<{ collection: Collection; request: SavedRequest }> {
  // A collection keeps finished checks only: an unfinished row is named, and nothing is saved.
  const unfinished = checksProblem(context.checks);
  if (unfinished !== null) return { ok: false, error: unfinished };
  const oversized = oversizedPart(context.call);
  if (oversized !== null) return fail('invalid_request', oversized, 'Shorten it, then Save.');
  if (context.call.body.length > MAX_BODY) {
    const limit = (MAX_BODY / 1_000_000).toLocaleString('en');
    return fail(
      'invalid_request',
      `The body is larger than the ${limit} MB a saved request may have.`,
      'Shorten it, then Save.',
    );
  }
  const name = form.name.trim() || fallbackRequestName(context.call);
  if (name.length > MAX_NAME) {
    return fail(
      'invalid_request',
      `A request name must be at most ${MAX_NAME} characters long.`,
      'Type a shorter name.',
    );
  }
  if (form.folder === 'new' && form.newFolder.trim().length > MAX_NAME) {
    return fail(
      'invalid_request',
      `A folder name must be at most ${MAX_NAME} characters long.`,
      'Type a shorter name.',
    );
  }
  let collection = form.collection;
  if (collection === null) {
    const created = newCollection(form.newName.trim() || context.profileName, context.auth, () =>
      context.newId(),
    );
    if (!created.ok) return created;
    collection = created.value;
  }
  let folderId = form.folder === 'new' ? null : form.folder;
  if (form.folder === 'new' && form.newFolder.trim() !== '') {
    const id = context.newId();
    const withFolder = addFolder(collection, null, {
      kind: 'folder',
      id,
      name: form.newFolder.trim(),
      items: [],
    });
    if (!withFolder.ok) return withFolder;
    collection = withFolder.value;
    folderId = id;
  }
  const request: SavedRequest = withChecks(
    { kind: 'request', id: context.newId(), name, ...context.call },
    context.checks,
  );
  const saved = addRequest(collection, folderId, request);
  return saved.ok ? ok({ collection: saved.value, request }) : saved;
}
