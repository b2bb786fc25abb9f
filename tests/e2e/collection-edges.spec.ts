/**
 * Collections, the rough edges a newcomer met: a new folder named right in the Save dialog, rows
 * moved by drag and drop (the row menu's Move up / Move to folder stay the keyboard's way), and
 * Undo for a few seconds after deleting a collection.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { saveApiKeyProfile } from './profiles';
import { openCollectionActions } from './workbench';

/** Saves the composed call as `name`, into the collection `collection` (new) or the first one. */
async function save(panel: Page, path: string, name: string, collection?: string) {
  await panel.getByRole('textbox', { name: 'Path' }).fill(path);
  await panel.getByRole('button', { name: 'Save request' }).click();
  const form = panel.getByRole('form', { name: 'Save request' });
  await form.getByRole('textbox', { name: 'Request name' }).fill(name);
  if (collection !== undefined) {
    await form
      .getByRole('combobox', { name: 'Collection' })
      .selectOption({ label: 'New collection…' });
    await form.getByRole('textbox', { name: 'New collection name' }).fill(collection);
  }
  return form;
}

test('the Save dialog makes a new folder in an existing collection', async ({ panel, sandbox }) => {
  await saveApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  const first = await save(panel, 'products', 'List products', 'Shop');
  await first.getByRole('button', { name: 'Save', exact: true }).click();
  const form = await save(panel, 'orders', 'List orders');
  await form.getByRole('combobox', { name: 'Folder' }).selectOption({ label: 'New folder…' });
  await form.getByRole('textbox', { name: 'New folder name' }).fill('Orders');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  const tree = panel.getByRole('tree', { name: 'Shop' });
  const orders = tree.getByRole('treeitem', { name: 'Orders', exact: true });
  await expect(orders).toBeVisible();
  await orders.click();
  await expect(tree.getByRole('treeitem', { name: 'List orders' })).toHaveAttribute(
    'aria-level',
    '2',
  );
});

test('rows move by drag and drop: before a row, and into a folder', async ({ panel, sandbox }) => {
  await saveApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  const first = await save(panel, 'products', 'List products', 'Shop');
  await first.getByRole('button', { name: 'Save', exact: true }).click();
  for (const [path, name] of [
    ['orders', 'List orders'],
    ['ping', 'Ping'],
  ]) {
    const form = await save(panel, path as string, name as string);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
  }
  const tree = panel.getByRole('tree', { name: 'Shop' });
  const row = (name: string) => tree.getByRole('treeitem', { name, exact: true });
  await expect(row('Ping')).toHaveAttribute('aria-posinset', '3');
  // Onto the top edge of the first row: Ping goes before it.
  await row('Ping').dragTo(row('List products'), { targetPosition: { x: 20, y: 2 } });
  await expect(row('Ping')).toHaveAttribute('aria-posinset', '1');
  await expect(row('List products')).toHaveAttribute('aria-posinset', '2');

  await openCollectionActions(panel, 'Shop');
  await panel.getByRole('button', { name: 'New folder in Shop' }).click();
  const dialog = panel.getByRole('dialog', { name: 'New folder in “Shop”' });
  await dialog.getByRole('textbox', { name: 'Folder name' }).fill('Orders');
  await dialog.getByRole('button', { name: 'Create folder' }).click();
  // Onto the middle of a folder row: into the folder.
  const box = await row('Orders').boundingBox();
  await row('List orders').dragTo(row('Orders'), {
    targetPosition: { x: 20, y: (box?.height ?? 20) / 2 },
  });
  await row('Orders').click();
  await expect(row('List orders')).toHaveAttribute('aria-level', '2');
  // Dragging selected no text in the tree on the way. (Chrome's getSelection() also reports text
  // selected inside a focused input, such as Path, which a drag in the tree does not touch.)
  const selectedInTree = await panel.evaluate(() => {
    const selection = getSelection();
    const tree = document.querySelector('[role="tree"]');
    if (selection === null || selection.rangeCount === 0 || tree === null) return '';
    const range = selection.getRangeAt(0);
    return range.intersectsNode(tree) ? range.toString() : '';
  });
  expect(selectedInTree).toBe('');
});

test('a deleted collection can be brought back with Undo', async ({ panel, sandbox }) => {
  await saveApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  const form = await save(panel, 'products', 'List products', 'Shop');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await openCollectionActions(panel, 'Shop');
  await panel.getByRole('button', { name: 'Delete collection Shop' }).click();
  await panel
    .getByRole('dialog')
    .getByRole('button', { name: 'Delete collection', exact: true })
    .click();
  await expect(panel.getByRole('tree', { name: 'Shop' })).toHaveCount(0);
  const notice = panel.getByRole('status').filter({ hasText: 'Deleted the collection “Shop”.' });
  await notice.getByRole('button', { name: 'Undo' }).click();
  const tree = panel.getByRole('tree', { name: 'Shop' });
  await expect(tree.getByRole('treeitem', { name: 'List products' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  // It is stored again: it survives a reload.
  await panel.reload();
  await expect(
    panel.getByRole('tree', { name: 'Shop' }).getByRole('treeitem', { name: 'List products' }),
  ).toBeVisible();
});
