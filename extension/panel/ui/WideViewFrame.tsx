/**
 * The open wide view (WideView.tsx): its heading, its Close button, its body; Escape closes it
 * unless a dialog or menu over it takes the key first.
 */
import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';

export interface WideViewContent {
  /** Who opened it: content with the same id replaces it without closing it (an update). */
  id: string;
  title: string;
  body: ComponentChildren;
  /** Told when the view closes (Close, Escape, or another view in its place). */
  onClose?: () => void;
}

export function WideViewFrame({
  content,
  onClose,
}: {
  content: WideViewContent;
  onClose: () => void;
}) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A dialog or menu over it closes first, on its own Escape.
      const inside = (event.target as Element | null)?.closest?.('dialog, [role=menu]');
      if (event.key === 'Escape' && !event.defaultPrevented && !inside) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div class="wide-view">
      <div class="wide-view-head">
        <h2>{content.title}</h2>
        <button type="button" onClick={onClose} title="Close (Escape)">
          Close {content.title.toLowerCase()}
        </button>
      </div>
      <div class="wide-view-body">{content.body}</div>
    </div>
  );
}
