/**
 * Firefox's DevTools, reached from outside: open the toolbox on a tab with the Partner API panel
 * chosen, and run a script inside the panel. What the Firefox capture test and
 * `npm start -- --browser firefox` use; the Chromium counterpart is scripts/devtools-cdp.ts.
 *
 * It relies on Firefox internals, measured in Firefox ESR 153, which is why only a smoke test and
 * `npm start` use it (the other Firefox tests open the panel page in a tab):
 * - `--remote-allow-system-access` lets BiDi evaluate in the browser window's chrome context,
 *   where the DevTools loader gives `gDevTools`, and a toolbox lists the extension's panel among
 *   its additional tools by its title.
 * - The panel is a remote `<browser>` in the toolbox's `webext-panels.xhtml` frame, in the
 *   extension's process, which BiDi does not list; a frame script loaded through its message
 *   manager runs there, with the panel's window as `content`, and sends its answer back.
 */
import type { Browser } from 'puppeteer-core';
import { bidi } from './firefox-browser';

interface EvaluateResult {
  type: 'success' | 'exception';
  result?: { type: string; value?: unknown };
  exceptionDetails?: { text: string };
}

/** The main browser window's chrome context (the browser's own UI, not a web page). */
async function chromeWindow(browser: Browser): Promise<string> {
  const tree = (await bidi(browser).send('browsingContext.getTree', {
    'moz:scope': 'chrome',
  })) as unknown as { result?: { contexts: { context: string; url: string }[] } };
  const contexts = tree.result?.contexts ?? [];
  const window = contexts.find(
    (context) => context.url === 'chrome://browser/content/browser.xhtml',
  );
  if (window === undefined) throw new Error('Firefox shows no browser window to open DevTools in.');
  return window.context;
}

/**
 * Runs `body` (the body of an async function, which may use the window's globals such as
 * `gBrowser`) in the browser window and returns what it returns, through JSON.
 */
export async function inBrowserWindow<T>(browser: Browser, body: string): Promise<T> {
  const answer = (await bidi(browser).send('script.evaluate', {
    expression: `(async () => JSON.stringify(await (async () => { ${body} })()))()`,
    target: { context: await chromeWindow(browser) },
    awaitPromise: true,
    resultOwnership: 'none',
  })) as unknown as { result: EvaluateResult };
  const { result } = answer;
  if (result.type === 'exception') throw new Error(result.exceptionDetails?.text ?? 'failed');
  const text = result.result?.value;
  return (typeof text === 'string' ? JSON.parse(text) : undefined) as T;
}

/** Finds the toolbox of the tab whose address contains `tabUrlPart`, and the panel's tool. */
function panelLookup(tabUrlPart: string, title: string): string {
  return `
    const { require } = ChromeUtils.importESModule('resource://devtools/shared/loader/Loader.sys.mjs');
    const { gDevTools } = require('devtools/client/framework/devtools');
    const tab = gBrowser.tabs.find((candidate) =>
      candidate.linkedBrowser.currentURI.spec.includes(${JSON.stringify(tabUrlPart)}));
    if (!tab) throw new Error('no tab shows ' + ${JSON.stringify(tabUrlPart)});
    const tool = (toolbox) => toolbox.getAdditionalTools().find((t) => t.label === ${JSON.stringify(title)});
    const panelBrowser = (toolbox) => toolbox.doc
      .getElementById('toolbox-panel-iframe-' + tool(toolbox).id)
      ?.contentDocument?.querySelector('browser');
    const wait = async (what, check) => {
      for (let i = 0; i < 600; i++) {
        const found = check();
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('DevTools never showed ' + what);
    };`;
}

/**
 * Opens DevTools on the tab showing `tabUrlPart` with the panel titled `title` chosen, and waits
 * for the panel's page to load. Returns the panel page's address.
 */
export function showFirefoxPanel(
  browser: Browser,
  tabUrlPart: string,
  title: string,
): Promise<string> {
  return inBrowserWindow<string>(
    browser,
    `${panelLookup(tabUrlPart, title)}
    gBrowser.selectedTab = tab;
    const toolbox = await gDevTools.showToolboxForTab(tab, { toolId: 'webconsole' });
    await wait('the ' + ${JSON.stringify(title)} + ' panel', () => tool(toolbox));
    await toolbox.selectTool(tool(toolbox).id);
    const loaded = await wait('the panel page', () => {
      const spec = panelBrowser(toolbox)?.currentURI?.spec ?? '';
      return spec.startsWith('moz-extension:') ? spec : null;
    });
    return loaded;`,
  );
}

let nextAnswer = 0;

/**
 * Runs `body` (the body of an async function given the panel's `window` and `document`) inside
 * the panel shown by `showFirefoxPanel`, and returns its answer (structured-cloneable).
 */
export function inFirefoxPanel<T>(
  browser: Browser,
  tabUrlPart: string,
  title: string,
  body: string,
): Promise<T> {
  const reply = `partner-api-test-${++nextAnswer}`;
  const frameScript = `
    (async (window, document) => { ${body} })(content, content.document).then(
      (value) => sendAsyncMessage(${JSON.stringify(reply)}, { value }),
      (error) => sendAsyncMessage(${JSON.stringify(reply)}, { error: String(error) }),
    );`;
  return inBrowserWindow<{ value?: T; error?: string }>(
    browser,
    `${panelLookup(tabUrlPart, title)}
    const toolbox = gDevTools.getToolboxForTab(tab);
    if (!toolbox) throw new Error('DevTools is not open on that tab');
    const manager = panelBrowser(toolbox).messageManager;
    return await new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ error: 'the panel did not answer in 30 s' }), 30000);
      manager.addMessageListener(${JSON.stringify(reply)}, function answered(message) {
        manager.removeMessageListener(${JSON.stringify(reply)}, answered);
        clearTimeout(timer);
        resolve(message.data);
      });
      manager.loadFrameScript('data:,' + encodeURIComponent(${JSON.stringify(frameScript)}), false);
    });`,
  ).then((answer) => {
    if (answer.error !== undefined) throw new Error(`In the panel: ${answer.error}`);
    return answer.value as T;
  });
}
