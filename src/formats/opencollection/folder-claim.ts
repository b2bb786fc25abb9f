/**
 * One collection per folder. Invariant: a folder keeps at most one collection, and no folder of one
 * collection is inside or around another's: each sync takes every OpenCollection-shaped file of
 * its folder as its own, so a second collection in the same folder (or in a folder inside it)
 * would be overwritten by the first, file by file. Checked when a folder is chosen, by the
 * directory handles' own comparison (`isSameEntry`, and `resolve`, which says whether one is
 * inside the other), so no path is ever needed.
 */

/** The part of a `FileSystemDirectoryHandle` that compares two folders. */
export interface ComparableFolder {
  readonly name: string;
  isSameEntry?(other: ComparableFolder): Promise<boolean>;
  /** The path of `other` under this folder (names), or null when it is not inside. */
  resolve?(other: ComparableFolder): Promise<string[] | null>;
}

export interface FolderClaim<H extends ComparableFolder> {
  collectionId: string;
  handle: H;
}

const WHAT_TO_DO =
  'A folder keeps one collection. Choose another folder (an empty one, or a folder of its own in your repository), or first choose Disconnect folder in the ⋯ actions of the collection kept there.';

/**
 * Why `handle` cannot keep `collectionId` (another collection's folder is the same, inside it or
 * around it), or null when it can. `claims`: every collection's connected folder.
 */
export async function folderClaimProblem<H extends ComparableFolder>(
  collectionId: string,
  handle: H,
  claims: readonly FolderClaim<H>[],
): Promise<string | null> {
  for (const claim of claims) {
    if (claim.collectionId === collectionId) continue;
    const other = claim.handle;
    if (await handle.isSameEntry?.(other))
      return `The folder “${handle.name}” already keeps another collection. ${WHAT_TO_DO}`;
    const inside = await other.resolve?.(handle);
    if (inside)
      return `The folder “${handle.name}” is inside “${other.name}”, which keeps another collection. ${WHAT_TO_DO}`;
    const around = await handle.resolve?.(other);
    if (around)
      return `The folder “${handle.name}” holds “${[handle.name, ...around].join('/')}”, which keeps another collection. ${WHAT_TO_DO}`;
  }
  return null;
}
