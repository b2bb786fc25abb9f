/**
 * The one interface every panel journey drives, in Chromium (Playwright, playwright-panel.ts) and
 * in Firefox ESR (puppeteer-core over WebDriver BiDi, puppeteer-panel.ts): controls found the way
 * a user finds them, by role and accessible name (Playwright's in Chromium, computed in the page
 * by dom-accessibility-api in Firefox) or by their label, and the few checks a journey makes on
 * what they show. A journey written against it runs in both browsers; one that needs what a single browser offers
 * (DevTools, a worker kill, a restart) asks its backend's own page.
 */
import { expect, type Page } from '@playwright/test';

/** An ARIA role, as Playwright names them (the Firefox backend's page-roles.ts takes the same). */
export type Role = Parameters<Page['getByRole']>[0];

export type PanelBrowser = 'chromium' | 'firefox';

/** A file the panel downloaded: the name it gave it, and where the browser saved it. */
export interface Download {
  name: string;
  path: string;
}

/** A control of the panel, found again each time it is used (the panel re-renders freely). */
export interface Control {
  click(): Promise<void>;
  /** Puts `value` in a text field as typing or a paste does (input events fire). */
  fill(value: string): Promise<void>;
  /** Sets a checkbox to `checked` (a click when it is not so already). */
  setChecked(checked: boolean): Promise<void>;
  /** Waits until the control is there. */
  wait(): Promise<void>;
  /** What it shows, as a user reads it (innerText). */
  text(): Promise<string>;
  /** A field's value. */
  value(): Promise<string>;
  checked(): Promise<boolean>;
  /** Whether the control has the keyboard focus. */
  focused(): Promise<boolean>;
  /** Whether the control is shown wholly inside the viewport. */
  inView(): Promise<boolean>;
  /** A select's options, as their texts, and the text of the one chosen. */
  options(): Promise<{ texts: string[]; chosen: string }>;
  /** An attribute's value (aria-expanded, aria-selected), null when it has none. */
  attribute(name: string): Promise<string | null>;
  /** The text of what `aria-describedby` names, as a screen reader reads it after the name. */
  description(): Promise<string>;
  /**
   * Gives a file input these files, as picking them in the browser's dialog does; or, for a folder
   * input, one folder, where the backend `picksFolders`.
   */
  setFiles(paths: string[]): Promise<void>;
  /** The `index`th of the controls that match (-1: the last), waited for. */
  nth(index: number): Control;
  /** How many controls match now (0 once a dialog closed), without waiting. */
  count(): Promise<number>;
  /** The control with this role and name inside this one (a form's own Delete, a dialog's). */
  within(role: Role, name?: string): Control;
  /** The innermost element inside this one whose text contains `text` (a status line). */
  byText(text: string): Control;
  /** Opens the control's context menu, as a right click does. */
  contextMenu(): Promise<void>;
  /** Moves the mouse over the control (what shows on hover shows). */
  hover(): Promise<void>;
  /** Gives the control the keyboard focus (the keys of `PanelDriver.press` go to it). */
  focus(): Promise<void>;
  /** Whether the control is there and shown now (false when absent), without waiting. */
  visible(): Promise<boolean>;
  /** Runs `script` in the page on the control's element, with `arg`; returns its JSON result. */
  evaluate<T, A = undefined>(script: (element: Element, arg: A) => T, arg?: A): Promise<T>;
}

export interface PanelDriver {
  readonly browser: PanelBrowser;
  /** How long a check waits for the panel in this browser. */
  readonly waitMs: number;
  /**
   * Whether `setFiles` can give a folder input (`webkitdirectory`) a folder, as picking one does.
   * Playwright can; Firefox's WebDriver BiDi `input.setFiles` refuses a directory ("File error:
   * Is directory"), so a journey that picks a folder does that part only where this is true.
   */
  readonly picksFolders: boolean;
  /** The control with this role and exactly this name; any name when it is left out. */
  role(role: Role, name?: string): Control;
  /** The field a `<label>` names (a password field has no textbox role to find it by). */
  label(text: string): Control;
  /**
   * The innermost element whose text contains `text` (a `<summary>`, a status line): for what has
   * no role and name of its own to find it by.
   */
  text(text: string): Control;
  /** Picks the option whose text is `option` in the combobox named `name`. */
  choose(name: string, option: string): Promise<void>;
  /** Clicks a tab of a tab list by its first word (tabs carry counts: "Headers 3", "Body •"). */
  tab(list: 'Request' | 'Response' | 'Sidebar', name: string): Promise<void>;
  /** The panel page's HTML as it is now (secrets must not be in it). */
  content(): Promise<string>;
  /** Runs `script` in the panel page, with `arg`, and returns its JSON-able result. */
  evaluate<T, A = undefined>(script: (arg: A) => T | Promise<T>, arg?: A): Promise<T>;
  /** Reopens the panel page, as closing and opening DevTools does. */
  reload(): Promise<void>;
  setViewport(size: { width: number; height: number }): Promise<void>;
  /** Presses a key, or a chord written as Playwright writes it ("Control+s", "End"). */
  press(key: string): Promise<void>;
  /**
   * Runs `action` (a click on Export…) and waits for the file it downloads: the name the panel gave
   * it and where the browser saved it.
   */
  download(action: () => Promise<void>): Promise<Download>;
  /** Saves a picture of the panel as it is now to `path`. */
  screenshot(path: string): Promise<void>;
}

/** In the page: whether `element` has the keyboard focus. */
export function hasFocus(element: Element): boolean {
  return element === document.activeElement;
}

/** In the page: the texts `element`'s aria-describedby names, joined, spaces collapsed. */
export function describedBy(element: Element): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** In the page: whether `element` is shown wholly inside the viewport. */
export function wholeInView(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return (
    box.width > 0 &&
    box.top >= 0 &&
    box.left >= 0 &&
    box.bottom <= window.innerHeight &&
    box.right <= window.innerWidth
  );
}

function matcher(pattern: RegExp | string) {
  return typeof pattern === 'string'
    ? expect.stringContaining(pattern)
    : expect.stringMatching(pattern);
}

/** Waits until the control shows text matching `pattern` (a string is looked for as it is). */
export async function expectText(control: Control, pattern: RegExp | string, timeout?: number) {
  await expect
    .poll(() => control.text().catch((error: Error) => `(not found: ${error.message})`), {
      ...(timeout === undefined ? {} : { timeout }),
    })
    .toEqual(matcher(pattern));
}

/** The control, already shown, has no text matching `pattern`. */
export async function expectNoText(control: Control, pattern: RegExp | string) {
  const text = await control.text();
  if (typeof pattern === 'string') expect(text).not.toContain(pattern);
  else expect(text).not.toMatch(pattern);
}

/** Waits until the field holds `value` (a composer filled by an import or a saved request). */
export async function expectValue(control: Control, value: string) {
  await expect.poll(() => control.value().catch(() => '(not found)')).toBe(value);
}

/** Waits until no control matches (a dialog closed, an editor gave way). */
export async function expectGone(control: Control) {
  await expect.poll(() => control.count()).toBe(0);
}

/** Waits until the panel shows `text` anywhere (a status line with no name of its own). */
export async function expectPanelText(panel: PanelDriver, text: string) {
  await expect.poll(() => panel.evaluate(() => document.body.innerText)).toContain(text);
}
