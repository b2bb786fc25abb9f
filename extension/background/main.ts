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
import { ok } from '../../src/vocabulary/errors';
import { largeBodyByChannel } from './body-channel';
import { tell } from './events';
import { browser, onMessage } from './ext';
import { clearCarried, listCarried } from './handlers/carried';
import { clearHistory, listHistory } from './handlers/history';
import { getPrefs, setPrefs } from './handlers/prefs';
import {
  activateProfile,
  deleteProfileHandler,
  listProfiles,
  saveProfileHandler,
} from './handlers/profiles';
import { askSandboxDemo } from './handlers/sandbox-demo';
import { cancelRequest, sendRequest } from './handlers/send-request';
import { compareVariants, getToken, revealToken } from './handlers/tokens';
import { getHistoryAnswer, getWorkspace, saveDraft } from './handlers/workspace';
import { keepFormatsForLater } from './lazy-formats';
import { keepHandlersForLater, later } from './lazy-handlers';
import { phaseTimes } from './phase-times';
import { redactedReply } from './redacted-reply';
import { lockState } from './stores/secret-store';
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
  'code/build': withStorageErrors(later('code/build')),
  'collections/list': withStorageErrors(later('collections/list')),
  'collections/put': withStorageErrors(later('collections/put')),
  'collections/delete': withStorageErrors(later('collections/delete')),
  'collections/export': withStorageErrors(later('collections/export')),
  'collections/export-folder': withStorageErrors(later('collections/export-folder')),
  'collections/connect-folder': withStorageErrors(later('collections/connect-folder')),
  'collections/import': withStorageErrors(later('collections/import')),
  'collections/import-parsed': withStorageErrors(later('collections/import-parsed')),
  'token/get': withStorageErrors(redactedReply(getToken)),
  'token/reveal': withStorageErrors(revealToken),
  'token/compare': withStorageErrors(redactedReply(compareVariants)),
  'lock/status': withStorageErrors(async () => ok({ state: await lockState() })),
  'lock/enable': withStorageErrors(tellingLock(later('lock/enable'))),
  'lock/unlock': withStorageErrors(tellingLock(later('lock/unlock'))),
  'lock/lock': withStorageErrors(tellingLock(later('lock/lock'))),
  'lock/change': withStorageErrors(tellingLock(later('lock/change'))),
  'lock/remove': withStorageErrors(tellingLock(later('lock/remove'))),
  'lock/reset': withStorageErrors(tellingLock(later('lock/reset'))),
  'capture/check-tokens': withStorageErrors(later('capture/check-tokens')),
  'capture/mask': withStorageErrors(later('capture/mask')),
  'variables/carried': withStorageErrors(redactedReply(listCarried)),
  'variables/clear': withStorageErrors(clearCarried),
  'report/redact': withStorageErrors(later('report/redact')),
  // Woken by the message itself; the call the user is about to make then meets a started worker.
  'worker/wake': async () => ok({ awake: true }),
};

const route = createRouter(
  handlers,
  { extensionId: browser.runtime.id, origin: new URL(browser.runtime.getURL('/')).origin },
  phaseTimes,
);

onMessage((message, sender) => route(message, sender));
// The file formats and the handlers a Send never runs load when a message needs them; Chrome
// allows that only for a script the worker imported while being installed (later-script.ts).
keepFormatsForLater();
keepHandlersForLater();
phaseTimes.add('script', SCRIPT_START);
phaseTimes.add('start', performance.now());
