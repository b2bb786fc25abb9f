/**
 * The panel driver's Firefox backend: a puppeteer-core page over WebDriver BiDi. Controls are found
 * by role and exact accessible name in the page, in one script evaluation (page-roles.ts, with
 * dom-accessibility-api): puppeteer's ARIA selectors ask Firefox's accessibility tree over BiDi,
 * 0.3-1.5 s a query on two busy cores, against a few milliseconds. `JOURNEY_ROLE_CHECK=1` checks
 * every query against puppeteer's ARIA selectors too (role-check.ts). Fields are found by their
 * `<label>`, text as puppeteer's text selector finds it (its own code, in the page). A control is
 * looked for, waited for and read or acted on in one script: one BiDi round trip (two for a
 * click: the point, then the mouse). Text goes into fields as one input event, as a
 * paste does: puppeteer's `fill` types key by key, one BiDi round trip each, which costs seconds per
 * secret and tests nothing more.
 */
import { basename } from 'node:path';
import type { ElementHandle, JSHandle, KeyInput, Page } from 'puppeteer-core';
import type { clickTarget } from './click-point';
import {
  type Control,
  describedBy,
  hasFocus,
  type PanelDriver,
  type Role,
  wholeInView,
} from './driver';
import { nextDownload } from './firefox-downloads';
import type { Find, PageQuery, Step } from './page-roles';
import { pageRolesScript } from './page-roles-bundle';
import { checkRoleQuery, ROLE_CHECK } from './role-check';

/** How long a control is waited for; generous, as the suite shares two cores with Chromium's. */
export const FIREFOX_WAIT_MS = 30_000;

/**
 * A control is a chain of steps (page-roles.ts): what is looked for, in the element the step before
 * found (the page's document for the first), and which match. The page resolves the chain itself,
 * waiting for it there, and runs the read or the action on what it finds, in one BiDi round trip:
 * puppeteer's waitForFunction and ElementHandle.evaluate cost five to nine.
 */
type Chain = Step[];

/** Puppeteer's checks of a chain's role queries, when asked for (JOURNEY_ROLE_CHECK=1). */
async function check(page: Page, chain: Chain) {
  if (!ROLE_CHECK) return;
  let root: JSHandle<unknown> = await page.evaluateHandle(() => document);
  for (const [position, step] of chain.entries()) {
    if (!('role' in step.find)) return;
    await checkRoleQuery(page, root, step.find);
    if (position === chain.length - 1) return;
    const prefix = chain.slice(0, position + 1);
    root = await page.evaluateHandle(
      (steps) => (globalThis as unknown as InPage).__journeyRoles.resolve(steps),
      prefix,
    );
    if (root.asElement() === null) return;
  }
}

function describeStep({ find, index }: Step): string {
  const which = index === 0 ? '' : ` (match ${index})`;
  if ('text' in find) return `the text “${find.text}”${which}`;
  if ('tab' in find) return `the ${find.tab.list} tab “${find.tab.name}”${which}`;
  if ('label' in find) return `the field labelled “${find.label}”${which}`;
  const { role, name } = find;
  return `${name === undefined ? `the ${role}` : `the ${role} “${name}”`}${which}`;
}

