/**
 * Saved collections in the panel, in Chromium and in Firefox (journeys of both projects): save,
 * organise, search, open with unsaved changes, all surviving a reload; Import cURL. Export and
 * import: collections-export.spec.ts.
 */

import { nameViaDialog, openCollectionActions, openRowMenu, saveRequest } from './collection-steps';
import { expectGone, expectText, expectValue, type PanelDriver } from './driver';
import { expect, test } from './fixtures';
import { createApiKeyProfile } from './profiles';

/** The texts of the tree rows shown in the Collections region. */
function shownRows(panel: PanelDriver) {
  return panel
    .role('region', 'Collections')
    .evaluate((region) =>
      [...region.querySelectorAll('[role=treeitem]')]
        .filter((row) => row.checkVisibility({ visibilityProperty: true }))
        .map((row) => (row as HTMLElement).innerText.trim()),
    );
}

test('save, organise, search and reopen requests; they survive a reload', async ({
  panel,
  sandbox,
}) => {
  await createApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  await saveRequest(panel, 'products', 'List products', 'Shop');
  await saveRequest(panel, 'products/prd_1001', 'One product', null);
  const collections = panel.role('region', 'Collections');
  const row = (name: string) => collections.within('treeitem', name);
  const attribute = (name: string, attribute: string) =>
    expect.poll(() => row(name).attribute(attribute));

  await openCollectionActions(panel, 'Shop');
  await collections.within('button', 'New folder in Shop').click();
  const newFolder = panel.role('dialog', 'New folder in “Shop”');
  await newFolder.within('textbox', 'Folder name').fill('Orders');
  await newFolder.within('button', 'Create folder').click();
  await attribute('Orders', 'aria-expanded').toBe('false');

  let menu = await openRowMenu(panel, 'One product');
  await menu.within('menuitem', 'Move to folder One product').click();
  await panel.choose('Move One product to folder', 'Orders');
  await panel.role('dialog').within('button', 'Move').click();
  await row('Orders').click();
  await attribute('Orders', 'aria-expanded').toBe('true');
  await attribute('One product', 'aria-level').toBe('2');
  await nameViaDialog(panel, 'One product', 'Rename One product', 'Rename', 'Get one product');
  menu = await openRowMenu(panel, 'List products');
  await menu.within('menuitem', 'Duplicate List products').click();
  await row('List products copy').wait();
  menu = await openRowMenu(panel, 'List products copy');
  await menu.within('menuitem', 'Move up List products copy').click();
  await attribute('List products copy', 'aria-posinset').toBe('1');
  await attribute('List products', 'aria-posinset').toBe('2');
  await attribute('Orders', 'aria-posinset').toBe('3');
  await attribute('Get one product', 'aria-level').toBe('2');

  menu = await openRowMenu(panel, 'List products copy');
  await menu.within('menuitem', 'Delete List products copy').click();
  await panel.role('dialog').within('button', 'Delete').click();
  await expectGone(row('List products copy'));

  const search = collections.within('searchbox', 'Search requests');
  await search.fill('one');
  await expect
    .poll(() => shownRows(panel))
    .toEqual([expect.stringMatching(/Orders/), expect.stringMatching(/Get one product/)]);
  await search.fill('nothing like it');
  await expectText(collections, 'No saved request matches “nothing like it”.');
  await search.fill('');

  await panel.reload();
  await row('Orders').click();
  await row('Get one product').click();
  const path = panel.role('textbox', 'Path');
  await expectValue(path, 'products/prd_1001');
  await path.fill('products/prd_1002');
  const unsaved = panel.text('Unsaved changes to “Get one product”');
  await expect.poll(() => unsaved.visible()).toBe(true);
  await panel.role('button', 'Save changes').click();
  await expectGone(unsaved);
  await panel.reload();
  await row('Orders').click();
  await row('Get one product').click();
  await expectValue(panel.role('textbox', 'Path'), 'products/prd_1002');
});

test('Import cURL fills the composer and drops the credentials it finds', async ({
  panel,
  sandbox,
}) => {
  await createApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  await panel.role('button', 'Import cURL').click();
  await panel
    .role('textbox', 'cURL command')
    .fill(
      `curl '${sandbox.url}/v1/products?limit=5' -X POST -H 'authorization: Bearer abc.def.ghi' -H 'X-Trace: 7' --data-raw '{"a":1}'`,
    );
  await panel.role('form', 'Import cURL').within('button', 'Import').click();
  await expectValue(panel.role('textbox', 'Path'), 'products');
  expect(await panel.role('combobox', 'Method').value()).toBe('POST');
  await panel.tab('Request', 'Body');
  await expectValue(panel.role('textbox', 'Body'), '{"a":1}');
  await expectText(panel.role('status', 'cURL import notes'), /Authorization.*dropped/i);
  await panel.role('button', 'Send').click();
  // Read what the sandbox received only once the answer is on screen.
  await expectText(panel.role('region', 'Response'), '200 OK');
  const sent = sandbox.requests.find((request) => request.path === '/v1/products');
  expect(sent?.headers.authorization).toBeUndefined();
  expect(sent?.headers['x-trace']).toBe('7');
  expect(sent?.headers['x-apikey']).toBe(sandbox.credentials.apiKey);
});
