/**
 * Steps the collection journeys share, in either browser: save the composer's request (into a new
 * collection when one is named), open a collection's actions, open a tree row's context menu, and
 * run a row's action that asks for a name in a dialog.
 */
import { expectGone, type PanelDriver } from './driver';

export async function saveRequest(
  panel: PanelDriver,
  path: string,
  name: string,
  collection: string | null,
) {
  await panel.role('textbox', 'Path').fill(path);
  await panel.role('button', 'Save request').click();
  const form = panel.role('form', 'Save request');
  await form.within('textbox', 'Request name').fill(name);
  if (collection !== null) {
    await panel.choose('Collection', 'New collection…');
    await form.within('textbox', 'New collection name').fill(collection);
  }
  await form.within('button', 'Save').click();
  await panel.role('treeitem', name).wait();
}

/** Opens the actions of a collection (New folder, Export collection, …) when they are closed. */
export async function openCollectionActions(panel: PanelDriver, collection: string) {
  const toggle = panel.role('button', `Actions for collection ${collection}`);
  if ((await toggle.attribute('aria-expanded')) !== 'true') await toggle.click();
}

/** Opens a tree row's context menu (as a right click does) and returns the menu. */
export async function openRowMenu(panel: PanelDriver, row: string) {
  await panel.role('treeitem', row).contextMenu();
  return panel.role('menu', `Actions for ${row}`);
}

/** Runs a row's menu action that opens a dialog, fills its one field and submits it. */
export async function nameViaDialog(
  panel: PanelDriver,
  row: string,
  action: string,
  submit: string,
  text: string,
) {
  const menu = await openRowMenu(panel, row);
  await menu.within('menuitem', action).click();
  const dialog = panel.role('dialog');
  await dialog.within('textbox').fill(text);
  await dialog.within('button', submit).click();
  await expectGone(panel.role('dialog'));
}
