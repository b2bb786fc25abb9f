/**
 * What the workbench journeys check at the sizes DevTools docks the panel, in either browser: the
 * two dock sizes, whether the page scrolls as a whole, the controls cut off at its right edge, and
 * the call and its answer in view together.
 */
import { expect } from '@playwright/test';
import { expectText, type PanelDriver } from './driver';

export const SIZES = [
  { dock: 'bottom', width: 1000, height: 420, split: 'vertical' },
  { dock: 'right', width: 480, height: 900, split: 'horizontal' },
] as const;

/** Whether the page scrolls as a whole, either way. */
export function pageScrolls(panel: PanelDriver) {
  return panel.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return {
      down: root.scrollHeight > root.clientHeight,
      sideways: root.scrollWidth > root.clientWidth,
    };
  });
}

/**
 * Shown controls whose box reaches past the panel's right edge, clipped or not (a clipped control
 * cannot be reached). Controls inside a box that scrolls sideways on purpose are fine.
 */
export function cutOffControls(panel: PanelDriver): Promise<string[]> {
  return panel.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsSideways = (element: Element) => {
      for (let at = element.parentElement; at !== null; at = at.parentElement) {
        const { overflowX } = getComputedStyle(at);
        if ((overflowX === 'auto' || overflowX === 'scroll') && at.scrollWidth > at.clientWidth)
          return true;
      }
      return false;
    };
    return [...document.querySelectorAll('button, input, select, textarea, [role=tab]')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.right > width + 1;
      })
      .filter((element) => !scrollsSideways(element))
      .map(
        (element) =>
          element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName,
      );
  });
}

/** Whether the Response region shows a leaf element reading exactly `text`, wholly in view. */
export function responseTextInView(panel: PanelDriver, text: string) {
  return panel.evaluate((wanted) => {
    const found = [...document.querySelectorAll('[aria-label="Response"] *')].find(
      (element) => element.children.length === 0 && element.textContent?.trim() === wanted,
    );
    const box = found?.getBoundingClientRect();
    return (
      box !== undefined &&
      box.width > 0 &&
      box.top >= 0 &&
      box.left >= 0 &&
      box.bottom <= innerHeight &&
      box.right <= innerWidth
    );
  }, text);
}

/** After Send: the answer is 200 OK, and Path, Send and the status show whole; no page scroll. */
export async function expectCallAndAnswerInView(panel: PanelDriver) {
  await expectText(panel.role('region', 'Response'), /(?<!\d)200(?!\d)/);
  expect(await panel.role('textbox', 'Path').inView(), 'Path in view').toBe(true);
  expect(await panel.role('button', 'Send').inView(), 'Send in view').toBe(true);
  await expect
    .poll(() => responseTextInView(panel, '200 OK'), { message: 'the status 200 OK in view' })
    .toBe(true);
  expect(await pageScrolls(panel)).toEqual({ down: false, sideways: false });
}
