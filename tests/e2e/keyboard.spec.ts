/**
 * The panel by keyboard alone: from the top, Skip to Path is the first Tab stop, and Tab follows
 * the eye (toolbar, sidebar, request line); Ctrl+Enter sends, Ctrl+S saves (its dialog takes
 * focus and gives it back), the collection tree is one Tab stop that arrows move through and
 * Enter opens from, Ctrl+K finds a saved request; after each, focus is on a named control, never
 * on <body>.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createApiKeyProfile } from './profiles';

/** The focused element's role and accessible name, as a screen reader would announce it. */
async function focused(panel: Page): Promise<{ tag: string; name: string }> {
  return panel.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const labelled = element?.getAttribute('aria-label');
    const byId = element?.id ? document.querySelector(`label[for="${element.id}"]`) : null;
    return {
      tag: element?.localName ?? 'none',
      name: (labelled ?? byId?.textContent ?? element?.textContent ?? '').trim(),
    };
  });
}

async function expectNamedFocus(panel: Page) {
  const now = await focused(panel);
  expect(now.tag, 'focus is on a control, not on the page').not.toBe('body');
  expect(now.name, `the focused ${now.tag} has a name`).not.toBe('');
}

test('from the top to Path, send, save, open from the tree and from quick search: all by keyboard', async ({
  panel,
  sandbox,
}) => {
  await createApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  await panel.reload();
  await expect(panel.getByRole('textbox', { name: 'Path' })).toBeVisible();

  // From the top of the panel: the first Tab reaches Skip to Path, Enter lands in Path.
  await panel.keyboard.press('Tab');
  expect((await focused(panel)).name).toBe('Skip to Path');
  await panel.keyboard.press('Enter');
  expect((await focused(panel)).name).toBe('Path');
  // Without it, Tab goes as the eye does: the toolbar, the sidebar (standing first), then Path.
  await panel.reload();
  await expect(panel.getByRole('textbox', { name: 'Path' })).toBeVisible();
  const order: string[] = [];
  while ((await focused(panel)).name !== 'Path' && order.length < 30) {
    await panel.keyboard.press('Tab');
    order.push((await focused(panel)).name);
  }
  expect(order.at(-1)).toBe('Path');
  expect(order.indexOf('Search requests'), 'the sidebar before Path').toBeGreaterThan(0);

  await panel.keyboard.type('products/prd_1001');
  await panel.keyboard.press('Control+Enter');
  const response = panel.getByRole('region', { name: 'Response', exact: true });
  await expect(response).toContainText(/(?<!\d)200(?!\d)/);
  await expect(panel.getByRole('textbox', { name: 'Path' })).toBeFocused();

  // Ctrl+S: the Save request dialog takes focus; Enter saves; focus comes back to Path.
  await panel.keyboard.press('Control+s');
  const form = panel.getByRole('form', { name: 'Save request' });
  await expect(form.getByRole('textbox', { name: 'Request name' })).toBeFocused();
  await panel.keyboard.type('One product');
  await panel.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await expect(panel.getByRole('textbox', { name: 'Path' })).toBeFocused();
  // An opened form closes with Escape and gives focus back too.
  await panel.keyboard.press('Control+s');
  await expect(panel.getByRole('status').filter({ hasText: 'Saved “One product”' })).toBeVisible();
  await panel.getByRole('button', { name: 'Import cURL' }).focus();
  await panel.keyboard.press('Enter');
  await expect(panel.getByRole('textbox', { name: 'cURL command' })).toBeFocused();
  await panel.keyboard.press('Escape');
  await expect(panel.getByRole('button', { name: 'Import cURL' })).toBeFocused();

  // The tree is one Tab stop; arrows move, Enter opens the request into the composer.
  await panel.getByRole('textbox', { name: 'Path' }).fill('something-else');
  const tree = panel.getByRole('tree', { name: 'Sandbox' });
  const rows = tree.getByRole('treeitem');
  await expect(rows).toHaveCount(1);
  await tree.getByRole('treeitem').first().focus();
  await panel.keyboard.press('Enter');
  await expect(panel.getByRole('textbox', { name: 'Path' })).toHaveValue('products/prd_1001');
  await expect(tree.getByRole('treeitem', { name: 'One product' })).toBeFocused();
  await expect(tree.locator('[tabindex="0"]')).toHaveCount(1);
  await expectNamedFocus(panel);
  // Shift+F10 opens the row's menu; Escape closes it and focus returns to the row.
  await panel.keyboard.press('Shift+F10');
  await expect(panel.getByRole('menuitem', { name: 'Open One product' })).toBeFocused();
  await panel.keyboard.press('ArrowDown');
  await expect(panel.getByRole('menuitem', { name: 'Rename One product' })).toBeFocused();
  await panel.keyboard.press('Escape');
  await expect(tree.getByRole('treeitem', { name: 'One product' })).toBeFocused();

  // Ctrl+K: quick search over saved requests and history; Enter opens, focus goes to Path.
  await panel.getByRole('textbox', { name: 'Path' }).fill('elsewhere');
  await panel.keyboard.press('Control+k');
  const search = panel.getByRole('combobox', { name: 'Search saved requests and history' });
  await expect(search).toBeFocused();
  await panel.keyboard.type('one');
  await expect(
    panel.getByRole('listbox', { name: 'Matches' }).getByRole('option', { selected: true }),
  ).toContainText('One product');
  await panel.keyboard.press('Enter');
  await expect(panel.getByRole('textbox', { name: 'Path' })).toHaveValue('products/prd_1001');
  await expect(panel.getByRole('textbox', { name: 'Path' })).toBeFocused();
  // It finds by path too, written as an address has it, and shows the path it matched.
  await panel.keyboard.press('Control+k');
  await panel.keyboard.type('/v1/products/prd');
  const byPath = panel
    .getByRole('listbox', { name: 'Matches' })
    .getByRole('option', { selected: true });
  await expect(byPath).toContainText('One product');
  await expect(byPath).toContainText('/v1/products/prd_1001');
  await panel.keyboard.press('Escape');

  // Send with the mouse, then check focus stays on Send (it is never disabled under focus).
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(response).toContainText(/(?<!\d)200(?!\d)/);
  await expect(panel.getByRole('button', { name: 'Send' })).toBeFocused();
});
