/**
 * The worker's handlers script: the handlers a Send never runs (collections, the lock's forms,
 * capture, the support report, Copy as), built as a classic script of its own (vite.config.ts) and
 * loaded the first time a message needs one (lazy-handlers.ts), so that a stopped worker woken by a
 * Send does not load and run them first. The stores, events and token broker they use are the
 * main script's own (handlers-script-link.ts): the build takes them from its global.
 */

import { checkCapturedTokens, maskCaptured } from './handlers/capture';
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
import {
  changePassphrase,
  enableLock,
  lockNow,
  removeLock,
  resetSecrets,
  unlock,
} from './handlers/lock';
import { redactSupportReport } from './handlers/report';
import { HANDLERS_GLOBAL, type LaterHandlers } from './handlers-script-link';

const handlers: LaterHandlers = {
  'code/build': buildCode,
  'collections/list': listCollections,
  'collections/put': putCollection,
  'collections/delete': deleteCollection,
  'collections/export': exportCollectionHandler,
  'collections/export-folder': exportFolderHandler,
  'collections/connect-folder': connectFolderHandler,
  'collections/import': importCollectionHandler,
  'collections/import-parsed': importParsedHandler,
  'lock/enable': enableLock,
  'lock/unlock': unlock,
  'lock/lock': lockNow,
  'lock/change': changePassphrase,
  'lock/remove': removeLock,
  'lock/reset': resetSecrets,
  'capture/check-tokens': checkCapturedTokens,
  'capture/mask': maskCaptured,
  'report/redact': redactSupportReport,
};

(globalThis as Record<string, unknown>)[HANDLERS_GLOBAL] = handlers;
