/**
 * The proof that the Firefox backend's role queries (page-roles.ts, computed in the page) find
 * exactly what puppeteer's ARIA selectors find in Firefox's accessibility tree: with
 * `JOURNEY_ROLE_CHECK=1`, every query is asked both ways and a difference fails the test, naming
 * both answers. The accessibility tree follows the DOM a moment later, so a difference is asked
 * again a few times before it counts.
 */
import type { ElementHandle, JSHandle, Page } from 'puppeteer-core';
import type { RoleQuery } from './page-roles';

export const ROLE_CHECK = process.env.JOURNEY_ROLE_CHECK === '1';

const TRIES = 6;
const PAUSE_MS = 250;

function ariaSelector({ role, name }: RoleQuery): string {
  return name === undefined
    ? `::-p-aria([role="${role}"])`
    : `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;
}

type InPage = { __journeyRoles: { byRole(root: ParentNode, query: RoleQuery): Element[] } };

/** Throws when the page's answer to `query` under `root` is not puppeteer's, element for element. */
export async function checkRoleQuery(page: Page, root: JSHandle<unknown>, query: RoleQuery) {
  let difference = '';
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const element = root.asElement() as ElementHandle<Element> | null;
    const theirs = await (element ?? page).$$(ariaSelector(query));
    difference = await page.evaluate(
      (from, wanted, ...found) => {
        const mine = (globalThis as unknown as InPage).__journeyRoles.byRole(
          from as ParentNode,
          wanted,
        );
        if (mine.length === found.length && mine.every((item, index) => item === found[index]))
          return '';
        const show = (list: unknown[]) =>
          list.map((item) => (item as Element).outerHTML.slice(0, 120)).join(' | ');
        return `the page found [${show(mine)}], puppeteer [${show(found)}]`;
      },
      root,
      query,
      ...theirs,
    );
    await Promise.all(theirs.map((handle) => handle.dispose()));
    if (difference === '') return;
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  throw new Error(`${ariaSelector(query)}: ${difference}`);
}
