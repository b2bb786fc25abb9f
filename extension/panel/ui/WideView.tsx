/**
 * A view that needs more room than the sidebar has (an import's summary, a captured call's
 * details) opens across the main area, where the request and response panes are, with a heading
 * and a Close button (Escape closes it too). The workbench provides where it opens; the sidebar's
 * parts ask for it through `useWideView`. The panes stay mounted under it, as they were. When the
 * sidebar lies over the panes (docked right) it is itself full height, and keeps such views. The
 * view itself (WideViewFrame.tsx) loads when one first opens: the first render shows none.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { lazyComponent } from './lazy';
import type { WideViewContent } from './WideViewFrame';

export type { WideViewContent };

export type ShowWideView = (content: WideViewContent | null) => void;

/** Null when the sidebar lies over the panes (a narrow panel): it has the room itself then. */
export const WideViewContext = createContext<ShowWideView | null>(null);

export function useWideView(): ShowWideView | null {
  return useContext(WideViewContext);
}

/** The open view, across the main area (WideViewFrame.tsx). */
export const WideView = lazyComponent(() =>
  import('./WideViewFrame').then((module) => module.WideViewFrame),
);
