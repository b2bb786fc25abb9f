/**
 * The Folder access tab: Chromium lets the extension use a folder the user picked only while a
 * tab of the extension is open. Measured with the real picker (tests/e2e/folder-real-picker.spec.ts):
 * within a second of the extension's last tab closing, the folder's handle answers "prompt" again,
 * though DevTools and the panel inside it are still open; an offscreen document does not hold it
 * either (Chromium counts tabs only). So once a folder is connected, a Folder access tab of the
 * extension opens in the background and holds the access; the Connect folder tab can then be
 * closed. It is not pinned: Chromium brings pinned tabs back at start-up, and a browser started
 * through Playwright (`npm start`, the tests) with one coming back sometimes never finished
 * starting (Playwright waits for the first tab to load).
 *
 * After a browser restart the browser asks again, and this time offers “Allow on every visit”:
 * chosen once, the access outlives every tab and every restart (Chromium's persistent File System
 * Access permission, which it offers an extension's origin as it does a site's).
 */

/** The Connect folder page in its Folder access role. */
export const KEEPER_PAGE = 'extension/connect-folder/connect-folder.html?keep=1';

/** Opens the Folder access tab, in the background, unless one is open already. */
export async function ensureFolderKeeper(): Promise<void> {
  // Chromium only: Firefox has no folder picker, so it never connects a folder.
  if (typeof chrome === 'undefined' || chrome.runtime.getContexts === undefined) return;
  const url = chrome.runtime.getURL(KEEPER_PAGE);
  const open = await chrome.runtime.getContexts({
    contextTypes: [chrome.runtime.ContextType.TAB],
    documentUrls: [url],
  });
  if (open.length > 0) return;
  await chrome.tabs.create({ url, active: false });
}
