/**
 * Fails closed when the browser has not granted the extension access to a service origin, with a
 * hint that says how to grant it (loopback is granted at install; https origins on request).
 */
import browser from 'webextension-polyfill';
import { fail, type Result } from '../../src/vocabulary/errors';

/** Answers already asked for, dropped whenever the user grants or revokes anything. */
const known = new Map<string, boolean>();
browser.permissions.onAdded.addListener(() => known.clear());
browser.permissions.onRemoved.addListener(() => known.clear());

async function isGranted(origin: string): Promise<boolean> {
  const cached = known.get(origin);
  if (cached !== undefined) return cached;
  const granted = await browser.permissions.contains({ origins: [`${origin}/*`] });
  known.set(origin, granted);
  return granted;
}

export async function checkHostPermission(url: string): Promise<Result<true>> {
  const { origin } = new URL(url);
  if (await isGranted(origin)) return { ok: true, value: true };
  return fail(
    'permission_missing',
    `The extension has no permission to reach ${origin}.`,
    'Save the profile again and accept the browser’s prompt to allow this site, or grant it on chrome://extensions (Details, Site access).',
  );
}
