/**
 * The one test that proves the panel really appears inside Chrome DevTools (every other test opens
 * the panel page as a plain tab): DevTools opens on a page, the "Partner API" panel gets selected,
 * and its iframe must render the app and be wired to the inspected page through chrome.devtools.
 * Beside it: the demo page with DevTools open as `npm start` opens it logs nothing, and a press in
 * the panel inside DevTools wakes a stopped worker (src/workspace/worker-wake.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDevToolsFrontend, showDevToolsPanel, TargetHub } from '../../scripts/devtools-cdp';
import { createSandbox } from '../../src/sandbox/server';
import { WAKE_AFTER_QUIET_MS } from '../../src/workspace/worker-wake';
import {
  expect,
  launchWithExtension,
  OFTEN,
  PANEL_PATH,
  test,
  watchServiceWorker,
} from './fixtures';

const INSPECTED_HTML = '<!doctype html><title>Inspected page</title><p>Inspect me</p>';

/** What the test reads from the panel's document; a string so it can run through CDP. */
const READ_PANEL = `(async () => {
  const label = [...document.querySelectorAll('label')].find(
    (l) => l.textContent.trim() === 'Profile name',
  );
  const inspectedUrl = await new Promise((resolve) => {
    if (typeof chrome === 'undefined' || !chrome.devtools) return resolve(null);
    chrome.devtools.inspectedWindow.eval('location.href', (value, error) =>
      resolve(error ? 'error: ' + JSON.stringify(error) : value),
    );
  });
  return {
    heading: document.querySelector('h1')?.textContent.trim() ?? null,
    subheading: document.querySelector('h2')?.textContent.trim() ?? null,
    profileNameControl: label?.control
      ? label.control.localName + '[type=' + label.control.type + ']'
      : null,
    inspectedUrl,
    // The panel follows DevTools' theme (headless DevTools runs its default, light one).
    theme: document.documentElement.dataset.theme ?? null,
  };
})()`;

test('the Partner API panel renders inside real Chrome DevTools', async () => {
  test.setTimeout(30_000);
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(INSPECTED_HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const inspectedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await launchWithExtension(['--auto-open-devtools-for-tabs']);
  try {
    // Reuse the tab the browser opened with: it already has its own DevTools window.
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.goto(inspectedUrl);
    const hub = await TargetHub.open(browser.context, page);

    const frontend = await hub.attachWhen('the DevTools frontend', isDevToolsFrontend);
    const panelId = await showDevToolsPanel(frontend, 'Partner API');
    expect(panelId).toBe(`chrome-extension://${browser.extensionId}PartnerAPI`);

    const panelUrl = `chrome-extension://${browser.extensionId}/${PANEL_PATH}`;
    const panelFrame = await hub.attachWhen(
      'the Partner API panel iframe',
      (target) => target.url === panelUrl,
    );
    expect(panelFrame.info.type).toBe('iframe');

    // Until Preact has rendered (and the page has loaded) the picture differs; a failure shows the
    // last one read.
    const readPanel = () =>
      panelFrame.evaluate<unknown>(READ_PANEL).catch((error: Error) => ({ error: error.message }));
    await expect
      .poll(readPanel, {
        ...OFTEN,
        message: 'the panel as rendered inside DevTools',
        timeout: 10_000,
      })
      .toEqual({
        heading: 'Partner API',
        subheading: 'Create your first profile',
        profileNameControl: 'input[type=text]',
        inspectedUrl,
        theme: 'light',
      });
    await hub.dispose();
  } finally {
    await browser.close();
    server.close();
  }
});

test('the sandbox’s demo page, with DevTools open on the panel as npm start opens it, logs no error or warning', async () => {
  test.setTimeout(30_000);
  const sandbox = await createSandbox({ port: 0 });
  const browser = await launchWithExtension(['--auto-open-devtools-for-tabs']);
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    const session = await browser.context.newCDPSession(page);
    const logged: string[] = [];
    session.on('Log.entryAdded', ({ entry }) => {
      if (entry.level === 'error' || entry.level === 'warning')
        logged.push(`${entry.level}: ${entry.text} ${entry.url ?? ''}`);
    });
    session.on('Runtime.consoleAPICalled', ({ type }) => {
      if (type === 'error' || type === 'warning') logged.push(`console.${type}`);
    });
    session.on('Runtime.exceptionThrown', ({ exceptionDetails }) =>
      logged.push(`exception: ${exceptionDetails.text}`),
    );
    session.on('Audits.issueAdded', ({ issue }) => logged.push(`issue: ${issue.code}`));
    await session.send('Log.enable');
    await session.send('Runtime.enable');
    await session.send('Audits.enable');
    await page.goto(`${sandbox.url}/`);
    const hub = await TargetHub.open(browser.context, page);
    const frontend = await hub.attachWhen('the DevTools frontend', isDevToolsFrontend);
    await showDevToolsPanel(frontend, 'Partner API');
    // What the browser and DevTools ask of the page by themselves (the favicon, DevTools'
    // workspace file) has reached the sandbox; a moment more lets a failed answer be logged.
    await expect
      .poll(() => sandbox.requests.map((request) => request.path), OFTEN)
      .toEqual(
        expect.arrayContaining([
          '/favicon.ico',
          '/.well-known/appspecific/com.chrome.devtools.json',
        ]),
      );
    await page.waitForTimeout(300);
    expect(logged).toEqual([]);
    await hub.dispose();
  } finally {
    await browser.close();
    await sandbox.close();
  }
});

test('inside real DevTools, a press in the panel after a pause starts a stopped worker', async () => {
  test.setTimeout(30_000);
  const sandbox = await createSandbox({ port: 0 });
  const browser = await launchWithExtension(['--auto-open-devtools-for-tabs']);
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.goto(`${sandbox.url}/`);
    const hub = await TargetHub.open(browser.context, page);
    const frontend = await hub.attachWhen('the DevTools frontend', isDevToolsFrontend);
    await showDevToolsPanel(frontend, 'Partner API');
    const panelUrl = `chrome-extension://${browser.extensionId}/${PANEL_PATH}`;
    const panelFrame = await hub.attachWhen(
      'the Partner API panel iframe',
      (target) => target.url === panelUrl,
    );
    await expect
      .poll(
        () =>
          panelFrame.evaluate<string | null>('document.querySelector("h1")?.textContent ?? null'),
        OFTEN,
      )
      .toBe('Partner API');
    const worker = await watchServiceWorker(browser.context, page, browser.extensionId);
    try {
      await worker.stop();
      await page.waitForTimeout(WAKE_AFTER_QUIET_MS + 200);
      expect(worker.status(), 'nothing else started the worker').toBe('stopped');
      // A press in the panel's document, inside the DevTools window.
      await panelFrame.evaluate(
        "document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true })), true",
      );
      await expect.poll(worker.status, OFTEN).toBe('running');
    } finally {
      await worker.detach();
    }
    await hub.dispose();
  } finally {
    await browser.close();
    await sandbox.close();
  }
});
