/**
 * The main script's side of the handlers script (handlers-script.ts, handlers-script-link.ts): it
 * puts its own instances of the shared modules on their global at the top level, before any
 * message and before the install listener imports the script, and gives the handler table a
 * stand-in for each handler there, which loads the script the first time one is called
 * (later-script.ts).
 */
import type { Handlers } from '../../src/protocol/router';
import * as events from './events';
import * as ext from './ext';
import * as carried from './handlers/carried';
import * as tokens from './handlers/tokens';
import {
  HANDLERS_GLOBAL,
  HANDLERS_SCRIPT_FILE,
  type LaterHandlers,
  type LaterType,
  SHARED_GLOBAL,
  type SharedModule,
  sharedKey,
} from './handlers-script-link';
import { importAtInstall, type LaterScript, laterScript } from './later-script';
import * as lazyFormats from './lazy-formats';
import * as phaseTimes from './phase-times';
import * as knownSecrets from './stores/known-secrets';
import * as secretStore from './stores/secret-store';
import * as storage from './stores/storage';
import * as tokenCache from './stores/token-cache';
import * as tokenFingerprints from './stores/token-fingerprints';

/** Every shared module, by its path: the type holds this table to SHARED_MODULES, key for key. */
const SHARED: Record<SharedModule, object> = {
  events,
  ext,
  'lazy-formats': lazyFormats,
  'phase-times': phaseTimes,
  'handlers/carried': carried,
  'handlers/tokens': tokens,
  'stores/known-secrets': knownSecrets,
  'stores/secret-store': secretStore,
  'stores/storage': storage,
  'stores/token-cache': tokenCache,
  'stores/token-fingerprints': tokenFingerprints,
};

const HANDLERS_SCRIPT: LaterScript = {
  file: HANDLERS_SCRIPT_FILE,
  global: HANDLERS_GLOBAL,
  what: 'this part of itself',
};

/**
 * At the top level of the worker's script: shares its modules with the handlers script, and
 * imports that script at install (Chrome allows `importScripts()` later only for such a script).
 */
export function keepHandlersForLater(): void {
  (globalThis as Record<string, unknown>)[SHARED_GLOBAL] = Object.fromEntries(
    Object.entries(SHARED).map(([module, namespace]) => [sharedKey(module), namespace]),
  );
  importAtInstall(HANDLERS_SCRIPT);
}

/** The handler of `type` in the handlers script, which loads on the first call. */
export function later<K extends LaterType>(type: K): Handlers[K] {
  return ((payload: never) => {
    const loaded = laterScript<LaterHandlers>(HANDLERS_SCRIPT);
    if (!loaded.ok) return Promise.resolve(loaded);
    return (loaded.value[type] as (payload: never) => Promise<unknown>)(payload);
  }) as Handlers[K];
}
