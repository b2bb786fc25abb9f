/**
 * The workbench in Firefox at the sizes DevTools docks it: bottom (1000x420) and right (480x900).
 * The request pane stays usable (its line, tabs and body editor in view, a POST with a body sent
 * from it), the answer's status is on screen beside the call, the panel never scrolls as a whole
 * and nothing sticks out sideways (the narrow panel's sidebar neither), and the request/response
 * split turns with the dock.
 */

import { expectText, type PanelDriver } from '../journeys/driver';
import { createApiKeyProfile } from '../journeys/profiles';
import { expect, test } from './fixtures';

const SIZES = [
  { dock: 'bottom', width: 1000, height: 420, split: 'vertical' },
  { dock: 'right', width: 480, height: 900, split: 'horizontal' },
] as const;

/** Whether the page scrolls as a whole, either way. */
function pageScrolls(panel: PanelDriver) {
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
function cutOffControls(panel: PanelDriver): Promise<string[]> {
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

for (const size of SIZES) {
  test(`docked ${size.dock} (${size.width}x${size.height}): the request pane works and nothing overflows`, async ({
    panel,
    sandbox,
  }) => {
    await panel.setViewport({ width: size.width, height: size.height });
    const { apiKey, companyId } = sandbox.credentials;
    await createApiKeyProfile(panel, { baseUrl: sandbox.url, companyId, apiKey });
    expect(await pageScrolls(panel)).toEqual({ down: false, sideways: false });
    expect(await cutOffControls(panel)).toEqual([]);

    await panel.choose('Method', 'POST');
    await panel.role('textbox', 'Path').fill('orders');
    await panel.tab('Request', 'Body');
    expect(await panel.role('textbox', 'Body').inView()).toBe(true);
    await panel.role('textbox', 'Body').fill('{"sku":"A-1","qty":2}');
    await panel.role('button', 'Send').click();
    await expectText(panel.role('region', 'Response'), '201 Created');
    expect(sandbox.requests.find((request) => request.path === '/v1/orders')?.body).toBe(
      '{"sku":"A-1","qty":2}',
    );

    // The call and its answer in view together; the panel still neither scrolls nor overflows.
    for (const [role, name] of [
      ['textbox', 'Path'],
      ['button', 'Send'],
    ] as const)
      expect(await panel.role(role, name).inView(), name).toBe(true);
    expect(
      await panel.evaluate(() => {
        const status = [...document.querySelectorAll('[aria-label="Response"] *')].find(
          (element) =>
            element.children.length === 0 && element.textContent?.trim() === '201 Created',
        );
        const box = status?.getBoundingClientRect();
        return (
          box !== undefined && box.top >= 0 && box.bottom <= innerHeight && box.right <= innerWidth
        );
      }),
      'the status 201 Created in view',
    ).toBe(true);
    await panel.tab('Response', 'Sent');
    await expectText(panel.role('region', 'As sent on the wire'), 'x-apikey');
    expect(await pageScrolls(panel)).toEqual({ down: false, sideways: false });
    expect(await cutOffControls(panel)).toEqual([]);

    // Narrow, the sidebar opens over the panes when asked for, and fits too.
    if (size.dock === 'right') {
      await panel.role('button', 'Show sidebar').click();
      await panel.role('region', 'Collections').wait();
      expect(await pageScrolls(panel)).toEqual({ down: false, sideways: false });
      expect(await cutOffControls(panel)).toEqual([]);
      await panel.role('button', 'Hide sidebar').click();
    }

    const divider = panel.role('separator', 'Resize request and response');
    expect(await divider.attribute('aria-orientation')).toBe(size.split);
  });
}
