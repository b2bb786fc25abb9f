/**
 * The Connect folder tab. DevTools refuses a folder picker inside its panels ("Third party iframes
 * are not allowed to show a file picker"), so the panel opens this extension page in a tab: it
 * asks for the folder, stores its handle where the panel reads it (IndexedDB of the extension's
 * origin, folder-store.ts) and tells the panel, which writes the collection there from then on.
 * With `reconnect=1` it asks again for access to the folder already connected (when the browser
 * took it back: after a restart, or once the extension's last tab closed). With `keep=1` it is the
 * Folder access tab that holds that access meanwhile (folder-keeper.ts says why). A folder that
 * another collection keeps is refused (src/formats/opencollection/folder-claim.ts).
 */
import { folderClaimProblem } from '../../src/formats/opencollection/folder-claim';
import {
  detectFolderFormat,
  FOLDER_FORMAT_LABELS,
} from '../../src/formats/postman-v3/folder-format';
import {
  announceConnection,
  type DirectoryHandle,
  getConnection,
  listConnections,
  putConnection,
} from '../panel/state/folder-store';
import { ensureFolderKeeper } from './folder-keeper';

declare global {
  interface Window {
    showDirectoryPicker?(options: { id?: string; mode: 'readwrite' }): Promise<DirectoryHandle>;
  }
}

const params = new URLSearchParams(location.search);
const collectionId = params.get('collection') ?? '';
const name = params.get('name') ?? 'the collection';
const reconnect = params.get('reconnect') === '1';
const keeper = params.get('keep') === '1';

const element = (id: string) => document.getElementById(id) as HTMLElement;
const choose = element('choose') as HTMLButtonElement;
const status = element('status');
const problem = element('problem');
const label = reconnect ? `Allow access for ${name}` : `Choose folder for ${name}`;

element('explain').textContent = reconnect
  ? `Allow access again to the folder that keeps “${name}”. When the browser offers “Allow on every visit”, choose it: the folder then stays connected across restarts, with no tab of the extension open.`
  : `Choose a folder for “${name}”: an empty one, or one that holds this collection (a clone of your team’s repository, say). Each request becomes a small YAML file: in Postman 12’s format (collection schema v3) when the folder holds postman/collections, else in Bruno’s OpenCollection format. Secrets are never written.`;
choose.textContent = label;

/** A failure said in plain words, with what to do. */
class Refusal extends Error {}

/** The folder's name, and (for a folder just chosen) the format it is kept in, in a sentence. */
async function connect(): Promise<{ folder: string; format: string }> {
  if (reconnect) {
    const connection = await getConnection(collectionId);
    if (connection === undefined) throw new Refusal('This collection has no folder to reconnect.');
    const granted = await connection.handle.requestPermission?.({ mode: 'readwrite' });
    if (granted !== undefined && granted !== 'granted')
      throw new Refusal(
        `The browser refused access to the folder “${connection.handle.name}”. Click “${label}” to ask again, and choose Allow (or Allow on every visit).`,
      );
    return { folder: connection.handle.name, format: '' };
  }
  if (window.showDirectoryPicker === undefined)
    throw new Refusal('This browser cannot keep a collection in a folder (no folder picker).');
  const handle = await window.showDirectoryPicker({
    id: 'partner-api-collection',
    mode: 'readwrite',
  });
  // One collection per folder: another's folder (or one inside or around it) is refused as chosen.
  const taken = await folderClaimProblem(collectionId, handle, await listConnections());
  if (taken !== null) throw new Refusal(taken);
  const format = FOLDER_FORMAT_LABELS[await detectFolderFormat(handle)];
  await putConnection({ collectionId, handle, base: [], seen: [] });
  return { folder: handle.name, format: ` The collection is kept there as ${format}.` };
}

/** What went wrong, for the user: the browser's own words only when there are no plainer ones. */
function plainProblem(error: unknown): string {
  if (error instanceof Refusal) return error.message;
  if (error instanceof DOMException) {
    // Chromium shows a picker or a prompt only within a moment of a click on the page.
    if (error.name === 'SecurityError' || /activation|gesture/i.test(error.message))
      return `The browser asks for a folder only right after a click on this page: click “${label}” again.`;
    // Both closing the picker and answering Don't Allow to "Allow this site to edit files?".
    if (error.name === 'AbortError' || error.name === 'NotAllowedError')
      return `No folder was connected: the picker was closed, or the browser was told not to allow editing files. Click “${label}” to try again, and choose Allow when the browser asks.`;
  }
  const detail = error instanceof Error ? error.message : String(error);
  return `The folder could not be connected (${detail}). Click “${label}” to try again.`;
}

choose.addEventListener('click', () => {
  problem.textContent = '';
  status.textContent = '';
  connect()
    .then(async ({ folder, format }) => {
      announceConnection(collectionId);
      choose.disabled = true;
      const kept = `“${name}” is kept in the folder “${folder}”.`;
      status.textContent = await ensureFolderKeeper().then(
        () =>
          `${kept} Close this tab and return to DevTools: the Folder access tab keeps the extension’s access to the folder.${format}`,
        (error: unknown) =>
          `${kept} Keep this tab open: the browser lets the extension use the folder only while one of its tabs is open, and the Folder access tab could not be opened (${error instanceof Error ? error.message : String(error)}).${format}`,
      );
    })
    .catch((error: unknown) => {
      problem.textContent = plainProblem(error);
    });
});

if (keeper) {
  document.title = 'Folder access · Partner API';
  element('heading').textContent = 'Folder access';
  element('explain').textContent =
    'This tab keeps the Partner API panel’s access to the folders your collections are kept in: Chromium lets the extension use a folder only while one of its tabs is open. Leave it open. Closed, the panel asks for a click to reconnect; after a browser restart, choosing “Allow on every visit” when asked makes this tab unnecessary.';
  choose.hidden = true;
} else if (collectionId === '') {
  choose.disabled = true;
  problem.textContent = 'Open this page with Connect folder, in the Collections tab of the panel.';
}
