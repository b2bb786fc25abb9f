/**
 * A context menu in the WAI-ARIA menu pattern, opened at a point (a right click, the ⋯ button,
 * Shift+F10): focus moves to its first item, arrows move between items, Escape or a click outside
 * closes it and focus returns to `returnTo`. Items are named by their visible text plus what they
 * act on ("Rename Get product"), so the visible word is part of the name.
 */
import { useEffect, useRef } from 'preact/hooks';

export interface MenuItem {
  /** Visible text, e.g. "Rename". */
  text: string;
  /** Accessible name; must contain `text` (e.g. "Rename Get product"). */
  name: string;
  onSelect: () => void;
  disabled?: boolean;
  danger?: boolean;
}

interface Props {
  label: string;
  at: { x: number; y: number };
  items: MenuItem[];
  onClose: () => void;
  returnTo: () => HTMLElement | null;
}

export function Menu({ label, at, items, onClose, returnTo }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const buttons = () => [
    ...(ref.current?.querySelectorAll<HTMLButtonElement>('[role=menuitem]') ?? []),
  ];

  useEffect(() => {
    buttons()
      .find((button) => !button.disabled)
      ?.focus();
    const outside = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, []);

  function close(restore = true) {
    onClose();
    if (restore) queueMicrotask(() => returnTo()?.focus());
  }

  function onKeyDown(event: KeyboardEvent) {
    const all = buttons().filter((button) => !button.disabled);
    const index = all.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => all[(to + all.length) % all.length]?.focus();
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') close();
    else return;
    event.preventDefault();
    event.stopPropagation();
  }

  // Kept inside the viewport: a menu opened near the bottom or right edge grows the other way.
  const style = {
    left: `min(${at.x}px, calc(100vw - 190px))`,
    top: `min(${at.y}px, calc(100vh - ${items.length * 24 + 12}px))`,
  };
  return (
    <div ref={ref} role="menu" aria-label={label} class="menu" style={style} onKeyDown={onKeyDown}>
      {items.map((item) => (
        <button
          type="button"
          role="menuitem"
          key={item.name}
          aria-label={item.name}
          disabled={item.disabled}
          tabIndex={-1}
          class={item.danger ? 'danger' : undefined}
          onClick={() => {
            close();
            item.onSelect();
          }}
        >
          {item.text}
        </button>
      ))}
    </div>
  );
}
