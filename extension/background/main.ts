/**
 * The background service worker: the only context that reads stored secrets and the only one that
 * calls the service. MV3 may stop it at any moment, so it keeps nothing in memory that matters and
 * registers its listener synchronously at the top level (a listener added later would miss the
 * message that woke the worker).
 */
// First: the time the script began to run (the bench's phase times).
import { SCRIPT_START } from './script-start';
// Then: starts the reads a waking call needs while the rest of this script evaluates.
import './wake-reads';
import type { LockState } from '../../src/protocol/messages';
import { createRouter, type Handlers } from '../../src/protocol/router';
import { largeBodyByChannel } from './body-channel';
import { tell } from './events';
import { browser, onMessage } from './ext';
import { checkCapturedTokens, maskCaptured } from './handlers/capture';
import { clearCarried, listCarried } from './handlers/carried';
import { buildCode } from './handlers/code';
import {
  connectFolderHandler,
  deleteCollection,
  exportCollectionHandler,
  exportFolderHandler,
  importCollectionHandler,
  importParsedHandler,
  listCollections,
  putCollection,
} from './handlers/collections';
import { clearHistory, listHistory } from './handlers/history';
import {
  changePassphrase,
  enableLock,
  lockNow,
  lockStatus,
  removeLock,
  resetSecrets,
  unlock,
} from './handlers/lock';
import { getPrefs, setPrefs } from './handlers/prefs';
import {
  activateProfile,
  deleteProfileHandler,
  listProfiles,
  saveProfileHandler,
} from './handlers/profiles';
import { redactSupportReport } from './handlers/report';
import { askSandboxDemo } from './handlers/sandbox-demo';
import { cancelRequest, sendRequest } from './handlers/send-request';
import { compareVariants, getToken, revealToken } from './handlers/tokens';
import { getHistoryAnswer, getWorkspace, saveDraft } from './handlers/workspace';
import { keepFormatsForLater } from './lazy-formats';
import { phaseTimes } from './phase-times';
import { redactedReply } from './redacted-reply';
import { StorageError } from './stores/storage';
// Also registers, at the top level, the observer of the worker's own requests and the rules that
// keep browser headers off them (see wire.ts).
import './wire';

/** Storage failures are expected and carry their own typed error; let them through as data. */
function withStorageErrors<H extends (payload: never) => Promise<unknown>>(handler: H): H {
  return (async (payload: never) => {
    try {
      return await handler(payload);
    } catch (error) {
      if (error instanceof StorageError) return { ok: false, error: error.appError };
      throw error;
    }
  }) as H;
}

/** A lock step that succeeded is told to every open panel (another DevTools window too). */
function tellingLock<H extends (payload: never) => Promise<unknown>>(handler: H): H {
  return (async (payload: never) => {
    const reply = (await handler(payload)) as { ok: boolean; value?: { state: LockState } };
    if (reply.ok && reply.value !== undefined) tell({ kind: 'lock', state: reply.value.state });
    return reply;
  }) as H;
}

/**
 * Left out of `redactedReply` (redacted-reply.ts): `token/reveal` (the user asked for the token in
 * clear), `code/build` (redacts itself, all but what the user asked to copy), `sandbox/demo` (the
 * local sandbox's published demo credentials), and replies made only of settings and masked views
 * (profiles, prefs, lock, collections).
 */
const handlers: Handlers = {
  'profiles/list': withStorageErrors(listProfiles),
  'profiles/save': withStorageErrors(saveProfileHandler),
  'profiles/delete': withStorageErrors(deleteProfileHandler),
  'profiles/activate': withStorageErrors(activateProfile),
  'request/send': withStorageErrors(largeBodyByChannel(redactedReply(sendRequest))),
  'request/cancel': cancelRequest,
  'history/list': withStorageErrors(redactedReply(listHistory)),
  'history/clear': withStorageErrors(clearHistory),
  'history/answer': withStorageErrors(redactedReply(getHistoryAnswer)),
  'workspace/get': withStorageErrors(redactedReply(getWorkspace)),
  'workspace/save-draft': withStorageErrors(saveDraft),
  'prefs/get': withStorageErrors(getPrefs),
  'prefs/set': withStorageErrors(setPrefs),
  'sandbox/demo': askSandboxDemo,
  'code/build': withStorageErrors(buildCode),
  'collections/list': withStorageErrors(listCollections),
  'collections/put': withStorageErrors(putCollection),
  'collections/delete': withStorageErrors(deleteCollection),
  'collections/export': withStorageErrors(exportCollectionHandler),
  'collections/export-folder': withStorageErrors(exportFolderHandler),
  'collections/connect-folder': withStorageErrors(connectFolderHandler),
  'collections/import': withStorageErrors(importCollectionHandler),
  'collections/import-parsed': withStorageErrors(importParsedHandler),
  'token/get': withStorageErrors(redactedReply(getToken)),
  'token/reveal': withStorageErrors(revealToken),
  'token/compare': withStorageErrors(redactedReply(compareVariants)),
  'lock/status': withStorageErrors(lockStatus),
  'lock/enable': withStorageErrors(tellingLock(enableLock)),
  'lock/unlock': withStorageErrors(tellingLock(unlock)),
  'lock/lock': withStorageErrors(tellingLock(lockNow)),
  'lock/change': withStorageErrors(tellingLock(changePassphrase)),
  'lock/remove': withStorageErrors(tellingLock(removeLock)),
  'lock/reset': withStorageErrors(tellingLock(resetSecrets)),
  'capture/check-tokens': withStorageErrors(checkCapturedTokens),
  'capture/mask': withStorageErrors(maskCaptured),
  'variables/carried': withStorageErrors(redactedReply(listCarried)),
  'variables/clear': withStorageErrors(clearCarried),
  'report/redact': withStorageErrors(redactSupportReport),
};

const route = createRouter(
  handlers,
  { extensionId: browser.runtime.id, origin: new URL(browser.runtime.getURL('/')).origin },
  phaseTimes,
);

onMessage((message, sender) => route(message, sender));
// The file formats load when a message needs them; Chrome allows that only for a script the
// worker imported while being installed (lazy-formats.ts).
keepFormatsForLater();
phaseTimes.add('script', SCRIPT_START);
phaseTimes.add('start', performance.now());
