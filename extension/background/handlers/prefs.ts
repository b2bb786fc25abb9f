/**
 * The panel's layout preferences (sidebar width and tab, split ratios, chosen tabs), kept in
 * `storage.local` under `uiPrefs`: UI preferences only, never secrets, never `storage.sync`.
 */

import type { Handlers } from '../../../src/protocol/router';
import { StoredUiPrefsSchema } from '../../../src/service/storage/stored-shapes';
import { ok } from '../../../src/vocabulary/errors';
import { DEFAULT_UI_PREFS, type UiPrefs, withPrefs } from '../../../src/vocabulary/ui-prefs';
import { readKey, serially, write } from '../stores/storage';

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
