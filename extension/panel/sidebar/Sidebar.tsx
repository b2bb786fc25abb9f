/**
 * The sidebar: Collections, History and Capture (the inspected page's calls) as tabs. Docked
 * beside the panes when the panel is wide (resizable, and it can be hidden); over the panes when
 * the panel is narrow, closed until asked for (and closed again once a request is opened from it).
 */
import type { ComponentChildren } from 'preact';
import type { SidebarTab } from '../../../src/vocabulary/ui-prefs';
import { type TabItem, Tabs } from '../ui/Tabs';
import './sidebar.css';

const TABS: TabItem<SidebarTab>[] = [
  { id: 'collections', label: 'Collections' },
  { id: 'history', label: 'History' },
  { id: 'capture', label: 'Capture' },
];

interface Props {
  tab: SidebarTab;
  onTab: (tab: SidebarTab) => void;
  overlay: boolean;
  onClose: () => void;
  collections: ComponentChildren;
  history: ComponentChildren;
  capture: ComponentChildren;
}

export function Sidebar({ tab, onTab, overlay, onClose, collections, history, capture }: Props) {
  return (
    <aside id="sidebar" class={overlay ? 'sidebar overlay' : 'sidebar'} aria-label="Sidebar">
      <Tabs
        label="Sidebar"
        tabs={TABS}
        selected={tab}
        onSelect={onTab}
        end={
          overlay && (
            <button type="button" class="icon" aria-label="Close sidebar" onClick={onClose}>
              ×
            </button>
          )
        }
      >
        {tab === 'collections' ? collections : tab === 'history' ? history : capture}
      </Tabs>
    </aside>
  );
}
