/**
 * The toolbar tells the token the next call carries, in Chromium and in Firefox (a journey of both
 * projects): get a token, make the sandbox's token endpoint answer 503, press Get token again, and
 * the toolbar and the Auth tab still name the cached token with its time left, beside the failed
 * attempt; the next Send carries that token and its Timeline says so, and a reopened panel starts
 * from the worker's state: the same. The rest of the token's truth: tests/e2e/token-truth.spec.ts.
 */

import { expectNoText, expectText, type PanelDriver } from './driver';
import { expect, test } from './fixtures';
import { createOAuthProfile } from './profiles';

/** What the toolbar's badge and its first code (the masked token) say. */
function badgeAndToken(panel: PanelDriver) {
  return panel.evaluate(() => {
    const toolbar = document.querySelector('header.toolbar');
    return {
      badge: toolbar?.querySelector('.badge')?.textContent ?? '',
      token: toolbar?.querySelector('code')?.textContent ?? '',
    };
  });
}

test('a Get token that fails while a good token is cached: the toolbar, the Auth tab and the Timeline name the token still in use', async ({
  panel,
  sandbox,
}) => {
  const { clientId, clientSecret, companyId } = sandbox.credentials;
  await createOAuthProfile(panel, {
    method: 'OAuth (Basic header)',
    authUrl: sandbox.url,
    clientId,
    clientSecret,
    companyId,
  });
  const toolbar = panel.role('banner');
  const getToken = toolbar.within('button', 'Get token');
  await getToken.click();
  await expect.poll(async () => (await badgeAndToken(panel)).badge).toBe('approved');
  const held = (await badgeAndToken(panel)).token;
  expect(held).toMatch(/^••••.{4}$/);

  // The token endpoint (and only for this press) answers 503.
  sandbox.switches.serverError = 503;
  await getToken.click();
  await expectText(toolbar, `A new token could not be had; still using ${held}, expires in 5`);
  await expect.poll(() => toolbar.within('timer').text()).toMatch(/^expires in 5\d min \d+ s$/);
  await expectNoText(toolbar, 'Token request failed');
  sandbox.switches.serverError = null;

  await panel.tab('Request', 'Auth');
  const region = panel.role('region', 'Token');
  await expectText(region, `A new token could not be had; still using ${held}, expires in 5`);
  // The failure's explanation is there as before, and the inspector shows the token still in use.
  await expectText(region, 'Why a new token could not be had');
  await expectText(region, 'HTTP 503');
  await expectText(region, 'Cached token from');
  await expectText(
    region,
    new RegExp(`access_token\\s+${held.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  );
  await expectText(
    panel.role('list', 'Token events').within('listitem').nth(0),
    'Refused: Get token',
  );

  await panel.tab('Request', 'Params');
  await panel.role('textbox', 'Path').fill('products');
  await panel.role('button', 'Send').click();
  await expectText(panel.role('region', 'Response'), /(?<!\d)200(?!\d)/);
  const sent = sandbox.requests.filter((request) => request.path.startsWith('/v1/')).at(-1);
  expect(`••••${(sent?.headers.authorization ?? '').slice(-4)}`).toBe(held);
  await panel.tab('Response', 'Timeline');
  const first = panel.role('list', 'Timeline').within('listitem').nth(0);
  await expectText(first, `Token taken from the cache: ${held}`);
  await expectText(first, /, 5\d min \d+ s left/);
  // The call changed nothing: the toolbar still names the same token, beside the failed refresh.
  await expectText(toolbar, `still using ${held}`);
  // A reopened panel (DevTools closed and opened) starts from the worker's state: the same.
  await panel.reload();
  await expectText(toolbar, `A new token could not be had; still using ${held}`);
});
