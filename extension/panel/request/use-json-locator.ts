/**
 * Where a body stops being JSON: the locator (src/json-text/json-syntax.ts) loads the first time
 * the composer holds a body, so the panel's start-up code does not carry it. Until it is there the
 * composer says only that the body is not JSON; then it adds the line and column.
 */
import type { JsonErrorLocator } from '../../../src/collections/draft-checks';
import { loadOnce, useLoaded } from '../ui/lazy';

/** Loaded once for every composer in this page. */
const locator = loadOnce<JsonErrorLocator>(() =>
  import('../../../src/json-text/json-syntax').then((module) => module.locateJsonError),
);

export function useJsonLocator(body: string): JsonErrorLocator | null {
  useLoaded(locator, body.trim() !== '');
  return locator.value;
}
