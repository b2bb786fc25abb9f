/**
 * A view across the main area, asked for by the sidebar (an import's summary, a captured call's
 * details): the one shown, and how to show another or close it. The view shown before is told it
 * closed, outside the state updater (which must stay pure).
 */
import { useCallback, useRef, useState } from 'preact/hooks';
import type { WideViewContent } from '../ui/WideView';

export function useWideViewHost() {
  const [wide, setWide] = useState<WideViewContent | null>(null);
  const wideNow = useRef<WideViewContent | null>(null);
  const showWide = useCallback((content: WideViewContent | null) => {
    const now = wideNow.current;
    if (now !== null && now.id !== content?.id) now.onClose?.();
    wideNow.current = content;
    setWide(content);
  }, []);
  const closeWide = useCallback(() => showWide(null), [showWide]);
  return { wide, showWide, closeWide };
}
