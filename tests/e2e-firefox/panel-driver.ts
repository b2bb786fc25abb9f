/**
 * Driving the panel in Firefox the way a user finds things: controls by role and accessible name
 * (puppeteer's ARIA selectors, which Firefox answers over BiDi from its accessibility tree), fields
 * by their label. The Firefox counterpart of tests/e2e/profiles.ts and workbench.ts, whose helpers
 * take Playwright pages.
 *
 * Text goes into fields as one input event, as a paste does: puppeteer's `fill` types key by key,
 * one BiDi round trip each, which costs seconds per secret and tests nothing more.
 */
import { expect } from '@playwright/test';
import type { ElementHandle, Locator, Page } from 'puppeteer-core';

type Role =
  | 'banner'
  | 'button'
  | 'checkbox'
  | 'combobox'
  | 'dialog'
  | 'form'
  | 'heading'
  | 'list'
  | 'menuitem'
  | 'option'
  | 'region'
  | 'separator'
  | 'status'
  | 'tab'
  | 'textbox'
  | 'tree'
  | 'treeitem';

/** How long a check waits for the panel; generous, as the suite shares two cores with Chromium's. */
export const PANEL_WAIT_MS = 30_000;

function ariaSelector(role: Role, name: string): string {
  return `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;
}

/** The control with this role and exactly this accessible name. */
export function byRole(panel: Page, role: Role, name: string): Locator<Element> {
  return panel.locator(ariaSelector(role, name));
}

/**
 * The control with this role and name inside `container` (a dialog, a form, a region): for names
 * the panel uses twice, such as a Delete button and the confirmation's Delete button.
 */
export async function inside(
  container: Locator<Element>,
  role: Role,
  name: string,
): Promise<ElementHandle<Element>> {
  const root = await container.waitHandle();
  const found = await root.waitForSelector(ariaSelector(role, name), { timeout: PANEL_WAIT_MS });
  if (found === null) throw new Error(`No ${role} “${name}” inside the container.`);
  return found;
}

/** The field a `<label>` names (password fields have no textbox role to find them by). */
export function byLabel(panel: Page, label: string): Locator<Element> {
  return panel.locator(
    new Function(
      `return [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === ${JSON.stringify(label)})?.control ?? null;`,
    ) as () => Element | null,
  ) as Locator<Element>;
}

async function setValue(field: ElementHandle<Element>, value: string): Promise<void> {
  await field.evaluate((element, text) => {
    const input = element as HTMLInputElement | HTMLTextAreaElement;
    const prototype = Object.getPrototypeOf(input) as object;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

export async function fill(field: Locator<Element>, value: string): Promise<void> {
  const handle = await field.waitHandle();
  await handle.focus();
  await setValue(handle, value);
}

/** Picks the option whose text is `label` in the combobox named `name`. */
export async function choose(panel: Page, name: string, label: string): Promise<void> {
  const select = await byRole(panel, 'combobox', name).waitHandle();
  const value = await select.evaluate(
    (element, text) =>
      [...(element as HTMLSelectElement).options].find((option) => option.text === text)?.value,
    label,
  );
  if (value === undefined) throw new Error(`“${name}” has no option “${label}”.`);
  await select.select(value);
}

/** What the element shows, as a user reads it. */
export async function textOf(field: Locator<Element>): Promise<string> {
  const handle = await field.waitHandle();
  return handle.evaluate((element) => (element as HTMLElement).innerText);
}

/** Waits until the element shows text matching `pattern` (a string is looked for as it is). */
export async function expectText(field: Locator<Element>, pattern: RegExp | string) {
  const matcher =
    typeof pattern === 'string' ? expect.stringContaining(pattern) : expect.stringMatching(pattern);
  await expect
    .poll(() => textOf(field).catch((error: Error) => `(not found: ${error.message})`), {
      timeout: PANEL_WAIT_MS,
    })
    .toEqual(matcher);
}

/** Waits until the field holds `value` (a composer filled by an import or a saved request). */
export async function expectValue(field: Locator<Element>, value: string) {
  await expect
    .poll(
      async () =>
        (await field.waitHandle()).evaluate(
          (element) => (element as HTMLInputElement | HTMLTextAreaElement).value,
        ),
      { timeout: PANEL_WAIT_MS },
    )
    .toBe(value);
}

/** Waits until the panel shows `text` anywhere (a status line with no name of its own). */
export async function expectPanelText(panel: Page, text: string) {
  await expect
    .poll(() => panel.evaluate(() => document.body.innerText), { timeout: PANEL_WAIT_MS })
    .toContain(text);
}

/** The element, already shown, has no text matching `pattern`. */
export async function expectNoText(field: Locator<Element>, pattern: RegExp | string) {
  const text = await textOf(field);
  if (typeof pattern === 'string') expect(text).not.toContain(pattern);
  else expect(text).not.toMatch(pattern);
}

/** Waits until no element matches (a dialog closed, an editor gave way). */
export async function expectGone(panel: Page, role: Role, name: string) {
  await expect
    .poll(async () => (await panel.$$(ariaSelector(role, name))).length, {
      timeout: PANEL_WAIT_MS,
    })
    .toBe(0);
}

export async function requestTab(panel: Page, name: 'Params' | 'Headers' | 'Body' | 'Auth') {
  await tab(panel, 'Request', name);
}

export async function responseTab(
  panel: Page,
  name: 'Body' | 'Headers' | 'Sent' | 'Explanation' | 'Timeline',
) {
  await tab(panel, 'Response', name);
}

/** Tabs carry counts and marks after their names ("Headers 3", "Body •"): matched by the word. */
async function tab(panel: Page, list: string, name: string) {
  const found = await panel.waitForFunction(
    (listName, tabName) => {
      const tablist = [...document.querySelectorAll('[role=tablist]')].find(
        (element) => element.getAttribute('aria-label') === listName,
      );
      return [...(tablist?.querySelectorAll('[role=tab]') ?? [])].find(
        (element) => (element.textContent ?? '').trim().split(/\s/)[0] === tabName,
      );
    },
    { timeout: PANEL_WAIT_MS },
    list,
    name,
  );
  await (found as ElementHandle<Element>).click();
}
