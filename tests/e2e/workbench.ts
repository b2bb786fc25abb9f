/**
 * Finding things in the panel's workbench the way a user does: the request pane's tabs (Params,
 * Headers, Body, Auth, Tests), the response pane's tabs (Body, Headers, Sent, Checks, Explanation), the sidebar's
 * tabs (Collections, History), a collection's actions (behind ⋯) and a tree row's context menu.
 * Imports only types from Playwright, so scripts can use it too.
 */
import type { Locator, Page } from '@playwright/test';

type RequestTab = 'Params' | 'Headers' | 'Body' | 'Auth' | 'Tests';
type ResponseTab = 'Body' | 'Headers' | 'Sent' | 'Timeline' | 'Checks' | 'Explanation';
type SidebarTab = 'Collections' | 'History';

function tab(panel: Page, list: string, name: string): Locator {
  return panel
    .getByRole('tablist', { name: list, exact: true })
    .getByRole('tab', { name: new RegExp(`^${name}\\b`) });
}

export async function requestTab(panel: Page, name: RequestTab): Promise<void> {
  await tab(panel, 'Request', name).click();
}

export async function responseTab(panel: Page, name: ResponseTab): Promise<void> {
  await tab(panel, 'Response', name).click();
}

export async function sidebarTab(panel: Page, name: SidebarTab): Promise<void> {
  await tab(panel, 'Sidebar', name).click();
}

/** Opens the actions of a collection (New folder, Export collection, …) when they are closed. */
export async function openCollectionActions(panel: Page, collection: string): Promise<void> {
  const toggle = panel.getByRole('button', { name: `Actions for collection ${collection}` });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** Opens a tree row's context menu (as a right click does) and returns the menu. */
export async function openRowMenu(panel: Page, row: string): Promise<Locator> {
  await panel.getByRole('treeitem', { name: row, exact: true }).click({ button: 'right' });
  return panel.getByRole('menu', { name: `Actions for ${row}` });
}
