/**
 * A row of actions that stays one row, as DevTools' toolbars do: the actions that do not fit are
 * hidden from the row (from sight, the keyboard and screen readers alike) and offered in a
 * "More actions" menu instead; a status after them takes what room is left and is cut with an
 * ellipsis, its whole text in its tooltip. Which actions fit is measured after every layout.
 */
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { MenuItem } from './Menu';
import { MenuButton } from './MenuButton';

export interface RowAction {
  /** The action in the row, usually a button. */
  node: ComponentChildren;
  /** The same action as a menu item, for when it does not fit. */
  item: MenuItem;
}

interface Props {
  label: string;
  actions: readonly RowAction[];
  /** After the actions (and the More actions button), never hidden: a menu button of its own. */
  pinned?: ComponentChildren;
  /** Text after everything else, cut to the room left. */
  status?: ComponentChildren;
  class?: string;
}

export function OverflowRow({ label, actions, pinned, status, class: className }: Props) {
  const group = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState(0);

  // Items that wrapped to a second line of the one-line group are the ones that do not fit:
  // measured after every render (the actions change) and whenever the group is resized.
  function measure() {
    const children = [...(group.current?.children ?? [])] as HTMLElement[];
    const top = children[0]?.offsetTop ?? 0;
    const wrapped = children.filter((child) => child.offsetTop > top).length;
    setHidden((now) => (now === wrapped ? now : wrapped));
  }
  useLayoutEffect(measure);
  useLayoutEffect(() => {
    if (group.current === null) return;
    const observer = new ResizeObserver(() => measure());
    observer.observe(group.current);
    return () => observer.disconnect();
  }, []);

  const shown = actions.length - hidden;
  return (
    <div role="toolbar" aria-label={label} class={`overflow-row ${className ?? ''}`}>
      <div class="overflow-row-group" ref={group}>
        {actions.map((action, index) => (
          <span
            key={action.item.name}
            class={index < shown ? 'overflow-row-item' : 'overflow-row-item overflowed'}
          >
            {action.node}
          </span>
        ))}
      </div>
      {hidden > 0 && (
        <MenuButton
          label="More actions"
          icon
          items={actions.slice(shown).map((action) => action.item)}
        >
          »
        </MenuButton>
      )}
      {pinned}
      {status !== undefined && <div class="overflow-row-status">{status}</div>}
    </div>
  );
}
