/**
 * A divider that sets a width in pixels (the sidebar's): drag it, or focus it and use the arrows.
 * The width is reported once a drag ends, so a drag is one saved preference, not hundreds.
 */
import { useState } from 'preact/hooks';
import { sidebarWidthWithin } from '../../../src/vocabulary/ui-prefs';

interface Props {
  label: string;
  width: number;
  min: number;
  max: number;
  /** Where the resized element starts, in client pixels (its left edge). */
  origin: () => number;
  onWidth: (width: number) => void;
  /** While dragging, so the layout can follow the pointer before the drag ends. */
  onDrag: (width: number | null) => void;
}

export function ResizeHandle({ label, width, min, max, origin, onWidth, onDrag }: Props) {
  const [dragging, setDragging] = useState(false);
  const clamp = (value: number) => sidebarWidthWithin(value, min, max);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable, movable separator (the ARIA window-splitter pattern); <hr> cannot take focus
    <div
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-orientation="vertical"
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={width}
      class="resize-handle"
      onKeyDown={(event) => {
        if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
        event.preventDefault();
        onWidth(clamp(width + (event.key === 'ArrowRight' ? 20 : -20)));
      }}
      onPointerDown={(event) => {
        event.preventDefault();
        (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
        setDragging(true);
      }}
      onPointerMove={(event) => {
        if (dragging) onDrag(clamp(event.clientX - origin()));
      }}
      onPointerUp={(event) => {
        if (!dragging) return;
        setDragging(false);
        onDrag(null);
        onWidth(clamp(event.clientX - origin()));
      }}
    />
  );
}