function describe(chain: Chain): string {
  return chain.map(describeStep).reverse().join(' in ');
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

type InPage = {
  __journeyRoles: {
    resolve(steps: Chain): Element | undefined;
    waitFor(steps: Chain, timeout: number): Promise<Element | undefined>;
    count(steps: Chain, timeout: number): Promise<number>;
    shown(element: Element): boolean;
    clickTarget: typeof clickTarget;
  };
};

/** What the page answers: the script's result, or that the chain was not found in time. */
type Answer<T> = { found: true; value: T } | { found: false };

/**
 * Runs `script` in the page on the chain's element, waited for there up to FIREFOX_WAIT_MS, with
 * `arg` (JSON), and returns its result; throws, naming the chain, when it is not found in time. One
 * expression (an extension page's CSP forbids building a function in the page; BiDi's evaluation
 * does not go through it), so one round trip.
 */
async function onElement<T, A>(
  page: Page,
  chain: Chain,
  script: (element: Element, arg: A) => T | Promise<T>,
  arg?: A,
): Promise<T> {
  await rolesIn(page);
  await check(page, chain);
  const answer = (await page.evaluate(`(async () => {
    const element = await globalThis.__journeyRoles.waitFor(${JSON.stringify(chain)}, ${FIREFOX_WAIT_MS});
    if (element === undefined) return { found: false };
    return { found: true, value: await (${script.toString()})(element, ${JSON.stringify(arg) ?? 'undefined'}) };
  })()`)) as Answer<T>;
  if (!answer.found) throw new Error(`${describe(chain)} not found in ${FIREFOX_WAIT_MS} ms.`);
  return answer.value;
}

/** The chain's element as a handle (for what only puppeteer can do with it: files), waited for. */
async function handleOf(page: Page, chain: Chain): Promise<ElementHandle<Element>> {
  await rolesIn(page);
  await check(page, chain);
  const handle = await page.evaluateHandle(
    (steps, timeout) => (globalThis as unknown as InPage).__journeyRoles.waitFor(steps, timeout),
    chain,
    FIREFOX_WAIT_MS,
  );
  const element = handle.asElement();
  if (element === null) throw new Error(`${describe(chain)} not found in ${FIREFOX_WAIT_MS} ms.`);
  return element as ElementHandle<Element>;
}

/** The page's half of a select's choice, as puppeteer's ElementHandle.select does it. */
function selectOption(element: Element, option: string): string | null {
  const select = element as HTMLSelectElement;
  const chosen = [...select.options].find((item) => item.text === option);
  if (chosen === undefined) return null;
  for (const item of select.options) item.selected = false;
  chosen.selected = true;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
  return chosen.value;
}

/** Focus and the value in one script: as puppeteer's focus() does, then a paste. */
function pasteInto(element: Element, text: string) {
  const input = element as HTMLInputElement | HTMLTextAreaElement;
  input.focus();
  const prototype = Object.getPrototypeOf(input) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Where to click the chain's control once it takes the click (clickTarget), waited for. */
async function pointOf(page: Page, chain: Chain): Promise<{ x: number; y: number } | null> {
  const deadline = Date.now() + FIREFOX_WAIT_MS;
  for (;;) {
    const point = await onElement(page, chain, (element) =>
      (globalThis as unknown as InPage).__journeyRoles.clickTarget(element),
    );
    if (point !== 'retry') return point;
    if (Date.now() > deadline)
      throw new Error(`${describe(chain)} never took a click: something else is over it.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A mouse click on the element's centre, as puppeteer's click gives, in two round trips. */
async function clickOn(page: Page, chain: Chain, button?: 'right') {
  const point = await pointOf(page, chain);
  if (point === null)
    throw new Error(`${describe(chain)} is not shown: there is nothing to click.`);
  await page.mouse.click(point.x, point.y, button === undefined ? {} : { button });
}

function control(page: () => Page, chain: Chain): Control {
  const on = <T, A>(script: (element: Element, arg: A) => T | Promise<T>, arg?: A) =>
    onElement(page(), chain, script, arg);
  const self: Control = {
    click: () => clickOn(page(), chain),
    async fill(value) {
      await on(pasteInto, value);
    },
    async setChecked(checked) {
      if ((await self.checked()) !== checked) await self.click();
    },
    async wait() {
      await on(() => true);
    },
    text: () => on((element) => (element as HTMLElement).innerText),
    value: () => on((element) => (element as HTMLInputElement | HTMLTextAreaElement).value),
    checked: () => on((element) => (element as HTMLInputElement).checked),
    focused: () => on(hasFocus),
    inView: () => on(wholeInView),
    options: () =>
      on((element) => {
        const select = element as HTMLSelectElement;
        return {
          texts: [...select.options].map((option) => option.text),
          chosen: select.selectedOptions[0]?.text ?? '',
        };
      }),
    attribute: (name) => on((element, attribute) => element.getAttribute(attribute), name),
    description: () => on(describedBy),
    async setFiles(paths) {
      await ((await handleOf(page(), chain)) as ElementHandle<HTMLInputElement>).uploadFile(
        ...paths,
      );
    },
    nth: (index) => control(page, [...chain.slice(0, -1), { ...(chain.at(-1) as Step), index }]),
    async count() {
      await rolesIn(page());
      await check(page(), chain);
      return page().evaluate(
        (steps, timeout) => (globalThis as unknown as InPage).__journeyRoles.count(steps, timeout),
        chain,
        FIREFOX_WAIT_MS,
      );
    },
    within: (role, name) => control(page, [...chain, { find: roleFind(role, name), index: 0 }]),
    byText: (text) => control(page, [...chain, { find: { text }, index: 0 }]),
    contextMenu: () => clickOn(page(), chain, 'right'),
    async hover() {
      // As puppeteer's hover: scrolled into view, the mouse moved to the centre.
      const point = await pointOf(page(), chain);
      if (point === null) throw new Error(`${describe(chain)} is not shown: nothing to hover.`);
      await page().mouse.move(point.x, point.y);
    },
    async focus() {
      await on((element) => (element as HTMLElement).focus());
    },
    async visible() {
      // Once the chain's parents are there (as count()), whether its element is there and shown.
      await rolesIn(page());
      await check(page(), chain);
      return page().evaluate(
        async (steps, timeout) => {
          const roles = (globalThis as unknown as InPage).__journeyRoles;
          if ((await roles.count(steps, timeout)) === 0) return false;
          const element = roles.resolve(steps);
          return element !== undefined && roles.shown(element);
        },
        chain,
        FIREFOX_WAIT_MS,
      );
    },
    evaluate: (script, arg) => on(script as never, arg) as never,
  };
  return self;
}

function roleFind(role: Role, name: string | undefined): PageQuery {
  return name === undefined ? { role } : { role, name };
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
  const at = (find: Find) => control(page, [{ find, index: 0 }]);
  return {
    browser: 'firefox',
    waitMs: FIREFOX_WAIT_MS,
    picksFolders: false,
    role: (role, name) => at(roleFind(role, name)),
    label: (text) => at({ label: text }),
    text: (text) => at({ text }),
    async choose(name, option) {
      const chain = [{ find: roleFind('combobox', name), index: 0 }];
      const value = await onElement(current, chain, selectOption, option);
      if (value === null) throw new Error(`“${name}” has no option “${option}”.`);
    },
    async tab(list, name) {
      await clickOn(current, [{ find: { tab: { list, name } }, index: 0 }]);
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
