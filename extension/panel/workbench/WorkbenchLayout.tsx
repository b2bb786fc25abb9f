/**
 * The workbench's frame under the toolbar: the sidebar docked beside the panes (with a resize
 * handle) when the panel is wide, or over them when it is narrow; and the request and response
 * panes split by a draggable divider, side by side when the main area has room and stacked when
 * not, as DevTools' SplitWidget does. Every size is a remembered preference (the store's, changed
 * by `prefs.set`); the width being dragged and the main area's measured width are its own.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { UiPrefs } from '../../../src/vocabulary/ui-prefs';
import { prefs as prefsCommands } from '../state/workspace';
import { ResizeHandle } from '../ui/ResizeHandle';
import { SplitView } from '../ui/SplitView';

/** Below this width of the main area, request and response stack. */
const SIDE_BY_SIDE_FROM_PX = 640;

interface Props {
  /** The store's, read by the workbench. */
  prefs: UiPrefs;
  /** Null when the sidebar is hidden. */
  sidebar: ComponentChildren | null;
  /** The sidebar lies over the panes (a narrow panel) instead of beside them. */
  overlay: boolean;
  /** The request line and its actions, across the whole main area above the panes. */
  bar: ComponentChildren;
  request: ComponentChildren;
  response: ComponentChildren;
  /** The request pane takes the whole main area (the token tools need the room). */
  requestOnly: boolean;
  /** A view across the main area in place of the panes (which stay mounted under it). */
  wide: ComponentChildren | null;
}

interface Widths {
  dragWidth: number | null;
  mainWidth: number;
}

export function WorkbenchLayout(props: Props) {
  const { prefs, sidebar, overlay } = props;
  const setPrefs = prefsCommands.set;
  // The widths the layout follows: the sidebar's while a drag is under way, the main area's.
  const [{ dragWidth, mainWidth }, setWidths] = useState<Widths>({
    dragWidth: null,
    mainWidth: window.innerWidth,
  });
  const main = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = main.current;
    if (element === null) return;
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width;
      if (width !== undefined)
        setWidths((last) => (last.mainWidth === width ? last : { ...last, mainWidth: width }));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const wide = mainWidth >= SIDE_BY_SIDE_FROM_PX;
  const width = dragWidth ?? prefs.sidebarWidth;
  const docked = !overlay && sidebar !== null;
  return (
    <div
      class={`workbench${docked ? ' docked' : ''}`}
      style={docked ? { gridTemplateColumns: `${width}px 5px minmax(0, 1fr)` } : undefined}
    >
      {sidebar}
      <div class="main" ref={main}>
        {props.bar}
        {props.wide}
        <SplitView
          hidden={props.wide !== null}
          orientation={wide ? 'row' : 'column'}
          ratio={wide ? prefs.splitRow : prefs.splitColumn}
          onRatio={(ratio) => setPrefs(wide ? { splitRow: ratio } : { splitColumn: ratio })}
          label="Resize request and response"
          minPx={wide ? 260 : 120}
          first={props.request}
          second={props.response}
          firstOnly={props.requestOnly}
        />
      </div>
      {docked && (
        <ResizeHandle
          label="Resize sidebar"
          width={width}
          min={160}
          max={Math.max(200, Math.min(800, window.innerWidth - 360))}
          origin={() => main.current?.parentElement?.getBoundingClientRect().left ?? 0}
          onDrag={(width) => setWidths((last) => ({ ...last, dragWidth: width }))}
          onWidth={(sidebarWidth) => setPrefs({ sidebarWidth })}
        />
      )}
    </div>
  );
}
