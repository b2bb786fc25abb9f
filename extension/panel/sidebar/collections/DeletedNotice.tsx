/**
 * After a collection is deleted: a notice with Undo for a few seconds, which puts the collection
 * back as it was (the panel still holds it whole). Then the notice goes and the delete stands.
 */
import { useEffect } from 'preact/hooks';
import type { Collection } from '../../../../src/collections/model';

/** Long enough to notice and reach Undo by keyboard; short enough not to linger. */
export const UNDO_MS = 10_000;

interface Props {
  collection: Collection;
  onUndo: () => void;
  onGone: () => void;
}

export function DeletedNotice({ collection, onUndo, onGone }: Props) {
  useEffect(() => {
    const timer = setTimeout(onGone, UNDO_MS);
    return () => clearTimeout(timer);
  }, [collection.id]);
  return (
    <div class="notice notice-info row" role="status">
      <span>Deleted the collection “{collection.name}”.</span>
      <button type="button" onClick={onUndo}>
        Undo
      </button>
    </div>
  );
}
