/**
 * Fails closed when the browser has not granted the extension access to a service origin, with a
 * hint that says how to grant it (loopback is granted at install; https origins on request).
 */

import { fail, type Result } from '../../src/vocabulary/errors';
import { IN_FIREFOX, SITE_ACCESS_PLACE } from './browser-kind';
import { browser } from './ext';

/** Answers already asked for, dropped whenever the user grants or revokes anything. */
const known = new Map<string, boolean>();
browser.permissions.onAdded.addListener(() => known.clear());
browser.permissions.onRemoved.addListener(() => known.clear());

/**
 * A match pattern names no port (Firefox refuses one, and a grant in either browser covers every
 * port of the host), so the question is asked for the scheme and host.
 */
async function isGranted(url: URL): Promise<boolean> {
  const pattern = `${url.protocol}//${url.hostname}/*`;
  const cached = known.get(pattern);
  if (cached !== undefined) return cached;
  const granted = await browser.permissions.contains({ origins: [pattern] });
  known.set(pattern, granted);
  return granted;
}

export async function checkHostPermission(url: string): Promise<Result<true>> {
  const parsed = new URL(url);
  const { origin } = parsed;
  if (await isGranted(parsed)) return { ok: true, value: true };
  return fail(
    'permission_missing',
    `The extension has no permission to reach ${origin}.`,
    IN_FIREFOX
      ? // Firefox's DevTools panels have no permissions API, so saving again there asks nothing.
        `Allow it on ${SITE_ACCESS_PLACE}, then send again.`
      : `Save the profile again and accept the browser’s prompt to allow this site, or grant it on ${SITE_ACCESS_PLACE}.`,
  );
}
