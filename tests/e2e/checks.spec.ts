/**
 * Checks on answers, in the built extension against the sandbox: assertions written in the Tests
 * tab are checked after every Send (each passed or failed with what was found, counted in the
 * status line), and an answer variable carries a value into the next call's {{name}}, kept per
 * profile by the worker, shown and clearable; a secret's name is never written.
 */
import type { Page } from '@playwright/test';
import { expect, OFTEN, test } from './fixtures';
import { saveApiKeyProfile } from './profiles';
import { requestTab, responseTab } from './workbench';

async function addAssertion(
  panel: Page,
  index: number,
  expression: string,
  operator: string,
  value: string,
) {
  await panel.getByRole('button', { name: 'Add assertion' }).click();
  const row = `Assertion ${index}`;
  await panel.getByRole('textbox', { name: `${row} expression` }).fill(expression);
  await panel.getByRole('combobox', { name: `${row} operator` }).selectOption(operator);
  if (value !== '') await panel.getByRole('textbox', { name: `${row} value` }).fill(value);
}

async function addVariable(panel: Page, index: number, name: string, expression: string) {
  await panel.getByRole('button', { name: 'Add answer variable' }).click();
  await panel.getByRole('textbox', { name: `Answer variable ${index} name` }).fill(name);
  await panel
    .getByRole('textbox', { name: `Answer variable ${index} expression` })
    .fill(expression);
}

test('assertions are checked after Send and an answer variable carries a value into the next call', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { name: 'Checks', baseUrl: sandbox.url, companyId, apiKey });
  await panel.getByRole('textbox', { name: 'Path' }).fill('products');

  await requestTab(panel, 'Tests');
  await addAssertion(panel, 1, 'res.status', 'eq', '200');
  await addAssertion(panel, 2, 'res.body.data.items[0].id', 'eq', '"prd_1001"');
  await addAssertion(panel, 3, 'res.body.data.total', 'gt', '5');
  await addAssertion(panel, 4, 'res.headers.content-type', 'isDefined', '');
  await expect(panel.getByRole('textbox', { name: 'Assertion 4 value' })).toBeDisabled();
  await addVariable(panel, 1, 'productId', 'res.body.data.items[1].id');
  await addVariable(panel, 2, 'apiKey', 'res.body.data.items[0].id');
  await panel.getByRole('button', { name: 'Send' }).click();

  const response = panel.getByRole('region', { name: 'Response' });
  await expect(response).toContainText('3 of 4 checks passed');
  await responseTab(panel, 'Checks');
  const results = panel.getByRole('list', { name: 'Assertion results' }).getByRole('listitem');
  await expect(results).toHaveCount(4);
  await expect(results.nth(0)).toContainText('Passed res.status eq 200 found 200');
  await expect(results.nth(1)).toContainText('Passed');
  await expect(results.nth(2)).toContainText(
    'Failed res.body.data.total gt 5 found 3: expected greater than 5',
  );
  const carried = panel.getByRole('list', { name: 'Values for later calls' }).getByRole('listitem');
  await expect(carried.nth(0)).toContainText('{{productId}} = prd_1002');
  await expect(carried.nth(1)).toContainText('{{apiKey}} not kept: the profile sets this name');

  // The carried value is shown in the Tests tab and used by the next call.
  await expect(panel.getByRole('definition')).toHaveText(['prd_1002']);
  await panel.getByRole('textbox', { name: 'Path' }).fill('products/{{productId}}');
  await expect(panel.getByText(`${sandbox.url}/v1/products/prd_1002`)).toBeVisible();
  await panel.getByRole('button', { name: 'Remove assertion 3' }).click();
  await panel.getByRole('button', { name: 'Remove answer variable 2' }).click();
  await panel.getByRole('button', { name: 'Remove answer variable 1' }).click();
  await panel.getByRole('button', { name: 'Send' }).click();
  // One product now: the list's first id is not there.
  await expect(response).toContainText('2 of 3 checks passed');
  await expect(results.nth(1)).toContainText(
    'Failed res.body.data.items[0].id eq "prd_1001" found undefined',
  );
  await responseTab(panel, 'Body');
  await expect(response).toContainText('Express pickup');
  const last = sandbox.requests.at(-1);
  expect(last?.path).toBe('/v1/products/prd_1002');

  await panel.getByRole('button', { name: 'Clear carried values' }).click();
  await expect(panel.getByText('This profile carries no values yet.')).toBeVisible();
  await expect(panel.getByText('Unknown variable: {{productId}}')).toBeVisible();
});

