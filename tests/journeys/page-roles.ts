/**
 * Runs in the Firefox panel page, not in Node (bundled by page-roles-bundle.ts): the elements
 * inside a root with a role and exactly an accessible name, computed in the page by
 * dom-accessibility-api (W3C accname and html-aam, as Testing Library uses it), the way Playwright's
 * getByRole answers in the page in Chromium. One script evaluation per query, where puppeteer's
 * ARIA selectors ask Firefox's accessibility tree over BiDi (0.3-1.5 s a query on two busy cores).
 * Also the field a `<label>` names (a password field has no role to find it by), the innermost
 * elements whose text contains a string (puppeteer's `::-p-text`, its own code), a tab by its first
 * word, and a control found through a chain of these (a button within a region), waited for in the
 * page: a control's read or action is then one BiDi round trip instead of five to nine.
 */
import { computeAccessibleName, getRole, isInaccessible } from 'dom-accessibility-api';
import { textQuerySelectorAll } from 'puppeteer-core/internal/injected/TextQuerySelector.js';
import { clickTarget } from './click-point';

export interface RoleQuery {
  role: string;
  /** Exactly this accessible name; any name when left out. */
  name?: string;
}

/**
 * The element's role. dom-accessibility-api calls every `<th>` a column header; html-aam, and
 * Firefox, make one with `scope="row"` (or `rowgroup`) a row header.
 */
function roleOf(element: Element): string | null {
  const role = getRole(element);
  const scope = element.getAttribute('scope') ?? '';
  if (role === 'columnheader' && !element.hasAttribute('role') && /^row/i.test(scope))
    return 'rowheader';
  return role;
}

/** Every element under `root` (not `root` itself) with the query's role and name, in order. */
export function byRole(root: ParentNode, query: RoleQuery): Element[] {
  const found: Element[] = [];
  for (const element of root.querySelectorAll('*')) {
    if (roleOf(element) !== query.role || isInaccessible(element)) continue;
    if (query.name !== undefined && computeAccessibleName(element) !== query.name) continue;
    found.push(element);
  }
  return found;
}

/** The controls of the `<label>`s under `root` whose text, trimmed, is `text`. */
export function byLabel(root: ParentNode, text: string): Element[] {
  return [...root.querySelectorAll('label')]
    .filter((label) => (label.textContent ?? '').trim() === text)
    .map((label) => label.control)
    .filter((field) => field !== null);
}

/** A control looked for in the page: by role and name, or by its label. */
export type PageQuery = RoleQuery | { label: string };

export function inPage(root: ParentNode, query: PageQuery): Element[] {
  return 'label' in query ? byLabel(root, query.label) : byRole(root, query);
}

/** How a control is found in its parent: a page query, a text, or a tab of a tab list. */
export type Find = PageQuery | { text: string } | { tab: { list: string; name: string } };

/** One link of a control's chain: what is looked for in the previous link's element, which match. */
export interface Step {
  find: Find;
  /** Which match (-1: the last). */
  index: number;
}

/** The tab of the tab list named `list` whose text's first word is `name`. */
function byTab(root: ParentNode, { list, name }: { list: string; name: string }): Element[] {
  const tablist = [...root.querySelectorAll('[role=tablist]')].find(
    (element) => element.getAttribute('aria-label') === list,
  );
  return [...(tablist?.querySelectorAll('[role=tab]') ?? [])].filter(
    (element) => (element.textContent ?? '').trim().split(/\s/)[0] === name,
  );
}

export function matches(root: ParentNode, find: Find): Element[] {
  if ('text' in find) return [...textQuerySelectorAll(root as Node, find.text)];
  if ('tab' in find) return byTab(root, find.tab);
  return inPage(root, find);
}

/** The chain's element now, or undefined when a link of it is not there. */
export function resolve(steps: Step[]): Element | undefined {
  let root: ParentNode = document;
  for (const step of steps) {
    const found = matches(root, step.find).at(step.index);
    if (found === undefined) return undefined;
    root = found;
  }
  return root as Element;
}

/** How often a wait looks again (a look costs a few milliseconds), as puppeteer's polling did. */
const POLL_MS = 50;

/** The chain's element, looked for every POLL_MS until `timeout` ms have passed. */
export async function waitFor(steps: Step[], timeout: number): Promise<Element | undefined> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = resolve(steps);
    if (found !== undefined || Date.now() >= deadline) return found;
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
}

/** How many elements the chain's last link matches now, once the links before it are there. */
export async function count(steps: Step[], timeout: number): Promise<number> {
  const last = steps.at(-1) as Step;
  const root = steps.length === 1 ? document : await waitFor(steps.slice(0, -1), timeout);
  if (root === undefined) return 0;
  const found = matches(root, last.find);
  if (last.index === 0) return found.length;
  return found.at(last.index) === undefined ? 0 : 1;
}

/** Puppeteer's isVisible(): not `visibility: hidden` or `collapse`, and a box of some size. */
export function shown(element: Element): boolean {
  const style = window.getComputedStyle(element);
  const box = element.getBoundingClientRect();
  return !['hidden', 'collapse'].includes(style.visibility) && box.width !== 0 && box.height !== 0;
}

/** What a page script calls: globalThis.__journeyRoles.inPage(root, query), waitFor(steps, …). */
(globalThis as { __journeyRoles?: unknown }).__journeyRoles = {
  byRole,
  inPage,
  resolve,
  waitFor,
  count,
  shown,
  clickTarget,
};
