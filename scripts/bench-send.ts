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

export async function timedSend(panel: Page, shown: string, timeoutMs = 60_000): Promise<number> {
  const send = await panel.getByRole('button', { name: 'Send', exact: true }).elementHandle();
  // Anonymous callbacks only: the TypeScript runner would wrap named ones in a helper the page lacks.
  return panel.evaluate(
    ({ send, shown, timeoutMs }) =>
      new Promise<number>((resolve, reject) => {
        const before = document.querySelector(shown);
        const errorSelector = 'section[aria-label="Response"] [role="alert"]';
        const errorBefore = document.querySelector(errorSelector);
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`nothing matching ${shown} within ${timeoutMs} ms`));
        }, timeoutMs);
        const observer = new MutationObserver(() => {
          const error = document.querySelector(errorSelector);
          if (error !== null && error !== errorBefore) {
            observer.disconnect();
            clearTimeout(timer);
            reject(new Error(`the call failed: ${error.textContent}`));
            return;
          }
          const found = document.querySelector(shown);
          if (found === null || found === before) return;
          observer.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() => resolve(performance.now() - start));
        });
        observer.observe(document.body, { childList: true, subtree: true });
        const start = performance.now();
        (send as HTMLButtonElement).click();
      }),
    { send, shown, timeoutMs },
  );
}