test('an assertion value with {{variables}} compares with the carried value and names an undefined one', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { name: 'Vars', baseUrl: sandbox.url, companyId, apiKey });
  await panel.getByRole('textbox', { name: 'Path' }).fill('products');
  await requestTab(panel, 'Tests');
  await addVariable(panel, 1, 'productId', 'res.body.data.items[1].id');
  // Its own answer's value counts: the values are carried before the assertions run.
  await addAssertion(panel, 1, 'res.body.data.items[1].id', 'eq', '{{productId}}');
  await panel.getByRole('button', { name: 'Send' }).click();
  const response = panel.getByRole('region', { name: 'Response' });
  await expect(response).toContainText('1 of 1 check passed');

  await panel.getByRole('button', { name: 'Remove answer variable 1' }).click();
  await panel.getByRole('textbox', { name: 'Path' }).fill('products/{{productId}}');
  await panel.getByRole('textbox', { name: 'Assertion 1 expression' }).fill('res.body.data.id');
  await addAssertion(panel, 2, 'res.body.data.name', 'eq', '{{productId}}');
  await addAssertion(panel, 3, 'res.body.data.id', 'eq', '{{orderId}}');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(response).toContainText('1 of 3 checks passed');
  await responseTab(panel, 'Checks');
  const results = panel.getByRole('list', { name: 'Assertion results' }).getByRole('listitem');
  await expect(results.nth(0)).toContainText('Passed res.body.data.id eq {{productId}}');
  await expect(results.nth(1)).toContainText(
    'Failed res.body.data.name eq {{productId}} found "Express pickup": expected "prd_1002"',
  );
  await expect(results.nth(2)).toContainText(
    'Failed res.body.data.id eq {{orderId}} found "prd_1002": {{orderId}} is not defined',
  );
});

test('the checks of an unsaved draft come back after a reload, a secret in them masked', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { name: 'Kept', baseUrl: sandbox.url, companyId, apiKey });
  await panel.getByRole('textbox', { name: 'Path' }).fill('products');
  await requestTab(panel, 'Tests');
  await addAssertion(panel, 1, 'res.status', 'eq', '200');
  await addAssertion(panel, 2, 'res.body.data.total', 'gt', '2');
  await addAssertion(panel, 3, 'res.headers.x-echo', 'neq', apiKey);
  await panel.getByRole('checkbox', { name: 'Assertion 2 enabled' }).uncheck();
  await addVariable(panel, 1, 'productId', 'res.body.data.items[1].id');

  // DevTools closed and opened again, at once: nothing waits for the save's delay.
  await panel.reload();
  await expect(panel.getByRole('textbox', { name: 'Path' })).toHaveValue('products');
  await requestTab(panel, 'Tests');
  await expect(panel.getByRole('textbox', { name: 'Assertion 1 expression' })).toHaveValue(
    'res.status',
  );
  await expect(panel.getByRole('combobox', { name: 'Assertion 2 operator' })).toHaveValue('gt');
  await expect(panel.getByRole('textbox', { name: 'Assertion 2 value' })).toHaveValue('2');
  await expect(panel.getByRole('checkbox', { name: 'Assertion 2 enabled' })).not.toBeChecked();
  await expect(panel.getByRole('textbox', { name: 'Assertion 3 value' })).not.toHaveValue(apiKey);
  await expect(panel.getByRole('textbox', { name: 'Answer variable 1 expression' })).toHaveValue(
    'res.body.data.items[1].id',
  );
  const stored = await panel.evaluate(() => chrome.storage.local.get('draftChecks'));
  expect(JSON.stringify(stored)).toContain('res.body.data.total');
  expect(JSON.stringify(stored)).not.toContain(apiKey);

  // And they still run: the kept draft is sent with its checks.
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByRole('region', { name: 'Response' })).toContainText(
    '2 of 2 checks passed',
  );
  // Emptied, they are forgotten.
  for (const name of ['Remove assertion 3', 'Remove assertion 2', 'Remove assertion 1']) {
    await panel.getByRole('button', { name }).click();
  }
  await panel.getByRole('button', { name: 'Remove answer variable 1' }).click();
  await panel.reload();
  await requestTab(panel, 'Tests');
  await expect(panel.getByRole('button', { name: 'Add assertion' })).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Assertion 1 expression' })).toHaveCount(0);
});

