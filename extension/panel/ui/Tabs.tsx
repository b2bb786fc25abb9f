/**
 * Tabs in the WAI-ARIA pattern: one tab stop for the whole list, arrows (and Home/End) move and
 * select, the panel is labelled by its tab. Only the selected panel is rendered: its content is
 * the caller's children.
 */
import type { ComponentChildren } from 'preact';
import './ui.css';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  /** A count or mark shown after the label, part of the tab's name ("Headers 4"). */
  badge?: string | number | undefined;
  /** Shown in the warning colour (an Explanation that needs reading). */
  alert?: boolean;
}

interface Props<Id extends string> {
  /** Names the tab list ("Request", "Response"); ids are derived from it. */
  label: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** Controls placed at the end of the tab strip (view switches, copy buttons). */
  end?: ComponentChildren;
  children: ComponentChildren;
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export function Tabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
  end,
  children,
}: Props<Id>) {
  const prefix = slug(label);
  const tabId = (id: string) => `${prefix}-tab-${id}`;
  const current = tabs.some((tab) => tab.id === selected) ? selected : (tabs[0]?.id as Id);

  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.findIndex((tab) => tab.id === current);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    const tab = tabs[next];
    if (tab === undefined) return;
    event.preventDefault();
    onSelect(tab.id);
    document.getElementById(tabId(tab.id))?.focus();
  }

  return (
    <div class="tabs">
      <div class="tab-strip">
        <div role="tablist" aria-label={label} class="tab-list" onKeyDown={onKeyDown}>
          {tabs.map((tab) => (
            <button
              type="button"
              role="tab"
              key={tab.id}
              id={tabId(tab.id)}
              aria-selected={tab.id === current}
              aria-controls={`${prefix}-panel`}
              tabIndex={tab.id === current ? 0 : -1}
              class={tab.alert ? 'tab alert' : 'tab'}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
              {tab.badge !== undefined && <span class="tab-badge"> {tab.badge}</span>}
            </button>
          ))}
        </div>
        {end && <div class="tab-end">{end}</div>}
      </div>
      <div
        role="tabpanel"
        id={`${prefix}-panel`}
        aria-labelledby={tabId(current)}
        class="tab-panel"
        // The panel itself is focusable only when its content has nothing focusable to start from.
        tabIndex={-1}
      >
        {children}
      </div>
    </div>
  );
}
