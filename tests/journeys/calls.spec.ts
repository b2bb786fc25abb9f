/**
 * Calls from the panel, in Chromium and in Firefox (a journey of both projects), against a sandbox
 * started as `npm run sandbox -- --reject-browser-origin`: a gateway that refuses any token or
 * `/v1` call carrying an Origin header, as servers that police browsers do. Both browsers put an
 * Origin on the background's POSTs (Chrome `chrome-extension://…`, Firefox `moz-extension://…`);
 * the panel gets through because its header rule keeps it (and Sec-Fetch-*, Accept-Language, the
 * browser's User-Agent) off the worker's requests. An API-key call and both OAuth variants, with
 * the request views showing what we set and what left the browser, and no secret in the panel.
 * What only Chromium can show (a page's own requests left alone, the worker stopped, the user's
 * own Accept-Language): tests/e2e/wire.spec.ts.
 */
import { parseCliArgs } from '../../src/sandbox/cli-options';
import { createSandbox, type RecordedRequest, type Sandbox } from '../../src/sandbox/server';
import { expectNoText, expectText, type PanelDriver } from './driver';
import { test as base, expect } from './fixtures';
import { createApiKeyProfile, createOAuthProfile, type OAuthMethod } from './profiles';

const test = base.extend<{ sandbox: Sandbox }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  sandbox: async ({}, use) => {
    const { switches } = parseCliArgs(['--reject-browser-origin'], {});
    const sandbox = await createSandbox({ port: 0, switches });
    await use(sandbox);
    await sandbox.close();
  },
});

const TOKEN_PATH = '/o/oauth/accesstoken';
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

async function sendOrder(panel: PanelDriver) {
  await panel.choose('Method', 'POST');
  await panel.role('textbox', 'Path').fill('orders');
  await panel.tab('Request', 'Body');
  await panel.role('textbox', 'Body').fill('{"sku":"A-1","qty":2}');
  await panel.role('button', 'Send').click();
  await expectText(panel.role('region', 'Response'), '201 Created');
}

/** The call's two header views: ours, and what the browser reported leaving it. */
async function expectBothViews(panel: PanelDriver, secretShown: RegExp) {
  await panel.tab('Response', 'Sent');
  const ours = panel.role('region', 'Headers we set');
  const wire = panel.role('region', 'As sent on the wire');
  await expectText(ours, secretShown);
  await expectNoText(ours, 'User-Agent');
  await expectText(wire, secretShown);
  await expectText(wire, /User-Agent\s*PartnerApiDevTools\/\d/);
  await expectText(wire, /Accept\s*\*\/\*/);
  await expectNoText(wire, /Origin|Sec-Fetch|Accept-Language/);
  if (panel.browser === 'chromium') {
    // Chrome does not show extensions Host, Connection or Content-Length: the note names them.
    await expectText(wire, 'Host, Connection and Content-Length');
  } else {
    // Firefox shows extensions Host; the note names only what Firefox hides.
    await expectText(wire, /^Host\s*127\.0\.0\.1:\d+$/m);
    await expectText(wire, 'Firefox also sends Pragma and Cache-Control: no-cache');
    await expectNoText(wire, 'also sends Host');
  }
}

/** The wire view accounts for every header the server received: listed, or named in its note. */
async function expectWireNamesEveryHeader(
  panel: PanelDriver,
  request: RecordedRequest | undefined,
) {
  const wire = (await panel.role('region', 'As sent on the wire').text()).toLowerCase();
  for (const name of Object.keys(request?.headers ?? {})) expect(wire, name).toContain(name);
}

test('an API-key call gets through to a gateway that refuses browsers, and shows what went out', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await createApiKeyProfile(panel, { baseUrl: sandbox.url, companyId, apiKey });
  await sendOrder(panel);
  await expectText(panel.role('region', 'Response'), /sku\W+A-1/);
  await expectBothViews(panel, new RegExp(`x-apikey\\s*••••${apiKey.slice(-4)}`));
  const [order] = sandbox.requests.filter((request) => request.path === '/v1/orders');
  expectServerSideHeaders(order);
  await expectWireNamesEveryHeader(panel, order);
  expect(order?.headers['x-apikey']).toBe(apiKey);
  expect(order?.headers.companyid).toBe(companyId);
  expect(await panel.content()).not.toContain(apiKey);
});

for (const method of ['OAuth (Basic header)', 'OAuth (form body)'] as OAuthMethod[]) {
  test(`${method}: a token and a /v1 call from a gateway that refuses browsers`, async ({
    panel,
    sandbox,
  }) => {
    const { clientId, clientSecret, companyId } = sandbox.credentials;
    await createOAuthProfile(panel, {
      method,
      authUrl: sandbox.url,
      companyId,
      clientId,
      clientSecret,
    });
    await panel.role('button', 'Get token').click();
    const token = panel.role('region', 'Token');
    await token.within('rowheader', 'access_token').wait();
    await expectNoText(token, 'Token request failed');
    expect(await token.within('heading', 'Token request failed').count()).toBe(0);

    await sendOrder(panel);
    await expectBothViews(panel, /Authorization\s*Bearer ••••/);

    const received = sandbox.requests.filter(
      (request) => request.path === TOKEN_PATH || request.path === '/v1/orders',
    );
    expect(received.map((request) => request.path)).toEqual([TOKEN_PATH, '/v1/orders']);
    for (const request of received) expectServerSideHeaders(request);
    const sent = received[0]?.headers ?? {};
    if (method === 'OAuth (Basic header)') expect(sent.authorization).toMatch(/^Basic /);
    else expect(sent.authorization).toBeUndefined();
    expect(await panel.content()).not.toContain(clientSecret);
  });
}
