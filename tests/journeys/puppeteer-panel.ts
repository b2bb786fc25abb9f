/**
 * The panel driver's Firefox backend: a puppeteer-core page over WebDriver BiDi. Controls are found
 * with puppeteer's ARIA selectors, which Firefox answers from its accessibility tree; fields by
 * their `<label>`. Text goes into fields as one input event, as a paste does: puppeteer's `fill`
 * types key by key, one BiDi round trip each, which costs seconds per secret and tests nothing
 * more.
 */
import { basename } from 'node:path';
import type { ElementHandle, KeyInput, Page } from 'puppeteer-core';
import {
  type Control,
  describedBy,
  hasFocus,
  type PanelDriver,
  type Role,
  wholeInView,
} from './driver';
import { nextDownload } from './firefox-downloads';

/** How long a control is waited for; generous, as the suite shares two cores with Chromium's. */
export const FIREFOX_WAIT_MS = 30_000;

function ariaSelector(role: Role, name: string | undefined): string {
  return name === undefined
    ? `::-p-aria([role="${role}"])`
    : `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;
}

/** Puppeteer's text selector: the innermost elements whose text contains `text`. */
function textSelector(text: string): string {
  return `::-p-text(${JSON.stringify(text)})`;
}

/** Where a control is looked for: the page, or another control's element. */
interface Scope {
  find(selector: string): Promise<ElementHandle<Element>>;
  count(selector: string): Promise<number>;
  all(selector: string): Promise<ElementHandle<Element>[]>;
}

function control(scope: Scope, selector: string): Control {
  const handle = () => scope.find(selector);
  const self: Control = {
    async click() {
      await (await handle()).click();
    },
    async fill(value) {
      const field = await handle();
      await field.focus();
      await field.evaluate((element, text) => {
        const input = element as HTMLInputElement | HTMLTextAreaElement;
        const prototype = Object.getPrototypeOf(input) as object;
        Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new Event('change', { bubbles: true }));
      }, value);
    },
    async setChecked(checked) {
      if ((await self.checked()) !== checked) await self.click();
    },
    async wait() {
      await handle();
    },
    async text() {
      return (await handle()).evaluate((element) => (element as HTMLElement).innerText);
    },
    async value() {
      return (await handle()).evaluate(
        (element) => (element as HTMLInputElement | HTMLTextAreaElement).value,
      );
    },
    async checked() {
      return (await handle()).evaluate((element) => (element as HTMLInputElement).checked);
    },
    async focused() {
      return (await handle()).evaluate(hasFocus);
    },
    async inView() {
      return (await handle()).evaluate(wholeInView);
    },
    async options() {
      return (await handle()).evaluate((element) => {
        const select = element as HTMLSelectElement;
        return {
          texts: [...select.options].map((option) => option.text),
          chosen: select.selectedOptions[0]?.text ?? '',
        };
      });
    },
    async attribute(name) {
      return (await handle()).evaluate(
        (element, attribute) => element.getAttribute(attribute),
        name,
      );
    },
    async description() {
      return (await handle()).evaluate(describedBy);
    },
    async setFiles(paths) {
      await ((await handle()) as ElementHandle<HTMLInputElement>).uploadFile(...paths);
    },
    nth(index) {
      return control(nthScope(scope, index), selector);
    },
    count: () => scope.count(selector),
    within(role, name) {
      return control(elementScope(handle), ariaSelector(role, name));
    },
    byText(text) {
      return control(elementScope(handle), textSelector(text));
    },
    async contextMenu() {
      await (await handle()).click({ button: 'right' });
    },
    async hover() {
      await (await handle()).hover();
    },
    async focus() {
      await (await handle()).focus();
    },
    async visible() {
      const [found] = await scope.all(selector);
      return found === undefined ? false : found.isVisible();
    },
    async evaluate(script, arg) {
      return (await handle()).evaluate(script as never, arg) as never;
    },
  };
  return self;
}

function elementScope(root: () => Promise<ElementHandle<Element>>): Scope {
  return {
    async find(selector) {
      const found = await (await root()).waitForSelector(selector, { timeout: FIREFOX_WAIT_MS });
      if (found === null) throw new Error(`Nothing matches ${selector} inside its container.`);
      return found as ElementHandle<Element>;
    },
    async count(selector) {
      return (await (await root()).$$(selector)).length;
    },
    all: async (selector) => (await root()).$$(selector),
  };
}

/** The `index`th match of a scope's selector (-1: the last), waited for until it is there. */
function nthScope(scope: Scope, index: number): Scope {
  return {
    async find(selector) {
      await scope.find(selector);
      const deadline = Date.now() + FIREFOX_WAIT_MS;
      for (;;) {
        const all = await scope.all(selector);
        const found = all.at(index);
        if (found !== undefined) return found;
        if (Date.now() > deadline) throw new Error(`No match number ${index} of ${selector}.`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    count: async (selector) => ((await scope.all(selector)).at(index) === undefined ? 0 : 1),
    all: async (selector) => {
      const found = (await scope.all(selector)).at(index);
      return found === undefined ? [] : [found];
    },
  };
}

function pageScope(page: () => Page): Scope {
  return {
    // One query first: a locator's wait costs about twice as much over BiDi, and most controls
    // are there when asked for; the locator waits for the others.
    find: async (selector) =>
      ((await page().$(selector)) ??
        (await page().locator(selector).waitHandle())) as ElementHandle<Element>,
    count: async (selector) => (await page().$$(selector)).length,
    all: (selector) => page().$$(selector) as Promise<ElementHandle<Element>[]>,
  };
}

/** The field a `<label>` names, found by a script in the page (it waits as a locator does). */
function labelled(page: () => Page, label: string): Control {
  const find = `[...document.querySelectorAll('label')].find((l) => l.textContent.trim() === ${JSON.stringify(label)})?.control ?? null`;
  const scope: Scope = {
    find: () =>
      page()
        .locator(new Function(`return ${find};`) as () => Element | null)
        .waitHandle() as Promise<ElementHandle<Element>>,
    count: async () => ((await page().evaluate(`(${find}) === null ? 0 : 1`)) as number) ?? 0,
    all: async () => [(await scope.find('')) as ElementHandle<Element>],
  };
  return control(scope, '');
}

/**
 * The driver over a puppeteer page that shows the panel. `reopen` opens the panel in a new tab:
 * a reload closes the page and reopens it there, as closing and opening DevTools does (a BiDi
 * navigation of the same page leaves puppeteer's queries waiting on the old document).
 */
export function puppeteerPanel(
  first: Page,
  reopen: () => Promise<Page>,
  downloadDir?: string,
): PanelDriver {
  let current = first;
  const downloaded = new Set<string>();
  const page = () => current;
  first.setDefaultTimeout(FIREFOX_WAIT_MS);
  const scope = pageScope(page);
  return {
    browser: 'firefox',
    waitMs: FIREFOX_WAIT_MS,
    picksFolders: false,
    role: (role, name) => control(scope, ariaSelector(role, name)),
    label: (text) => labelled(page, text),
    text: (text) => control(scope, textSelector(text)),
    async choose(name, option) {
      const select = await scope.find(ariaSelector('combobox', name));
      const value = await select.evaluate(
        (element, text) =>
          [...(element as HTMLSelectElement).options].find((item) => item.text === text)?.value,
        option,
      );
      if (value === undefined) throw new Error(`“${name}” has no option “${option}”.`);
      await select.select(value);
    },
    async tab(list, name) {
      const found = await current.waitForFunction(
        (listName, tabName) => {
          const tablist = [...document.querySelectorAll('[role=tablist]')].find(
            (element) => element.getAttribute('aria-label') === listName,
          );
          return [...(tablist?.querySelectorAll('[role=tab]') ?? [])].find(
            (element) => (element.textContent ?? '').trim().split(/\s/)[0] === tabName,
          );
        },
        { timeout: FIREFOX_WAIT_MS },
        list,
        name,
      );
      await (found as ElementHandle<Element>).click();
    },
    content: () => current.content(),
    evaluate: (script, arg) => current.evaluate(script as never, arg) as never,
    async reload() {
      const viewport = current.viewport();
      const next = await reopen();
      if (viewport !== null) await next.setViewport(viewport);
      next.setDefaultTimeout(FIREFOX_WAIT_MS);
      await current.close();
      current = next;
    },
    setViewport: (size) => current.setViewport(size),
    async press(key) {
      // Puppeteer presses one key at a time: a chord's modifiers are held around its last key.
      const keys = key.split('+') as KeyInput[];
      const last = keys.pop() as KeyInput;
      for (const modifier of keys) await current.keyboard.down(modifier);
      await current.keyboard.press(last);
      for (const modifier of keys.reverse()) await current.keyboard.up(modifier);
    },
    async download(action) {
      if (downloadDir === undefined) throw new Error('This Firefox keeps no downloads.');
      await action();
      const path = await nextDownload(downloadDir, downloaded, FIREFOX_WAIT_MS);
      return { name: basename(path), path };
    },
    async screenshot(path) {
      await current.screenshot({ path: path as `${string}.png` });
    },
  };
}
