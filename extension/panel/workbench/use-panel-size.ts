/**
 * The panel's own size class, as DevTools' panels adapt to their dock: `wide` puts the sidebar
 * beside the panes and request beside response; `narrow` (docked right, about 480 wide) stacks
 * request over response and opens the sidebar over the panes.
 */
import { useEffect, useState } from 'preact/hooks';

export type PanelSize = 'wide' | 'narrow';
/** Below this width request and response stand one over the other. */
const NARROW_BELOW_PX = 720;

const sizeNow = (): PanelSize => (window.innerWidth < NARROW_BELOW_PX ? 'narrow' : 'wide');

export function usePanelSize(): PanelSize {
  const [size, setSize] = useState<PanelSize>(sizeNow);
  useEffect(() => {
    const update = () => setSize(sizeNow());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return size;
}
