/**
 * The panel driver's Firefox backend: a puppeteer-core page over WebDriver BiDi. Controls are found
 * by role and exact accessible name in the page, in one script evaluation (page-roles.ts, with
 * dom-accessibility-api): puppeteer's ARIA selectors ask Firefox's accessibility tree over BiDi,
 * 0.3-1.5 s a query on two busy cores, against a few milliseconds. `JOURNEY_ROLE_CHECK=1` checks
 * every query against puppeteer's ARIA selectors too (role-check.ts). Fields are found by their
 * `<label>`, text by puppeteer's text selector. Text goes into fields as one input event, as a
 * paste does: puppeteer's `fill` types key by key, one BiDi round trip each, which costs seconds per
 * secret and tests nothing more.
 */
import { basename } from 'node:path';
import type { ElementHandle, JSHandle, KeyInput, Page } from 'puppeteer-core';
import { clickPoint } from './click-point';
import {
  type Control,
  describedBy,
  hasFocus,
  type PanelDriver,
  type Role,
  wholeInView,
} from './driver';
import { nextDownload } from './firefox-downloads';
import type { PageQuery } from './page-roles';
import { pageRolesScript } from './page-roles-bundle';
import { checkRoleQuery, ROLE_CHECK } from './role-check';

/** How long a control is waited for; generous, as the suite shares two cores with Chromium's. */
export const FIREFOX_WAIT_MS = 30_000;

/** How often a wait for a control looks again, in the page (a look costs a few milliseconds). */
const POLL_MS = 50;

/** Puppeteer's text selector: the innermost elements whose text contains `text`. */
function textSelector(text: string): string {
  return `::-p-text(${JSON.stringify(text)})`;
}

/**
 * What a control is: a role and a name or a label (looked for in the page), or a text (puppeteer's
 * text selector).
 */
type Query = { page: PageQuery } | { selector: string };

function describe(query: Query): string {
  if ('selector' in query) return query.selector;
  if ('label' in query.page) return `the field labelled “${query.page.label}”`;
  const { role, name } = query.page;
  return name === undefined ? `the ${role}` : `the ${role} “${name}”`;
}

/** Puppeteer's checks of a role query, when asked for (JOURNEY_ROLE_CHECK=1). */
async function check(page: Page, root: JSHandle<unknown>, query: PageQuery) {
  if (ROLE_CHECK && !('label' in query)) await checkRoleQuery(page, root, query);
}

/** The pages that have page-roles.ts's script (a reopened panel is a new page). */
const withRoles = new WeakMap<Page, Promise<unknown>>();

function rolesIn(page: Page): Promise<unknown> {
  let installed = withRoles.get(page);
  if (installed === undefined) {
    installed = pageRolesScript().then((script) => page.evaluate(script));
    withRoles.set(page, installed);
  }
  return installed;
}

type InPage = { __journeyRoles: { inPage(root: ParentNode, query: PageQuery): Element[] } };

/**
 * Where a control is looked for: the page's document, or another control's element, and which
 * match (-1: the last).
 */
interface Scope {
  page: () => Page;
  /** The element looked in; undefined: the whole page. */
  root?: () => Promise<ElementHandle<Element>>;
  index: number;
}

async function rootOf(scope: Scope): Promise<JSHandle<unknown>> {
  if (scope.root !== undefined) return scope.root();
  return scope.page().evaluateHandle(() => document);
}