test('Add answer variable is a draft the worker keeps: no refusal, a note on the field, not carried by Send, named at a save', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { name: 'Typing', baseUrl: sandbox.url, companyId, apiKey });
  await panel.getByRole('textbox', { name: 'Path' }).fill('products');
  await requestTab(panel, 'Tests');
  await panel.getByRole('button', { name: 'Add answer variable' }).click();
  const name = panel.getByRole('textbox', { name: 'Answer variable 1 name' });
  // The grey text reads as an example, not as a value.
  await expect(name).toHaveAttribute('placeholder', 'name, e.g. orderId');
  await expect(name).toHaveAccessibleDescription(
    'Answer variable 1: Give it a name to carry it, such as orderId.',
  );
  // The draft is saved 400 ms after an edit: the worker keeps it, the unnamed row with it, and
  // nothing is refused.
  await expect
    .poll(
      async () =>
        JSON.stringify(await panel.evaluate(() => chrome.storage.local.get('draftChecks'))),
      OFTEN,
    )
    .toContain('res.body.data.id');
  await expect(panel.getByText('This draft is not kept')).toHaveCount(0);
  await expect(panel.locator('body')).not.toContainText('refused');
  await expect(panel.locator('body')).not.toContainText('different builds');

  await panel.reload();
  await requestTab(panel, 'Tests');
  await expect(panel.getByRole('textbox', { name: 'Answer variable 1 name' })).toHaveValue('');
  await expect(panel.getByRole('textbox', { name: 'Answer variable 1 expression' })).toHaveValue(
    'res.body.data.id',
  );

  // Send goes out; the unfinished row carries nothing.
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByRole('region', { name: 'Response' })).toContainText(/(?<!\d)200(?!\d)/);
  await requestTab(panel, 'Tests');
  await expect(panel.getByText('This profile carries no values yet.')).toBeVisible();

  // A save into a collection names the row and keeps nothing unfinished.
  await panel.getByRole('button', { name: 'Save request' }).click();
  const form = panel.getByRole('form', { name: 'Save request' });
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('alert')).toContainText(
    'Answer variable 1 in the Tests tab is unfinished: Give it a name to carry it, such as orderId.',
  );
  await expect(form).not.toContainText('different builds');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await name.fill('productId');
  await expect(name).toHaveAccessibleDescription('');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await panel.getByRole('button', { name: 'Save request' }).click();
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form).toHaveCount(0);
});

test('a saved secret typed as an assertion value is refused at save, the field named', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { name: 'Leaky', baseUrl: sandbox.url, companyId, apiKey });
  await panel.getByRole('textbox', { name: 'Path' }).fill('products');
  await requestTab(panel, 'Tests');
  await addAssertion(panel, 1, 'res.status', 'eq', '200');
  await addAssertion(panel, 2, 'res.headers.x-echo', 'neq', apiKey);
  await panel.getByRole('button', { name: 'Save request' }).click();
  const form = panel.getByRole('form', { name: 'Save request' });
  await form.getByRole('textbox', { name: 'Request name' }).fill('Checked');
  await form
    .getByRole('combobox', { name: 'Collection' })
    .selectOption({ label: 'New collection…' });
  await form.getByRole('textbox', { name: 'New collection name' }).fill('Team');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  const refused = form.getByRole('alert');
  await expect(refused).toContainText('Not saved: items[0] "Checked" → Tests › assertion 2 value');
  await expect(refused).toContainText(
    'A secret belongs only in a profile’s API key or Client secret',
  );
  await expect(refused).not.toContainText(apiKey);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByRole('treeitem', { name: 'Checked' })).toHaveCount(0);
  await expect(panel.getByRole('textbox', { name: 'Assertion 2 value' })).toHaveValue(apiKey);
  const stored = await panel.evaluate(() => chrome.storage.local.get('collections'));
  expect(JSON.stringify(stored)).not.toContain(apiKey);
});

test("the Tests tab's examples are real paths into the sandbox's answers", async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { name: 'Examples', baseUrl: sandbox.url, companyId, apiKey });
  await panel.getByRole('textbox', { name: 'Path' }).fill('products');
  await requestTab(panel, 'Tests');
  const tests = panel.getByRole('tabpanel', { name: /^Tests/ });
  // The tab loads on first use: its help is read once it is there (allTextContents does not wait).
  await expect(tests.getByRole('button', { name: 'Add assertion' })).toBeVisible();
  // Every expression the help names, as an isDefined assertion on GET /v1/products.
  const examples = (await tests.locator('p code').allTextContents()).filter((text) =>
    text.startsWith('res.'),
  );
  const assertionExamples = examples.slice(0, 4);
  expect(assertionExamples).toContain('res.body.data.items[0].id');
  for (const [index, expression] of assertionExamples.entries())
    await addAssertion(panel, index + 1, expression, 'isDefined', '');
  await panel.getByRole('button', { name: 'Send' }).click();
  const response = panel.getByRole('region', { name: 'Response' });
  await expect(response).toContainText(
    `${assertionExamples.length} of ${assertionExamples.length} checks passed`,
  );

  // The answer variable's example (and a new row's expression) reads the id of a created order.
  const variableExample = examples[4];
  expect(variableExample).toBe('res.body.data.id');
  for (let index = assertionExamples.length; index > 0; index -= 1)
    await panel.getByRole('button', { name: `Remove assertion ${index}` }).click();
  await panel.getByRole('button', { name: 'Add answer variable' }).click();
  await expect(panel.getByRole('textbox', { name: 'Answer variable 1 expression' })).toHaveValue(
    variableExample ?? '',
  );
  await panel.getByRole('textbox', { name: 'Answer variable 1 name' }).fill('orderId');
  await panel.getByRole('combobox', { name: 'Method' }).selectOption('POST');
  await panel.getByRole('textbox', { name: 'Path' }).fill('orders');
  await requestTab(panel, 'Body');
  await panel.getByRole('textbox', { name: 'Body' }).fill('{"sku":"A-1","qty":2}');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(response).toContainText(/(?<!\d)201(?!\d)/);
  await requestTab(panel, 'Tests');
  await expect(panel.getByRole('definition')).toHaveText([/^ord_[0-9a-f]{12}$/]);
});

