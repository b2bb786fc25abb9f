/**
 * A view that needs more room than the sidebar has (an import's summary, a captured call's
 * details) opens across the main area, where the request and response panes are, with a heading
 * and a Close button (Escape closes it too). The workbench provides where it opens; the sidebar's
 * parts ask for it through `useWideView`. The panes stay mounted under it, as they were. When the
 * sidebar lies over the panes (docked right) it is itself full height, and keeps such views.
 */
import { type ComponentChildren, createContext } from 'preact';
import { useContext, useEffect } from 'preact/hooks';

export interface WideViewContent {
  /** Who opened it: content with the same id replaces it without closing it (an update). */
  id: string;
  title: string;
  body: ComponentChildren;
  /** Told when the view closes (Close, Escape, or another view in its place). */
  onClose?: () => void;
}

export type ShowWideView = (content: WideViewContent | null) => void;

/** Null when the sidebar lies over the panes (a narrow panel): it has the room itself then. */
export const WideViewContext = createContext<ShowWideView | null>(null);

export function useWideView(): ShowWideView | null {
  return useContext(WideViewContext);
}

export function WideView({ content, onClose }: { content: WideViewContent; onClose: () => void }) {
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