/** The scope's match of `query`, waited for until it is there. */
async function find(scope: Scope, query: Query): Promise<ElementHandle<Element>> {
  const page = scope.page();
  if ('page' in query) {
    await rolesIn(page);
    const root = await rootOf(scope);
    await check(page, root, query.page);
    const found = await page
      .waitForFunction(
        (from, wanted, index) =>
          (globalThis as unknown as InPage).__journeyRoles
            .inPage(from as ParentNode, wanted)
            .at(index),
        { polling: POLL_MS, timeout: FIREFOX_WAIT_MS },
        root,
        query.page,
        scope.index,
      )
      .catch((error: Error) => {
        throw new Error(`${describe(query)} (match ${scope.index}) not found: ${error.message}`);
      });
    return found as ElementHandle<Element>;
  }
  if (scope.index === 0 && scope.root === undefined) {
    // One query first: a locator's wait costs about twice as much over BiDi, and most controls
    // are there when asked for; the locator waits for the others.
    return ((await page.$(query.selector)) ??
      (await page.locator(query.selector).waitHandle())) as ElementHandle<Element>;
  }
  const deadline = Date.now() + FIREFOX_WAIT_MS;
  for (;;) {
    const found = (await all(scope, query)).at(scope.index);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`No match ${scope.index} of ${describe(query)}.`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Every match of `query` in the scope's root, now. */
async function all(scope: Scope, query: Query): Promise<ElementHandle<Element>[]> {
  const page = scope.page();
  if ('page' in query) {
    await rolesIn(page);
    const root = await rootOf(scope);
    await check(page, root, query.page);
    const list = await page.evaluateHandle(
      (from, wanted) =>
        (globalThis as unknown as InPage).__journeyRoles.inPage(from as ParentNode, wanted),
      root,
      query.page,
    );
    const elements = [...(await list.getProperties()).values()].map((item) => item.asElement());
    return elements.filter((item) => item !== null) as ElementHandle<Element>[];
  }
  if (scope.root === undefined) return (await page.$$(query.selector)) as ElementHandle<Element>[];
  return (await (await scope.root()).$$(query.selector)) as ElementHandle<Element>[];
}

/** How many controls the scope's `index` picks now: 0 or 1 (all of them for the first). */
async function count(scope: Scope, query: Query): Promise<number> {
  const page = scope.page();
  if ('page' in query && scope.index === 0) {
    await rolesIn(page);
    const root = await rootOf(scope);
    await check(page, root, query.page);
    return page.evaluate(
      (from, wanted) =>
        (globalThis as unknown as InPage).__journeyRoles.inPage(from as ParentNode, wanted).length,
      root,
      query.page,
    );
  }
  const found = await all(scope, query);
  if (scope.index === 0) return found.length;
  return found.at(scope.index) === undefined ? 0 : 1;
}

function control(scope: Scope, query: Query): Control {
  const handle = () => find(scope, query);
  const self: Control = {
    async click() {
      await clickOn(scope.page(), await handle());
    },
    async fill(value) {
      // Focus and the value in one script: as puppeteer's focus() does, then a paste.
      await (await handle()).evaluate((element, text) => {
        const input = element as HTMLInputElement | HTMLTextAreaElement;
        input.focus();
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
      return control({ ...scope, index }, query);
    },
    count: () => count(scope, query),
    within(role, name) {
      return control({ page: scope.page, root: handle, index: 0 }, roleQuery(role, name));
    },
    byText(text) {
      return control(
        { page: scope.page, root: handle, index: 0 },
        { selector: textSelector(text) },
      );
    },
    async contextMenu() {
      await clickOn(scope.page(), await handle(), 'right');
    },
    async hover() {
      await (await handle()).hover();
    },
    async focus() {
      await (await handle()).focus();
    },
    async visible() {
      const found = (await all(scope, query)).at(scope.index);
      return found === undefined ? false : found.isVisible();
    },
    async evaluate(script, arg) {
      return (await handle()).evaluate(script as never, arg) as never;
    },
  };
  return self;
}

/** A mouse click on the element's centre, as puppeteer's click gives, in two round trips. */
async function clickOn(page: Page, element: ElementHandle<Element>, button?: 'right') {
  const point = await element.evaluate(clickPoint);
  if (point === null) throw new Error('The control is not shown: there is nothing to click.');
  await page.mouse.click(point.x, point.y, button === undefined ? {} : { button });
}

function roleQuery(role: Role, name: string | undefined): Query {
  return { page: name === undefined ? { role } : { role, name } };
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
  const scope: Scope = { page, index: 0 };
  return {
    browser: 'firefox',
    waitMs: FIREFOX_WAIT_MS,
    picksFolders: false,
    role: (role, name) => control(scope, roleQuery(role, name)),
    label: (text) => control(scope, { page: { label: text } }),
    text: (text) => control(scope, { selector: textSelector(text) }),
    async choose(name, option) {
      const select = await find(scope, roleQuery('combobox', name));
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
      await clickOn(current, found as ElementHandle<Element>);
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