test('after Lock now, no carried value derived from a secret is left, in any form the redaction knows', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId, clientId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { name: 'Forms', baseUrl: sandbox.url, companyId, apiKey });
  const base64 = (text: string) => Buffer.from(text).toString('base64');
  const base64url = (text: string) => Buffer.from(text).toString('base64url');
  // Forms of the key that do not hold it whole: the carry check lets them through.
  const forms: Record<string, string> = {
    b64: base64(apiKey),
    b64url: base64url(apiKey),
    upper: apiKey.toUpperCase(),
    basic: `Basic ${base64(`${clientId}:${apiKey}`)}`,
    jwt: `${base64url('{"alg":"none"}')}.${base64url(JSON.stringify({ key: apiKey }))}.`,
  };
  // Forms that hold it whole (percent- and JSON-encoded): never carried at all.
  const whole: Record<string, string> = {
    pct: encodeURIComponent(apiKey),
    json: JSON.stringify({ key: apiKey }),
  };
  for (const value of Object.values(forms)) expect(value).not.toContain(apiKey);
  // A form no redaction knows (the key in mixed case), which an assertion finds and shows.
  const mixed = Array.from(apiKey, (c, i) => (i % 2 ? c.toLowerCase() : c.toUpperCase())).join('');
  const query = Object.entries({ ...forms, ...whole, mixed })
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  await panel.getByRole('textbox', { name: 'Path' }).fill(`echo?${query}`);
  await requestTab(panel, 'Tests');
  for (const [index, name] of [...Object.keys(forms), ...Object.keys(whole)].entries())
    await addVariable(panel, index + 1, name, `res.body.echo.query.${name}`);
  await addAssertion(panel, 1, 'res.body.echo.query.mixed', 'eq', '"not this"');
  await addAssertion(panel, 2, 'res.body.echo.query.b64', 'neq', '{{b64}}');
  await panel.getByRole('button', { name: 'Send' }).click();
  await responseTab(panel, 'Checks');
  const assertions = panel.getByRole('list', { name: 'Assertion results' }).getByRole('listitem');
  await expect(assertions.first()).toContainText(`found "${mixed}"`);
  const carried = panel.getByRole('list', { name: 'Values for later calls' }).getByRole('listitem');
  await expect(carried).toHaveCount(7);
  await expect(carried.filter({ hasText: 'not kept' })).toHaveCount(2);
  await expect(panel.getByRole('definition')).toHaveCount(5);
  const session = () =>
    panel.evaluate(async () => JSON.stringify(await chrome.storage.session.get('carried')));
  expect(await session()).toContain(forms.b64);

  await panel.getByRole('button', { name: 'Lock with passphrase' }).click();
  const form = panel.getByRole('form', { name: 'Lock with passphrase' });
  await form.getByLabel('New passphrase').fill('a long enough passphrase');
  await form.getByLabel('Confirm passphrase').fill('a long enough passphrase');
  await form.getByRole('button', { name: 'Turn on lock' }).click();
  await panel.getByRole('button', { name: 'Lock now' }).click();
  await expect(panel.getByText('This profile carries no values yet.')).toBeVisible();
  await expect(panel.getByRole('definition')).toHaveCount(0);
  const left = await session();
  // The last answer's Checks still list what it carried, no longer the values themselves.
  await responseTab(panel, 'Checks');
  await expect(carried.filter({ hasText: 'dropped when the secrets were locked' })).toHaveCount(5);
  // What each assertion found and expected is hidden too; its verdict stays.
  await expect(assertions).toHaveCount(2);
  await expect(
    assertions.filter({ hasText: 'found and expected: hidden when the secrets were locked' }),
  ).toHaveCount(2);
  await expect(assertions.first()).toContainText('Failed res.body.echo.query.mixed eq');
  const checked = (await assertions.allTextContents()).join('\n');
  for (const value of [mixed, ...Object.values(forms)]) expect(checked).not.toContain(value);
  const shown = (await carried.allTextContents()).join('\n');
  for (const [name, value] of Object.entries(forms)) {
    expect(left, name).not.toContain(value);
    expect(shown, name).not.toContain(value);
  }
});
