/**
 * The view across the main area, asked for by the sidebar (an import's summary, a captured call's
 * details) or closed by an intent that puts the panes in view: the one shown, kept here (it holds
 * views, which the workspace store does not). The view shown before is told it closed. The
 * workbench that shows it forgets it when it goes (another profile's opens with none).
 */
import { useEffect, useReducer } from 'preact/hooks';
import type { WideViewContent } from '../ui/WideView';

let shown: WideViewContent | null = null;
const listeners = new Set<() => void>();

export function showWide(content: WideViewContent | null) {
  if (shown !== null && shown.id !== content?.id) shown.onClose?.();
  shown = content;
  for (const listener of listeners) listener();
}

export const closeWide = () => showWide(null);

/** The view shown, re-rendering when another is shown. */
export function useWideShown(): WideViewContent | null {
  const [, changed] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    const listener = () => changed(0);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) shown = null;
    };
  }, []);
  return shown;
}
