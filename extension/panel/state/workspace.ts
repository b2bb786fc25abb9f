/**
 * The panel's one workspace: the store of src/workspace/ and its commands, bound once to the
 * worker client, the page's clock and timers. Views read the store with `useStore(select…)`
 * (store.ts) and call these commands; none of them reaches the worker on its own.
 */
import type { CommandDeps } from '../../../src/workspace/ask';
import { createCollectionCommands } from '../../../src/workspace/collection-commands';
import { askTellingLock } from '../../../src/workspace/lock-answers';
import { createPrefsCommands } from '../../../src/workspace/prefs-commands';
import { createRequestCommands } from '../../../src/workspace/request-commands';
import { createWorkspaceStore } from '../../../src/workspace/store';
import { createTokenIntents } from '../../../src/workspace/token/token-intents';
import { ask } from './worker-client';

export const store = createWorkspaceStore();

/**
 * What every command of the panel takes: the worker client (telling the store when an answer says
 * "locked"), the store, the page's clock.
 */
export const deps: CommandDeps = {
  ask: askTellingLock(ask, store.dispatch),
  get: store.get,
  dispatch: store.dispatch,
  now: Date.now,
  timers: {
    set: (run, ms) => setTimeout(run, ms),
    clear: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  },
  newId: () => crypto.randomUUID(),
};

export const requests = createRequestCommands(deps);

/** Get token and Compare variants (their code loads with the first use). */
export const tokens = createTokenIntents(deps);

export const prefs = createPrefsCommands(deps);

export const collections = createCollectionCommands(deps);
