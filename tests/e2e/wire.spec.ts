/**
 * What goes on the wire in Chromium, against a sandbox started as
 * `npm run sandbox -- --reject-browser-origin`: a gateway that refuses any token or `/v1` call
 * carrying an Origin header, as servers that police browsers do. The header rule keeps the
 * browser's Accept-Language off the worker's requests but not the user's own; it touches nothing
 * but the worker's own requests (a web page and our panel in a tab keep their headers, and are
 * refused); and it still holds after the worker is stopped. A call with each auth method, in both
 * browsers: tests/journeys/calls.spec.ts.
 */
import type { Locator, Page } from '@playwright/test';
import { parseCliArgs } from '../../src/sandbox/cli-options';
import { createSandbox, type RecordedRequest, type Sandbox } from '../../src/sandbox/server';
import { test as base, expect, killServiceWorker } from './fixtures';
import { saveApiKeyProfile } from './profiles';
import { requestTab, responseTab } from './workbench';

const test = base.extend<{ sandbox: Sandbox }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  sandbox: async ({}, use) => {
    const { switches } = parseCliArgs(['--reject-browser-origin'], {});
    const sandbox = await createSandbox({ port: 0, switches });
    await use(sandbox);
    await sandbox.close();
  },
});

const USER_AGENT = /^PartnerApiDevTools\/\d+\.\d+\.\d+$/;

/** Sent as curl or a backend would send it: none of the headers a browser adds. */
function expectServerSideHeaders(request: RecordedRequest | undefined) {
  expect(request, 'the request reached the sandbox').toBeDefined();
  const headers = request?.headers ?? {};
  expect(headers.origin).toBeUndefined();
  expect(headers.referer).toBeUndefined();
  expect(headers.cookie).toBeUndefined();
  expect(headers['accept-language']).toBeUndefined();
  expect(Object.keys(headers).filter((name) => name.startsWith('sec-'))).toEqual([]);
  expect(headers['user-agent']).toMatch(USER_AGENT);
}

async function sendOrder(panel: Page): Promise<Locator> {
  await panel.getByRole('combobox', { name: 'Method' }).selectOption('POST');
  await panel.getByRole('textbox', { name: 'Path' }).fill('orders');
  await requestTab(panel, 'Body');
  await panel.getByRole('textbox', { name: 'Body' }).fill('{"sku":"A-1","qty":2}');
  await panel.getByRole('button', { name: 'Send' }).click();
  const response = panel.getByRole('region', { name: 'Response', exact: true });
  await expect(response.getByText('201 Created')).toBeVisible();
  return response;
}

/** The call's two header views: ours, and what Chrome reported leaving the browser. */
async function expectBothViews(response: Locator, secretShown: RegExp) {
  await responseTab(response.page(), 'Sent');
  const ours = response.getByRole('region', { name: 'Headers we set' });
  const wire = response.getByRole('region', { name: 'As sent on the wire' });
  await expect(ours).toContainText(secretShown);
  await expect(ours).not.toContainText('User-Agent');
  await expect(wire).toContainText(secretShown);
  await expect(wire).toContainText(/User-Agent\s*PartnerApiDevTools\/\d/);
  await expect(wire).toContainText(/Accept\s*\*\/\*/);
  await expect(wire).toContainText('Host, Connection and Content-Length');
  await expect(wire).not.toContainText(/Origin|Sec-Fetch|Accept-Language/);
}

test('the user’s own Accept-Language goes out; the browser’s does not', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { baseUrl: sandbox.url, companyId, apiKey });
  await panel.getByRole('combobox', { name: 'Method' }).selectOption('GET');
  await panel.getByRole('textbox', { name: 'Path' }).fill('ping');
  await requestTab(panel, 'Headers');
  await panel.getByRole('button', { name: 'Add header' }).click();
  await panel.getByRole('textbox', { name: 'Header 1 name' }).fill('Accept-Language');
  await panel.getByRole('textbox', { name: 'Header 1 value' }).fill('de-CH');
  await panel.getByRole('button', { name: 'Send' }).click();
  const response = panel.getByRole('region', { name: 'Response', exact: true });
  await expect(response.getByText('200 OK')).toBeVisible();

  const [ping] = sandbox.requests.filter((request) => request.path === '/v1/ping');
  expect(ping?.headers['accept-language']).toBe('de-CH');
  expect(ping?.headers.origin).toBeUndefined();
  // The fragment that spares the user's header is never sent.
  expect(ping?.url).toBe('/v1/ping');
  await responseTab(panel, 'Sent');
  await expect(response.getByRole('region', { name: 'As sent on the wire' })).toContainText(
    /Accept-Language\s*de-CH/i,
  );
});

test('a page’s requests and our panel’s own, in a tab, are left as the browser makes them', async ({
  context,
  panel,
  sandbox,
  extensionId,
}) => {
  // The panel page itself, open in a tab: its fetch keeps the extension's Origin, and the gateway
  // refuses it. The rule is for the worker's requests only.
  const fromPanel = await panel.evaluate(
    async (url) => (await fetch(`${url}/v1/ping`, { method: 'POST', body: '{}' })).status,
    sandbox.url,
  );
  expect(fromPanel).toBe(403);
  const panelCall = sandbox.requests.at(-1);
  expect(panelCall?.headers.origin).toBe(`chrome-extension://${extensionId}`);
  expect(panelCall?.headers['sec-fetch-mode']).toBe('cors');

  // A web page on the sandbox's origin (served by the test, so that no CSP stands in the way).
  const page = await context.newPage();
  await page.route(`${sandbox.url}/tab-page`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>A page</title>' }),
  );
  await page.goto(`${sandbox.url}/tab-page`);
  const fromPage = await page.evaluate(
    async () => (await fetch('/v1/ping', { method: 'POST', body: '{}' })).status,
  );
  expect(fromPage).toBe(403);
  const pageCall = sandbox.requests.at(-1);
  expect(pageCall?.headers.origin).toBe(sandbox.url);
  expect(pageCall?.headers['sec-fetch-site']).toBe('same-origin');
  expect(pageCall?.headers['user-agent']).not.toMatch(USER_AGENT);
  expect(pageCall?.headers['accept-language']).toBeDefined();
});

test('after the worker is stopped, the next call still leaves without browser headers', async ({
  context,
  panel,
  sandbox,
  extensionId,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { baseUrl: sandbox.url, companyId, apiKey });
  await killServiceWorker(context, panel, extensionId);
  const response = await sendOrder(panel);
  await expectBothViews(response, new RegExp(`x-apikey\\s*••••${apiKey.slice(-4)}`));
  expectServerSideHeaders(sandbox.requests.find((request) => request.path === '/v1/orders'));
});
