/**
 * The panel in Firefox's own DevTools, as one smoke test: a web app served by the sandbox calls
 * the API from its own JavaScript, with its API key in the page and one call without companyId;
 * the Partner API panel, opened in the toolbox docked on that tab, lists both calls in its Capture
 * tab with the advisory about the page's key and the contract finding, the key masked.
 *
 * DevTools is reached through Firefox internals (scripts/firefox-devtools.ts), so the rest of the
 * Firefox suite drives the panel page in a tab. The profile is made there first: both pages are
 * the same extension's, with one storage.
 */
import {
  contextOf,
  type FirefoxWithExtension,
  launchFirefoxWithExtension,
  tabContexts,
} from '../../scripts/firefox-browser';
import { inFirefoxPanel, showFirefoxPanel } from '../../scripts/firefox-devtools';
import { createSandbox } from '../../src/sandbox/server';
import { createApiKeyProfile } from '../journeys/profiles';
import { FIREFOX_WAIT_MS, puppeteerPanel } from '../journeys/puppeteer-panel';
import { expect, test } from './fixtures';

const CANARY_KEY = 'canaryFIREFOXCAPTUREKEY-4e1a9c7b3d5f';
const PANEL = 'Partner API';
const DEMO_APP = '/demo-app';

/**
 * A Firefox for this file's tests, not the worker's: DevTools keeps its toolbox and its choices in
 * the browser's preferences, which the worker's other tests must not inherit. The tests of this
 * file that run in one worker share it (a Firefox start is 4-10 s on two busy cores, its close
 * 2-3 s): each gets the add-on installed afresh in it (FirefoxWithExtension.startAfresh: the other
 * tabs closed, their toolboxes with them, the add-on's storage empty), and opens DevTools and picks
 * its tool itself.
 */
let devtoolsFirefox: FirefoxWithExtension | undefined;

// In order, in one worker (whatever `fullyParallel` says), so that both share it; a failed test
// still lets the other run.
test.describe.configure({ mode: 'default' });

async function freshFirefox(): Promise<FirefoxWithExtension> {
  if (devtoolsFirefox?.browser.connected === true) await devtoolsFirefox.startAfresh();
  else devtoolsFirefox = await launchFirefoxWithExtension();
  return devtoolsFirefox;
}

/**
 * The blank tab a fresh Firefox, or the add-on installed afresh, leaves (found among the open tabs:
 * puppeteer's page list keeps closed ones).
 */
async function blankTab(firefox: FirefoxWithExtension) {
  const open = await tabContexts(firefox.browser);
  const blank = open.find((tab) => tab.url === 'about:blank')?.context;
  const pages = await firefox.browser.pages();
  const page = pages.find((candidate) => contextOf(candidate) === blank);
  if (page === undefined) throw new Error('Firefox shows no blank tab');
  return page;
}

test.afterAll(async () => {
  await devtoolsFirefox?.close();
  devtoolsFirefox = undefined;
});

