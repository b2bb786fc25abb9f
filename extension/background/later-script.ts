/**
 * A second script of the worker, loaded the first time a message needs it, so that a stopped
 * worker woken by a Send does not load (the script and the V8 code cache Chrome keeps beside it)
 * and run it first (lazy-formats.ts,
 * lazy-handlers.ts). A script puts what it provides on a global of its own when it runs.
 *
 * Chrome: the worker is a classic script, since a module worker may neither `import()` nor
 * `importScripts()`. A service worker may `importScripts()` after its start only a script it
 * imported while it was being installed, so the install listener (registered at the top level by
 * `importAtInstall`) imports it once. Firefox runs the background as an event page, which has no
 * `importScripts()`: its manifest lists the script after the main one (vite.config.ts), so it has
 * run, and its global is there, before any message.
 */
import { fail, ok, type Result } from '../../src/vocabulary/errors';

export interface LaterScript {
  /** Its file, beside the worker's loader (vite.config.ts). */
  file: string;
  /** The global it puts what it provides on. */
  global: string;
  /** What it holds, for an error's text: "its file formats". */
  what: string;
}

const UNAVAILABLE_HINT =
  'Reload the extension on chrome://extensions, or reinstall it, then try again.';

const loaded = <T>(script: LaterScript) =>
  (globalThis as Record<string, unknown>)[script.global] as T | undefined;

const canImportScripts = () =>
  typeof (globalThis as { importScripts?: unknown }).importScripts === 'function';

/** Registers, at the top level of the worker's script, the import of `script` at install. */
export function importAtInstall(script: LaterScript): void {
  if (!canImportScripts()) return;
  globalThis.addEventListener('install', () => importScripts(`/${script.file}`));
}

/** What `script` provides, running it on first use; a plain error if this worker lacks it. */
export function laterScript<T>(script: LaterScript): Result<T> {
  const provided = loaded<T>(script);
  if (provided !== undefined) return ok(provided);
  const unavailable = `The extension could not load ${script.what}`;
  if (!canImportScripts()) return fail('internal', `${unavailable}.`, UNAVAILABLE_HINT);
  try {
    importScripts(`/${script.file}`);
  } catch (error) {
    const name = error instanceof Error ? error.name : 'error';
    return fail('internal', `${unavailable} (${name}).`, UNAVAILABLE_HINT);
  }
  const imported = loaded<T>(script);
  return imported === undefined
    ? fail('internal', `${unavailable}.`, UNAVAILABLE_HINT)
    : ok(imported);
}
