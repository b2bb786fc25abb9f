/**
 * The support report wherever a call or a token request failed, not only under the Explanation:
 * a failed step of the Timeline (here a refused token request, so the call got no answer), a
 * History entry of a failed call, and the Auth tab's failed token request. Each is previewed with
 * what was masked counted before it can be copied or saved, holds no secret, and says what the
 * provider needs; while the lock holds the secrets the preview says to unlock instead. A canary:
 * a gateway that echoes the API key in every encoding (raw, base64, base64url, percent, JSON, a
 * Basic value, a JWT's claims) in its fault string and its transaction ids, and a key typed into
 * the composer, leave no form of the key in the report.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox/server';
import { expect, test } from './fixtures';
import { saveApiKeyProfile, saveOAuthProfile } from './profiles';
import { responseTab, sidebarTab } from './workbench';

const TOKEN_PATH = '/o/oauth/accesstoken';
const WRONG_SECRET = 'Wr0ngSecretValueThatTheSandboxRefuses';
const response = (panel: Page) => panel.getByRole('region', { name: 'Response', exact: true });

async function send(panel: Page, path: string) {
  await panel.getByRole('textbox', { name: 'Path' }).fill(path);
  await panel.getByRole('button', { name: 'Send' }).click();
}

/** The preview's text, once the worker has checked it; and that nothing secret is in it. */
async function previewed(report: Locator, secrets: readonly string[]): Promise<string> {
  const text = report.getByRole('textbox', { name: 'Support report preview' });
  await expect(text).toHaveValue(/^# Support report/);
  await expect(report.getByRole('status')).toContainText(/No secret was found|held a secret/);
  const value = await text.inputValue();
  for (const secret of secrets) expect(value).not.toContain(secret);
  return value;
}

async function wrongSecretProfile(panel: Page, sandbox: Sandbox) {
  const { clientId, companyId } = sandbox.credentials;
  await saveOAuthProfile(panel, {
    method: 'OAuth (Basic header)',
    authUrl: sandbox.url,
    clientId,
    clientSecret: WRONG_SECRET,
    companyId,
  });
}

test('a refused token request: its report from the Timeline of the call and from the Auth tab, with the token request as cURL', async ({
  panel,
  sandbox,
}) => {
  await wrongSecretProfile(panel, sandbox);
  await send(panel, 'products');
  const timeline = response(panel).getByRole('region', { name: 'Timeline of the call' });
  await timeline.getByRole('button', { name: 'Support report of step 1' }).click();
  const fromTimeline = await previewed(timeline.getByRole('region', { name: 'Support report' }), [
    WRONG_SECRET,
    sandbox.credentials.clientId,
  ]);
  for (const line of [
    `# Support report: token request POST ${TOKEN_PATH} answered 401`,
    `- Base URL: ${sandbox.url}`,
    '- Auth: OAuth client credentials, variant A (Basic header), RFC 6749 form-encoding off',
    '- none: this report is about the token request',
    '-u "$CLIENT_ID:$CLIENT_SECRET"',
  ]) {
    expect(fromTimeline).toContain(line);
  }
  expect(fromTimeline).toMatch(/- Gateway error code: invalid_client/);

  await panel.getByRole('button', { name: 'Get token' }).click();
  const token = panel.getByRole('region', { name: 'Token', exact: true });
  await expect(token.getByRole('heading', { name: 'Token request failed' })).toBeVisible();
  const report = token.getByRole('region', { name: 'Support report' });
  await expect(report.getByRole('button', { name: 'Copy support report' })).toHaveCount(0);
  await report.getByRole('button', { name: 'Preview support report' }).click();
  const fromAuth = await previewed(report, [WRONG_SECRET, sandbox.credentials.clientId]);
  expect(fromAuth).toContain(`token request POST ${TOKEN_PATH} answered 401`);
  const [download] = await Promise.all([
    panel.waitForEvent('download'),
    report.getByRole('button', { name: 'Save support report' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^support-report-.*\.md$/);
  const saved = readFileSync((await download.path()) ?? '', 'utf8');
  expect(saved).toBe(fromAuth);
  await expect(report.getByRole('status')).toContainText('to your downloads folder');
});

test('a History entry of a failed call offers its report; a call that passed does not', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { baseUrl: sandbox.url, apiKey, companyId });
  await send(panel, 'ping');
  await expect(response(panel).locator('.status-bar')).toContainText(/(?<!\d)200(?!\d)/);
  sandbox.switches.denyClientIp = true;
  await send(panel, `ping?key=${apiKey}`);
  await expect(response(panel).locator('.status-bar')).toContainText(/(?<!\d)403(?!\d)/);

  await sidebarTab(panel, 'History');
  const history = panel.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  const reports = history.getByRole('button', { name: /^Support report for GET/ });
  await expect(reports).toHaveCount(1);
  await reports.click();
  const value = await previewed(history.getByRole('region', { name: 'Support report' }), [apiKey]);
  for (const line of [
    '- Path: /v1/ping?key=',
    '- Status: 403',
    '- Gateway error code: accesscontrol.IPDeniedAccess',
    '- Fault string: Access Denied for client ip : 127.0.0.1',
    '- Auth: API key (x-apikey header)',
    '$API_KEY',
  ]) {
    expect(value).toContain(line);
  }
  // History keeps the key typed into the query masked already: the report has the mask.
  expect(value).toContain(
    `- Path: /v1/ping?key=%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2${apiKey.slice(-4)}`,
  );
});

test('while the lock holds the secrets, the report says to unlock first and offers nothing to copy', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { baseUrl: sandbox.url, apiKey, companyId });
  sandbox.switches.denyClientIp = true;
  await send(panel, 'ping');
  await responseTab(panel, 'Explanation');
  await panel.getByRole('button', { name: 'Lock with passphrase' }).click();
  const form = panel.getByRole('form', { name: 'Lock with passphrase' });
  await form.getByLabel('New passphrase').fill('correct horse battery staple');
  await form.getByLabel('Confirm passphrase').fill('correct horse battery staple');
  await form.getByRole('button', { name: 'Turn on lock' }).click();
  await panel.getByRole('button', { name: 'Lock now' }).click();

  const report = response(panel).getByRole('region', { name: 'Support report' });
  await report.getByRole('button', { name: 'Preview support report' }).click();
  const refusal = report.getByRole('alert');
  await expect(refusal).toContainText('The saved secrets are locked');
  await expect(refusal).toContainText(
    'Unlock with your passphrase (the banner under the toolbar), then press Preview support report again.',
  );
  await expect(report.getByRole('button', { name: 'Copy support report' })).toHaveCount(0);
});

