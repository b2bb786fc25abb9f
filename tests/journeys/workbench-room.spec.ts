/**
 * The workbench's room, in Chromium and in Firefox (journeys of both projects), docked at the
 * bottom (1000x420) and at the right (480x900): Path has the room and the base URL is a compact
 * prefix shown whole on hover, the request's actions keep to one row (the rest under More
 * actions), the status line says what the status means, whole, a long JSON answer scrolls inside
 * its pane with only a screenful of rows rendered, and the token tools take the main area until
 * Send gives the answer its pane back. The rest of the workbench: workbench.spec.ts.
 */
import { expectText } from './driver';
import { expect, test } from './fixtures';
import { createApiKeyProfile, createOAuthProfile } from './profiles';
import { expectCallAndAnswerInView, pageScrolls, SIZES } from './workbench-checks';

/** Whether an element is shown wholly inside the viewport (run in the page). */
function wholeInViewport(element: Element) {
  const box = element.getBoundingClientRect();
  return (
    box.width > 0 &&
    box.top >= 0 &&
    box.left >= 0 &&
    box.bottom <= innerHeight &&
    box.right <= innerWidth
  );
}

for (const size of SIZES) {
  test(`docked ${size.dock} (${size.width}x${size.height}): Path has the room, the base URL is a compact prefix, the actions keep to one row`, async ({
    panel,
    sandbox,
  }) => {
    await panel.setViewport(size);
    await createApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
    const typical = 'orders/4/lines?expand=items&limit=50&p=2';
    expect(typical).toHaveLength(40);
    const path = panel.role('textbox', 'Path');
    await path.fill(typical);
    const room = await path.evaluate((input) => ({
      width: input.getBoundingClientRect().width,
      cut: input.scrollWidth > input.clientWidth,
    }));
    expect(room.width).toBeGreaterThanOrEqual(240);
    expect(room.cut, 'the whole path shows').toBe(false);
    // The line says it all, so no preview line repeats it.
    expect(await panel.role('status', 'Full URL').count()).toBe(0);
    // The base URL before Path shows whole on hover, over Path rather than pushing it.
    const prefix = panel.role('button', `Base URL: ${sandbox.url}/v1/`);
    await prefix.hover();
    const whole = () =>
      prefix.evaluate((button) => {
        const text = button.querySelector('.url-prefix-whole') as HTMLElement | null;
        return {
          shown:
            text?.checkVisibility({ visibilityProperty: true }) === true &&
            text.getBoundingClientRect().width > 0,
          text: text?.textContent ?? '',
          fits: text !== null && text.scrollWidth <= text.clientWidth + 1,
        };
      });
    await expect.poll(async () => (await whole()).shown, { message: 'shown on hover' }).toBe(true);
    expect(await whole()).toEqual({ shown: true, text: `${sandbox.url}/v1/`, fits: true });
    expect(await path.evaluate((input) => input.getBoundingClientRect().width)).toBe(room.width);
    // The query typed in Path is listed in Params, and editing it there edits Path.
    await panel.tab('Request', 'Params');
    const typed = panel.role('region', 'Typed in Path');
    const limit = typed.within('textbox', 'Typed query parameter 2 value');
    await expect.poll(() => limit.value()).toBe('50');
    await limit.fill('10');
    await expect.poll(() => path.value()).toBe('orders/4/lines?expand=items&limit=10&p=2');

    // One row of actions, whatever the width: what does not fit is under More actions.
    const actions = panel.role('toolbar', 'Request actions');
    const tops = await actions.evaluate((toolbar) =>
      [...toolbar.querySelectorAll('button')]
        .filter((button) => button.checkVisibility({ visibilityProperty: true }))
        .map((button) => button.getBoundingClientRect().top),
    );
    expect(tops.length).toBeGreaterThan(0);
    expect(new Set(tops).size, 'every visible action on one row').toBe(1);
    const more = actions.within('button', 'More actions');
    if (size.dock === 'bottom') {
      expect(await more.count()).toBe(0);
      expect(await actions.within('button', 'Copy as cURL with secrets').visible()).toBe(true);
    } else {
      await more.click();
      await panel
        .role('menu', 'More actions')
        .within('menuitem', 'Copy as cURL with secrets')
        .click();
      await panel.role('dialog', 'Copy as cURL with secrets').wait();
    }
  });

  test(`docked ${size.dock} (${size.width}x${size.height}): the status line says what the status means, whole`, async ({
    panel,
    sandbox,
  }) => {
    await panel.setViewport(size);
    await createApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
    await panel.choose('Method', 'POST');
    await panel.role('textbox', 'Path').fill('orders');
    await panel.tab('Request', 'Body');
    await panel.role('textbox', 'Body').fill('{"sku":"A-1"}');
    await panel.role('button', 'Send').click();
    const meaning = panel.role('region', 'Response').byText('Created: a new resource was made');
    expect((await meaning.text()).trim()).toBe('Created: a new resource was made');
    await expect.poll(() => meaning.evaluate(wholeInViewport)).toBe(true);
    expect(await meaning.evaluate((text) => text.scrollWidth <= text.clientWidth)).toBe(true);
  });

  test(`docked ${size.dock} (${size.width}x${size.height}): a long JSON answer scrolls inside its pane, a screenful of rows rendered`, async ({
    panel,
    sandbox,
  }) => {
    await panel.setViewport(size);
    await createApiKeyProfile(panel, { ...sandbox.credentials, name: 'Big', baseUrl: sandbox.url });
    sandbox.switches.largeBodyBytes = 2 * 1024 * 1024;
    await panel.role('textbox', 'Path').fill('products');
    await panel.role('button', 'Send').click();
    const tree = panel.role('region', 'Response').within('tree', 'Body (JSON)');
    await tree.within('treeitem').nth(0).wait();
    await expectCallAndAnswerInView(panel);
    // The tree is a scroll box no taller than the pane: it holds thousands of rows but renders
    // only those in view (a tree as tall as its rows would render them all).
    const { boxHeight, scrollHeight, rendered } = await tree.evaluate((box) => ({
      boxHeight: box.clientHeight,
      scrollHeight: box.scrollHeight,
      rendered: box.querySelectorAll('[role="treeitem"]').length,
    }));
    expect(boxHeight).toBeLessThan(size.height);
    expect(boxHeight).toBeGreaterThan(size.height / 4);
    expect(scrollHeight).toBeGreaterThan(10 * boxHeight);
    expect(rendered).toBeLessThan(100);
    await tree.within('treeitem').nth(0).focus();
    await panel.press('End');
    // The last row is on screen, at least in part.
    await expect
      .poll(() =>
        tree.evaluate((box) => {
          const rows = box.querySelectorAll('[role="treeitem"]');
          const last = rows[rows.length - 1]?.getBoundingClientRect();
          return (
            last !== undefined &&
            last.height > 0 &&
            last.bottom > 0 &&
            last.top < innerHeight &&
            last.right > 0 &&
            last.left < innerWidth
          );
        }),
      )
      .toBe(true);
    expect(await pageScrolls(panel)).toEqual({ down: false, sideways: false });
  });

  test(`docked ${size.dock} (${size.width}x${size.height}): OAuth, the token tools take the main area and Send gives the answer its pane back`, async ({
    panel,
    sandbox,
  }) => {
    await panel.setViewport(size);
    const { clientId, clientSecret, companyId } = sandbox.credentials;
    await createOAuthProfile(panel, {
      method: 'OAuth (Basic header)',
      authUrl: sandbox.url,
      companyId,
      clientId,
      clientSecret,
    });
    await panel.role('button', 'Get token').click();
    const token = panel.role('region', 'Token');
    await expectText(token, 'approved');
    // The toolbar shows the token at a glance, with its countdown.
    await expectText(panel.role('banner').within('timer'), /expires in/);
    // The inspector has the whole width of the main area, and its first fields show unscrolled.
    const main = await panel.evaluate(
      () => document.querySelector('.workbench > .main')?.getBoundingClientRect().width ?? 0,
    );
    const width = await token.evaluate((region) => region.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(main * 0.9);
    expect(
      await token.evaluate((region) => {
        const row = [...region.querySelectorAll('[role=row], tr')].find((element) =>
          element.textContent?.includes('expires_in'),
        );
        const box = row?.getBoundingClientRect();
        return (
          box !== undefined &&
          box.height > 0 &&
          box.bottom > 0 &&
          box.top < innerHeight &&
          box.right > 0 &&
          box.left < innerWidth
        );
      }),
      'the expires_in row in view',
    ).toBe(true);
    expect(await panel.role('region', 'Response').visible()).toBe(false);
    await panel.role('textbox', 'Path').fill('ping');
    await panel.role('button', 'Send').click();
    await expectCallAndAnswerInView(panel);
    expect(await token.visible()).toBe(false);
    await panel.tab('Request', 'Auth');
    await expectText(token, 'approved');
  });
}
