/**
 * The Connect folder tab. DevTools refuses a folder picker inside its panels ("Third party iframes
 * are not allowed to show a file picker"), so the panel opens this extension page in a tab: it
 * asks for the folder, stores its handle where the panel reads it (IndexedDB of the extension's
 * origin, folder-store.ts) and tells the panel, which writes the collection there from then on.
 * With `reconnect=1` it asks again for access to the folder already connected (after a browser
 * restart, when the panel itself may not ask).
 */
import {
  announceConnection,
  type DirectoryHandle,
  getConnection,
  putConnection,
} from '../panel/state/folder-store';

declare global {
  interface Window {
    showDirectoryPicker?(options: { id?: string; mode: 'readwrite' }): Promise<DirectoryHandle>;
  }
}

const params = new URLSearchParams(location.search);
const collectionId = params.get('collection') ?? '';
const name = params.get('name') ?? 'the collection';
const reconnect = params.get('reconnect') === '1';

const element = (id: string) => document.getElementById(id) as HTMLElement;
const choose = element('choose') as HTMLButtonElement;
const status = element('status');
const problem = element('problem');

element('explain').textContent = reconnect
  ? `Allow access again to the folder that keeps “${name}”: the browser asks once after a restart.`
  : `Choose a folder for “${name}”: an empty one, or one that holds this collection (a clone of your team’s repository, say). Each request becomes a small YAML file in Bruno’s OpenCollection format; secrets are never written.`;
choose.textContent = reconnect ? `Allow access for ${name}` : `Choose folder for ${name}`;

async function connect(): Promise<string> {
  if (reconnect) {
    const connection = await getConnection(collectionId);
    if (connection === undefined) throw new Error('This collection has no folder to reconnect.');
    const granted = await connection.handle.requestPermission?.({ mode: 'readwrite' });
    if (granted !== undefined && granted !== 'granted')
      throw new Error('Access was not allowed. Choose Allow when the browser asks.');
    return connection.handle.name;
  }
  if (window.showDirectoryPicker === undefined)
    throw new Error('This browser cannot keep a collection in a folder (no folder picker).');
  const handle = await window.showDirectoryPicker({
    id: 'partner-api-collection',
    mode: 'readwrite',
  });
  await putConnection({ collectionId, handle, base: [], seen: [] });
  return handle.name;
}

choose.addEventListener('click', () => {
  problem.textContent = '';
  connect().then(
    (folder) => {
      announceConnection(collectionId);
      choose.disabled = true;
      status.textContent = `“${name}” is kept in the folder “${folder}”. Close this tab and return to DevTools.`;
    },
    (error: unknown) => {
      // Closing the picker is no error worth showing.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      problem.textContent = error instanceof Error ? error.message : String(error);
    },
  );
});

if (collectionId === '') {
  choose.disabled = true;
  problem.textContent = 'Open this page with Connect folder, in the Collections tab of the panel.';
}
