/**
 * The panel's layout preferences (sidebar width and tab, split ratios, chosen tabs), kept in
 * `storage.local` under `uiPrefs`: UI preferences only, never secrets, never `storage.sync`.
 */

import type { Handlers } from '../../src/protocol/router';
import { StoredUiPrefsSchema } from '../../src/service/stored-shapes';
import { DEFAULT_UI_PREFS, type UiPrefs } from '../../src/service/ui-prefs';
import { ok } from '../../src/vocabulary/errors';
import { readKey, serially, write } from './storage';

/** The defaults with every preference that is set in `patch` (an absent one keeps its default). */
function withPrefs(base: UiPrefs, patch: Partial<Record<keyof UiPrefs, unknown>>): UiPrefs {
  const set = Object.entries(patch).filter(([, value]) => value !== undefined);
  return { ...base, ...Object.fromEntries(set) } as UiPrefs;
}

async function loadPrefs(): Promise<UiPrefs> {
  return withPrefs(DEFAULT_UI_PREFS, await readKey('uiPrefs', StoredUiPrefsSchema, {}));
}

export const getPrefs: Handlers['prefs/get'] = async () => ok({ prefs: await loadPrefs() });

export const setPrefs: Handlers['prefs/set'] = ({ prefs }) =>
  serially(async () => {
    const merged = withPrefs(await loadPrefs(), prefs);
    await write({ uiPrefs: merged });
    return ok({ prefs: merged });
  });