/** Every form a server could write the key back in. */
function encodings(secret: string): string[] {
  const base64 = (text: string) => Buffer.from(text).toString('base64');
  const base64url = (text: string) => Buffer.from(text).toString('base64url');
  const claims = base64url(JSON.stringify({ sub: 'partner', key: secret }));
  return [
    secret,
    base64(secret),
    base64url(secret),
    encodeURIComponent(secret),
    JSON.stringify(secret).slice(1, -1).replaceAll('-', '\\u002d'),
    `Basic ${base64(`partner:${secret}`)}`,
    `${base64url('{"alg":"HS256","typ":"JWT"}')}.${claims}.c2lnbmF0dXJl`,
  ];
}

test('canary: a gateway echoing the API key in every encoding, and the key typed in the composer, leave no form of it in the report', async ({
  panel,
}) => {
  const apiKey = 'canaryREPORTKEY-4f8a2c6e0b1d3f5a7c9e';
  const forms = encodings(apiKey);
  const echo = createServer((_request, answer) => {
    answer.writeHead(401, {
      'content-type': 'application/json',
      'x-request-id': forms.join(' | '),
      'x-correlation-id': forms[1] ?? '',
      date: new Date().toUTCString(),
    });
    answer.end(
      JSON.stringify({
        fault: {
          faultstring: `Invalid ApiKey ${forms.join(' | ')}`,
          detail: { errorcode: 'oauth.v2.InvalidApiKey' },
        },
      }),
    );
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = echo.address() as AddressInfo;
    await saveApiKeyProfile(panel, {
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey,
      companyId: '7d4b7f3e-5a8a-4c5e-9a57-1f0e2c3d4b5a',
    });
    await send(panel, `ping?debug=${apiKey}`);
    await expect(response(panel).locator('.status-bar')).toContainText(/(?<!\d)401(?!\d)/);
    await responseTab(panel, 'Explanation');
    const report = response(panel).getByRole('region', { name: 'Support report' });
    await report.getByRole('button', { name: 'Preview support report' }).click();
    const value = await previewed(
      report,
      forms.map((form) => form.replace(/^Basic /, '')),
    );
    expect(value).toContain('- Gateway error code: oauth.v2.InvalidApiKey');
    expect(value).toContain('- x-request-id: ');
    expect(value).toContain('$API_KEY');
    // Nothing of the key is left, not even its first 12 characters in base64.
    expect(value).not.toContain(Buffer.from(apiKey).toString('base64').slice(0, 12));
  } finally {
    echo.closeAllConnections();
    await new Promise<void>((resolve) => echo.close(() => resolve()));
  }
});
