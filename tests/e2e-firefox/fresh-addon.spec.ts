/**
 * The Firefox project's fixture (tests/journeys/firefox-worker.ts): the tests of a worker share
 * one Firefox, and each starts from the add-on as a new install finds it. Two tests in order in
 * one worker: the first saves a profile, gets a token and calls with it, and leaves a database,
 * a cookie, a mark in the background's memory and an extra tab; the second, in the same Firefox
 * (the same process), finds none of them: the first-run screen, no profile or token in any storage
 * area, no database, no cookie, a background started anew, and only its own panel tab open.
 */
import type { Page } from 'puppeteer-core';
import { type FirefoxWithExtension, tabContexts } from '../../scripts/firefox-browser';
import { expectText } from '../journeys/driver';
import { createOAuthProfile } from '../journeys/profiles';
import { expect, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

const PROFILE = 'Left behind by the first test';
/** What the first test left, for the second to look for (serial tests share the worker). */
const left = { pid: 0, token: '' };

/** Every storage area of the add-on, the databases of its origin and the background's mark. */
function addonState(page: Page) {
  return page.evaluate(async () => {
    const { browser } = globalThis as unknown as { browser: typeof chrome };
    const background = (await browser.runtime.getBackgroundPage()) as unknown as {
      fixtureMark?: string;
    } | null;
    return {
      local: JSON.stringify(await browser.storage.local.get(null)),
      sync: JSON.stringify(await browser.storage.sync.get(null)),
      session: JSON.stringify(await browser.storage.session.get(null)),
      databases: (await indexedDB.databases()).map((database) => database.name),
      mark: background?.fixtureMark ?? null,
    };
  });
}

/** The names of the browser's cookies. */
async function cookieNames(firefox: FirefoxWithExtension) {
  return (await firefox.browser.cookies()).map((cookie) => cookie.name);
}

test('the first test saves a profile, a token, a database, a cookie and a mark', async ({
  firefox,
  firefoxPage,
  panel,
  sandbox,
}) => {
  const { clientId, clientSecret, companyId } = sandbox.credentials;
  await createOAuthProfile(panel, {
    name: PROFILE,
    method: 'OAuth (form body)',
    authUrl: sandbox.url,
    clientId,
    clientSecret,
    companyId,
  });
  await panel.role('button', 'Get token').click();
  await expectText(panel.role('region', 'Token'), 'access_token');
  await panel.role('textbox', 'Path').fill('products');
  await panel.role('button', 'Send').click();
  await expectText(panel.role('region', 'Response'), '200');
  const sent = sandbox.requests.find((request) => request.path === '/v1/products');
  left.token = (sent?.headers.authorization ?? '').replace(/^Bearer /, '');
  expect(left.token).not.toBe('');

  await firefoxPage.evaluate(async () => {
    const { browser } = globalThis as unknown as { browser: typeof chrome };
    const background = (await browser.runtime.getBackgroundPage()) as unknown as {
      fixtureMark?: string;
    };
    background.fixtureMark = 'set by the first test';
    await new Promise((resolve, reject) => {
      const opening = indexedDB.open('left-behind', 1);
      opening.onupgradeneeded = () => opening.result.createObjectStore('things');
      opening.onerror = () => reject(opening.error);
      opening.onsuccess = () => {
        opening.result.close();
        resolve(undefined);
      };
    });
  });
  await firefox.browser.setCookie({ name: 'left', value: 'behind', domain: '127.0.0.1' });
  await firefox.openPanel();

  // What the second test must not find is here now: the check below can fail.
  const state = await addonState(firefoxPage);
  expect(state.local + state.sync).toContain(PROFILE);
  expect(state.session).toContain(left.token);
  expect(state.databases).toContain('left-behind');
  expect(state.mark).toBe('set by the first test');
  expect(await cookieNames(firefox)).toContain('left');
  left.pid = firefox.browser.process()?.pid ?? 0;
  expect(left.pid).toBeGreaterThan(0);
});

test('the next test in the same Firefox finds none of it', async ({
  firefox,
  firefoxPage,
  panel,
}) => {
  expect(left.token, 'the first test ran first, in this worker').not.toBe('');
  expect(firefox.browser.process()?.pid, 'the same Firefox').toBe(left.pid);
  expect((await tabContexts(firefox.browser)).map((tab) => tab.url)).toEqual([
    'about:blank',
    firefox.panelUrl,
  ]);

  await panel.role('heading', 'Create your first profile').wait();
  const state = await addonState(firefoxPage);
  for (const area of [state.local, state.sync, state.session]) {
    expect(area).not.toContain(PROFILE);
    expect(area).not.toContain(left.token);
  }
  expect(state.databases).toEqual([]);
  expect(state.mark).toBeNull();
  expect(await cookieNames(firefox)).toEqual([]);
});
