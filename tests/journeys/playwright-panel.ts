/**
 * The panel driver's Chromium backend: a Playwright page. Controls are Playwright locators by role
 * and exact accessible name (Chromium's accessibility tree) or by label, found again on each use.
 */
import type { Locator, Page } from '@playwright/test';
import {
  type Control,
  describedBy,
  hasFocus,
  type PanelDriver,
  type Role,
  wholeInView,
} from './driver';

/** As the config's expect timeout: how long a control is waited for. */
export const CHROMIUM_WAIT_MS = 10_000;

function control(locator: Locator): Control {
  const options = { timeout: CHROMIUM_WAIT_MS };
  return {
    click: () => locator.click(options),
    fill: (value) => locator.fill(value, options),
    setChecked: (checked) => locator.setChecked(checked, options),
    wait: () => locator.waitFor(options),
    text: () => locator.innerText(options),
    value: () => locator.inputValue(options),
    checked: () => locator.isChecked(options),
    focused: () => locator.evaluate(hasFocus, undefined, options),
    inView: () => locator.evaluate(wholeInView, undefined, options),
    options: () =>
      locator.evaluate((element) => {
        const select = element as HTMLSelectElement;
        return {
          texts: [...select.options].map((option) => option.text),
          chosen: select.selectedOptions[0]?.text ?? '',
        };
      }, options),
    attribute: (name) => locator.getAttribute(name, options),
    description: () => locator.evaluate(describedBy, undefined, options),
    setFiles: (paths) => locator.setInputFiles(paths, options),
    nth: (index) => control(locator.nth(index)),
    count: () => locator.count(),
    within: (role, name) => control(byRole(locator, role, name)),
    byText: (text) => control(locator.getByText(text)),
    contextMenu: () => locator.click({ ...options, button: 'right' }),
    hover: () => locator.hover(options),
    focus: () => locator.focus(options),
    visible: () => locator.isVisible(),
    evaluate: (script, arg) => locator.evaluate(script as never, arg, options) as never,
  };
}

function byRole(scope: Page | Locator, role: Role, name: string | undefined): Locator {
  return name === undefined ? scope.getByRole(role) : scope.getByRole(role, { name, exact: true });
}

export function playwrightPanel(page: Page): PanelDriver {
  return {
    browser: 'chromium',
    waitMs: CHROMIUM_WAIT_MS,
    picksFolders: true,
    role: (role, name) => control(byRole(page, role, name)),
    label: (text) => control(page.getByLabel(text, { exact: true })),
    text: (text) => control(page.getByText(text)),
    async choose(name, option) {
      await page.getByRole('combobox', { name, exact: true }).selectOption({ label: option });
    },
    async tab(list, name) {
      await page
        .getByRole('tablist', { name: list, exact: true })
        .getByRole('tab', { name: new RegExp(`^${name}\\b`) })
        .click();
    },
    content: () => page.content(),
    evaluate: (script, arg) => page.evaluate(script as never, arg) as never,
    async reload() {
      await page.reload();
    },
    setViewport: (size) => page.setViewportSize(size),
    press: (key) => page.keyboard.press(key),
    async download(action) {
      const [download] = await Promise.all([page.waitForEvent('download'), action()]);
      return { name: download.suggestedFilename(), path: await download.path() };
    },
    async screenshot(path) {
      await page.screenshot({ path });
    },
  };
}
