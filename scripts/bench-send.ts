/**
 * One Send through the panel as a user makes it, timed in the page: from the click on Send to the
 * next frame after the answer's first element (`shown`, a CSS selector) is in the DOM. The pane
 * shows "Sending…" in between, so the element found is always the new answer's, never the last one.
 * A call that ends in an error notice rejects with its text.
 */
import type { Page } from '@playwright/test';

/** The status line of a shown answer. */
export const ANSWER_STATUS = 'section[aria-label="Response"] .status-bar .status';
/** The first row of the answer's JSON tree (not the sidebar's collection tree). */
export const ANSWER_TREE_ROW =
  'section[aria-label="Response"] [role="tree"][aria-label="Body (JSON)"] [role="treeitem"]';

/** The `request/send` payload of a plain GET of `/v1/<path>` with no extra rows. */
export function getCall(profileId: string, path: string) {
  return { requestId: 'bench', profileId, method: 'GET', path, query: [], headers: [], body: '' };
}

/**
 * The moments of one Send, in milliseconds on a clock every page and worker of the browser shares
 * (`performance.timeOrigin + performance.now()`), so a worker's own times can be set beside them:
 * the click, the `request/send` message leaving and its reply back, the answer's element in the
 * DOM, and the next frame after it.
 */
export interface SendMoments {
  click: number;
  sent: number;
  replied: number;
  shown: number;
  frame: number;
}

export async function timedSend(
  panel: Page,
  shown: string,
  options: SendOptions = {},
): Promise<number> {
  const moments = await tracedSend(panel, shown, options);
  return moments.frame - moments.click;
}

/**
 * `pressMs`: the button is pressed (a `pointerdown` on it) that long before its click, as a person
 * holds it; the Send is still timed from the click.
 */
export interface SendOptions {
  timeoutMs?: number;
  pressMs?: number;
}

/**
 * One Send (see timedSend) with its moments. The `request/send` message is seen through a wrapper
 * around `chrome.runtime.sendMessage` put in for this Send alone.
 */
export async function tracedSend(
  panel: Page,
  shown: string,
  { timeoutMs = 60_000, pressMs = 0 }: SendOptions = {},
): Promise<SendMoments> {
  const send = await panel.getByRole('button', { name: 'Send', exact: true }).elementHandle();
  // Anonymous callbacks only: the TypeScript runner would wrap named ones in a helper the page lacks.
  return panel.evaluate(
    ({ send, shown, timeoutMs, pressMs }) =>
      new Promise<SendMoments>((resolve, reject) => {
        // On the clock the browser's pages and workers share; no named arrow (see above).
        const clock = {} as { now(): number; done(): void };
        clock.now = () => performance.timeOrigin + performance.now();
        const moments = { click: 0, sent: 0, replied: 0, shown: 0, frame: 0 };
        const runtime = chrome.runtime as { sendMessage: (message: unknown) => Promise<unknown> };
        const original = runtime.sendMessage;
        runtime.sendMessage = (message) => {
          if ((message as { type?: string })?.type !== 'request/send') return original(message);
          moments.sent = clock.now();
          return original(message).finally(() => {
            moments.replied = clock.now();
          });
        };
        clock.done = () => {
          runtime.sendMessage = original;
          observer.disconnect();
          clearTimeout(timer);
        };
        const before = document.querySelector(shown);
        const errorSelector = 'section[aria-label="Response"] [role="alert"]';
        const errorBefore = document.querySelector(errorSelector);
        const timer = setTimeout(() => {
          clock.done();
          reject(new Error(`nothing matching ${shown} within ${timeoutMs} ms`));
        }, timeoutMs);
        const observer = new MutationObserver(() => {
          const error = document.querySelector(errorSelector);
          if (error !== null && error !== errorBefore) {
            clock.done();
            reject(new Error(`the call failed: ${error.textContent}`));
            return;
          }
          const found = document.querySelector(shown);
          if (found === null || found === before) return;
          moments.shown = clock.now();
          clock.done();
          requestAnimationFrame(() => {
            moments.frame = clock.now();
            resolve(moments);
          });
        });
        observer.observe(document.body, { childList: true, subtree: true });
        const button = send as HTMLButtonElement;
        const act = {} as { click(): void };
        act.click = () => {
          moments.click = clock.now();
          button.click();
        };
        if (pressMs === 0) act.click();
        else {
          const press = { bubbles: true, composed: true, isPrimary: true, pointerType: 'mouse' };
          button.dispatchEvent(new PointerEvent('pointerdown', press));
          setTimeout(act.click, pressMs);
        }
      }),
    { send, shown, timeoutMs, pressMs },
  );
}
