/**
 * The toolbar tells the token the next call carries, in Firefox as in Chromium
 * (tests/e2e/token-truth.spec.ts): get a token, make the sandbox's token endpoint answer 503, press
 * Get token again, and the toolbar and the Auth tab still name the cached token with its time left,
 * beside the failed attempt; the next Send carries that token and its Timeline says so.
 */

import { expect, test } from './fixtures';
import {
  byRole,
  expectNoText,
  expectText,
  fill,
  requestTab,
  responseTab,
  textOf,
} from './panel-driver';
import { createOAuthProfile } from './profiles';

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
  const toolbar = byRole(panel, 'banner', '');
  const getToken = byRole(panel, 'button', 'Get token');
  await getToken.click();
  await expectText(toolbar, 'approved');
  const held = /••••\S{4}/.exec(await textOf(toolbar))?.[0] ?? '';
  expect(held).not.toBe('');

  sandbox.switches.serverError = 503;
  await getToken.click();
  await expectText(toolbar, `A new token could not be had; still using ${held}, expires in 5`);
  await expectNoText(toolbar, 'Token request failed');
  sandbox.switches.serverError = null;

  await requestTab(panel, 'Auth');
  const region = byRole(panel, 'region', 'Token');
  await expectText(region, `A new token could not be had; still using ${held}, expires in 5`);
  await expectText(region, 'Why a new token could not be had');
  await expectText(region, 'HTTP 503');
  await expectText(region, 'Cached token from');

  await requestTab(panel, 'Params');
  await fill(byRole(panel, 'textbox', 'Path'), 'products');
  await byRole(panel, 'button', 'Send').click();
  await expectText(byRole(panel, 'region', 'Response'), '200');
  const sent = sandbox.requests.filter((request) => request.path.startsWith('/v1/')).at(-1);
  expect(`••••${(sent?.headers.authorization ?? '').slice(-4)}`).toBe(held);
  await responseTab(panel, 'Timeline');
  await expectText(byRole(panel, 'list', 'Timeline'), `Token taken from the cache: ${held}`);
  await expectText(toolbar, `still using ${held}`);
});
