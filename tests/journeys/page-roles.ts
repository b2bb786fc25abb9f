/**
 * Runs in the Firefox panel page, not in Node (bundled by page-roles-bundle.ts): the elements
 * inside a root with a role and exactly an accessible name, computed in the page by
 * dom-accessibility-api (W3C accname and html-aam, as Testing Library uses it), the way Playwright's
 * getByRole answers in the page in Chromium. One script evaluation per query, where puppeteer's
 * ARIA selectors ask Firefox's accessibility tree over BiDi (0.3-1.5 s a query on two busy cores).
 * Also the field a `<label>` names (a password field has no role to find it by).
 */
import { computeAccessibleName, getRole, isInaccessible } from 'dom-accessibility-api';

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

/** What a page script calls: globalThis.__journeyRoles.inPage(root, query). */
(globalThis as { __journeyRoles?: unknown }).__journeyRoles = { byRole, inPage };