test('the Capture tab in Firefox’s DevTools lists the page’s calls, checked, with the key masked', async () => {
  const sandbox = await createSandbox({ port: 0, credentials: { apiKey: CANARY_KEY } });
  const firefox = await freshFirefox();
  try {
    const tab = await firefox.openPanel();
    const { companyId } = sandbox.credentials;
    await createApiKeyProfile(
      puppeteerPanel(tab, () => firefox.openPanel()),
      {
        baseUrl: sandbox.url,
        companyId,
        apiKey: CANARY_KEY,
      },
    );

    const page = await blankTab(firefox);
    await page.goto(`${sandbox.url}${DEMO_APP}`);
    expect(await showFirefoxPanel(firefox.browser, DEMO_APP, PANEL)).toBe(firefox.panelUrl);
    const inPanel = <T>(body: string) => inFirefoxPanel<T>(firefox.browser, DEMO_APP, PANEL, body);
    const waitInPanel = <T>(what: string, body: string) =>
      expect
        .poll(() => inPanel<T | null>(body).catch(() => null), {
          message: what,
          timeout: FIREFOX_WAIT_MS,
        })
        .not.toBeNull();

    // The saved profile's workbench, then the Capture tab, opened before the page calls.
    await waitInPanel('the workbench', `return document.querySelector('#path') ? true : null;`);
    await inPanel(`
      const capture = [...document.querySelectorAll('[role=tablist][aria-label="Sidebar"] [role=tab]')]
        .find((tab) => tab.textContent.trim().startsWith('Capture'));
      capture.click();
      return true;`);
    await waitInPanel(
      'the Capture view',
      `return document.querySelector('[aria-label="Capture"]') ? true : null;`,
    );

    await page.locator('::-p-aria([role="button"][name="Call the API"])').click();
    await page.waitForFunction(() =>
      document.querySelector('#log')?.textContent?.includes('GET /v1/ping: 200'),
    );

    let listed = '';
    // What the panel showed at the last look, said when the calls are not listed in time: the
    // sidebar's tab, whether the Capture view is there, and its status and alert lines.
    let shown = '';
    await expect
      .poll(
        async () => {
          [listed, shown] = await inPanel<[string, string]>(
            `const tab = document.querySelector('[role=tablist][aria-label="Sidebar"] [aria-selected=true]');
            const view = document.querySelector('[aria-label="Capture"]');
            const lines = [...(view?.querySelectorAll('[role=status], [role=alert]') ?? [])];
            return [
              [...document.querySelectorAll('[aria-label="Captured calls"] [role=option]')]
                .map((row) => row.textContent).join('\\n'),
              'tab ' + (tab?.textContent.trim() ?? 'none') + ', Capture view ' + (view ? 'shown' : 'gone')
                + lines.map((line) => '; ' + line.textContent.trim()).join(''),
            ];`,
          );
          return listed.includes('GET /v1/products') && listed.includes('GET /v1/ping');
        },
        { message: 'both calls captured', timeout: FIREFOX_WAIT_MS },
      )
      .toBe(true)
      .catch((error: Error) => {
        throw new Error(`${error.message}\nListed: ${listed || 'nothing'}. The panel: ${shown}.`);
      });
    expect(listed).not.toContain(CANARY_KEY);

    await inPanel(`
      const row = [...document.querySelectorAll('[role=option]')]
        .find((candidate) => candidate.textContent.includes('/v1/products'));
      row.click();
      return true;`);
    // The selected call's findings, once they are shown.
    let findings = { codes: [] as string[], text: '' };
    await expect
      .poll(
        async () => {
          findings = await inPanel<{ codes: string[]; text: string }>(`
            const items = [...document.querySelectorAll('[aria-label="Findings"] li')];
            return { codes: items.map((item) => item.dataset.code), text: items.map((item) => item.textContent).join('\\n') };`);
          return findings.codes;
        },
        { message: 'the findings of GET /v1/products', timeout: FIREFOX_WAIT_MS },
      )
      .toEqual(expect.arrayContaining(['api-key-in-page', 'company-id-missing']));
    expect(findings.text).toContain(`••••${CANARY_KEY.slice(-4)}`);
    // Firefox's DevTools name no initiator to extensions: the advisory says where to look instead.
    expect(findings.text).toContain('the Network panel’s Initiator column shows it');
    expect(findings.text).not.toContain(CANARY_KEY);
    expect(await inPanel<string>('return document.body.innerHTML;')).not.toContain(CANARY_KEY);
  } finally {
    await sandbox.close();
  }
});

/**
 * Firefox gives DevTools panels no permissions API (bug 1796933), so the panel there cannot ask for
 * an https host: the profile is saved all the same, and the panel says where to allow the host.
 */
test('in Firefox’s DevTools an https profile saves, and the panel says how to allow its host', async () => {
  const sandbox = await createSandbox({ port: 0 });
  const firefox = await freshFirefox();
  try {
    const page = await blankTab(firefox);
    await page.goto(`${sandbox.url}${DEMO_APP}`);
    expect(await showFirefoxPanel(firefox.browser, DEMO_APP, PANEL)).toBe(firefox.panelUrl);
    const inPanel = <T>(body: string) => inFirefoxPanel<T>(firefox.browser, DEMO_APP, PANEL, body);
    await expect
      .poll(
        () =>
          inPanel<boolean>(
            `return document.querySelector('[aria-label="Profile editor"]') !== null;`,
          ).catch(() => false),
        { message: 'the first-run profile editor', timeout: FIREFOX_WAIT_MS },
      )
      .toBe(true);

    // Typed as a user types: each field found by its label, one input event each.
    await inPanel(`
      const fields = {
        'Profile name': 'Partner (https)',
        'Base URL': 'https://api.partner.example',
        'Company ID': ${JSON.stringify(sandbox.credentials.companyId)},
        'API key': 'not-a-real-key-0123456789',
      };
      for (const [label, value] of Object.entries(fields)) {
        const field = [...document.querySelectorAll('label')]
          .find((candidate) => candidate.textContent.trim() === label)?.control;
        if (!field) throw new Error('no field labelled ' + label);
        field.value = value;
        field.dispatchEvent(new window.Event('input', { bubbles: true }));
      }
      [...document.querySelectorAll('button')]
        .find((button) => button.textContent.trim() === 'Save profile').click();
      return true;`);

    let shown = '';
    await expect
      .poll(
        async () => {
          shown = await inPanel<string>('return document.body.innerText;');
          return shown.includes('Firefox gives DevTools panels no permissions API');
        },
        { message: 'the note on site access', timeout: FIREFOX_WAIT_MS },
      )
      .toBe(true);
    expect(shown).toContain(
      'Access to https://api.partner.example/* is not granted, and this panel cannot ask for it',
    );
    expect(shown).toContain('Allow it on about:addons');
    // The picker shows the saved profile once the profile list is read again, which may come a
    // moment after the note (a single look failed at load 23).
    await expect
      .poll(
        () =>
          inPanel<string>(
            `return document.querySelector('#active-profile')?.selectedOptions[0]?.text ?? '';`,
          ),
        { message: 'the profile picker', timeout: FIREFOX_WAIT_MS },
      )
      .toBe('Partner (https)');
  } finally {
    await sandbox.close();
  }
});
