/**
 * Two panes and a draggable divider, side by side (`row`) or stacked (`column`), as DevTools'
 * SplitWidget: the divider is a focusable separator (arrows move it), the ratio is the caller's to
 * remember, and it is reported once a drag ends rather than on every pixel.
 */
import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { splitRatioWithin } from '../../../src/vocabulary/ui-prefs';

interface Props {
  orientation: 'row' | 'column';
  /** Share of the first pane, 0.1 to 0.9. */
  ratio: number;
  onRatio: (ratio: number) => void;
  /** Names the divider ("Resize request and response"). */
  label: string;
  /** Smallest size of either pane in pixels. */
  minPx?: number;
  first: ComponentChildren;
  second: ComponentChildren;
  /** The first pane takes the whole box; the second stays mounted, out of sight. */
  firstOnly?: boolean;
  /** Both panes out of sight, still mounted (a wide view lies in their place). */
  hidden?: boolean;
}

/** Within 0.1..0.9, in whole percents (ui-prefs.ts): what a preference may keep. */
const clamp = splitRatioWithin;
const STEP = 0.05;

export function SplitView(props: Props) {
  const { orientation, onRatio, label, first, second } = props;
  const [dragging, setDragging] = useState<number | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const ratio = dragging ?? clamp(props.ratio);
  const min = props.minPx ?? 160;
  const track = props.firstOnly
    ? 'minmax(0, 1fr)'
    : `minmax(${min}px, ${ratio}fr) 5px minmax(${min}px, ${1 - ratio}fr)`;

  function ratioAt(event: PointerEvent): number {
    const rect = box.current?.getBoundingClientRect();
    if (rect === undefined) return ratio;
    return clamp(
      orientation === 'row'
        ? (event.clientX - rect.left) / rect.width
        : (event.clientY - rect.top) / rect.height,
    );
  }

  function onKeyDown(event: KeyboardEvent) {
    const back = orientation === 'row' ? 'ArrowLeft' : 'ArrowUp';
    const forth = orientation === 'row' ? 'ArrowRight' : 'ArrowDown';
    if (event.key !== back && event.key !== forth) return;
    event.preventDefault();
    onRatio(clamp(ratio + (event.key === forth ? STEP : -STEP)));
  }

  return (
    <div
      ref={box}
      class={`split split-${orientation}`}
      hidden={props.hidden}
      style={orientation === 'row' ? { gridTemplateColumns: track } : { gridTemplateRows: track }}
    >
      <div class="split-pane">{first}</div>
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable, movable separator is the ARIA window-splitter pattern; <hr> cannot take focus or a value */}
      <div
        role="separator"
        tabIndex={0}
        hidden={props.firstOnly}
        aria-label={label}
        aria-orientation={orientation === 'row' ? 'vertical' : 'horizontal'}
        aria-valuemin={10}
        aria-valuemax={90}
        aria-valuenow={Math.round(ratio * 100)}
        class="split-divider"
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
          setDragging(ratioAt(event));
        }}
        onPointerMove={(event) => {
          if (dragging !== null) setDragging(ratioAt(event));
        }}
        onPointerUp={(event) => {
          if (dragging === null) return;
          setDragging(null);
          onRatio(ratioAt(event));
        }}
      />
      <div class="split-pane" hidden={props.firstOnly}>
        {second}
      </div>
    </div>
  );
}
