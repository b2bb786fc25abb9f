/**
 * A button that opens a menu of `items` just under itself and closes it when pressed again; focus
 * returns to the button when the menu closes (Menu.tsx). The menu's code loads when the button is
 * first pointed at or focused (the first render shows no menu), so it is there when pressed.
 */
import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { lazyComponent } from './lazy';
import type { MenuItem } from './Menu';

const loadMenu = () => import('./Menu').then((module) => module.Menu);
const Menu = lazyComponent(loadMenu);

interface Props {
  /** The menu's name (and the button's, unless its text says it). */
  label: string;
  items: MenuItem[];
  /** What the button shows: its text, or an icon with `icon`. */
  children: ComponentChildren;
  /** An icon button: named by `label`, with it as its tooltip too. */
  icon?: boolean;
}

export function MenuButton({ label, items, children, icon = false }: Props) {
  const button = useRef<HTMLButtonElement>(null);
  const [at, setAt] = useState<{ x: number; y: number } | null>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        {...(icon ? { class: 'icon', 'aria-label': label, title: label } : {})}
        aria-haspopup="menu"
        aria-expanded={at !== null}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={() => {
          const box = button.current?.getBoundingClientRect();
          setAt(at === null && box ? { x: box.left, y: box.bottom } : null);
        }}
      >
        {children}
      </button>
      {at !== null && (
        <Menu
          label={label}
          at={at}
          items={items}
          onClose={() => setAt(null)}
          returnTo={() => button.current}
        />
      )}
    </>
  );
}
