/**
 * What ties the worker's main script to its handlers script (handlers-script.ts), the handlers a
 * Send never runs, loaded the first time a message needs one (lazy-handlers.ts): the file, its
 * global, and the main script's modules the handlers share with it.
 *
 * Invariant: the handlers script holds no copy of a module that keeps the worker's state (the
 * storage mirrors, the imported lock key, the token cache, the event queue, …). Every module of
 * extension/background/ it imports is one of SHARED_MODULES, which the build leaves out of it
 * (vite.config.ts fails the build on any other) and takes from the main script's global at run
 * time, where lazy-handlers.ts puts the main script's own instances. Pure code from src/ is
 * bundled into it as it is into the main script.
 */
import type { Handlers } from '../../src/protocol/router';

/** The file the build writes the handlers script to, beside the worker's loader. */
export const HANDLERS_SCRIPT_FILE = 'background-handlers.js';
/** The global the handlers script puts its handlers on. */
export const HANDLERS_GLOBAL = 'partnerApiHandlers';
/** The global the main script puts its shared modules on, before any message. */
export const SHARED_GLOBAL = 'partnerApiShared';

/** The modules of extension/background/ (paths without `.ts`) both scripts use: the main one's. */
export const SHARED_MODULES = [
  'events',
  'ext',
  'lazy-formats',
  'phase-times',
  'handlers/carried',
  'handlers/tokens',
  'stores/known-secrets',
  'stores/secret-store',
  'stores/storage',
  'stores/token-cache',
  'stores/token-fingerprints',
] as const;

export type SharedModule = (typeof SHARED_MODULES)[number];

/** The property of SHARED_GLOBAL that holds `module`. */
export const sharedKey = (module: SharedModule | string) => module.replace(/[/-]/g, '_');

/** The message types the handlers script answers. */
export type LaterType =
  | 'code/build'
  | 'collections/list'
  | 'collections/put'
  | 'collections/delete'
  | 'collections/export'
  | 'collections/export-folder'
  | 'collections/connect-folder'
  | 'collections/import'
  | 'collections/import-parsed'
  | 'lock/enable'
  | 'lock/unlock'
  | 'lock/lock'
  | 'lock/change'
  | 'lock/remove'
  | 'lock/reset'
  | 'capture/check-tokens'
  | 'capture/mask'
  | 'report/redact';

export type LaterHandlers = Pick<Handlers, LaterType>;
