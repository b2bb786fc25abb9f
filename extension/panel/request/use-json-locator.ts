/**
 * Where a body stops being JSON: the locator (src/json-text/json-syntax.ts) loads the first time
 * the composer holds a body, so the panel's start-up code does not carry it. Until it is there the
 * composer says only that the body is not JSON; then it adds the line and column.
 */
import { useEffect, useState } from 'preact/hooks';
import type { JsonErrorLocator } from '../../../src/collections/draft-checks';

/** Loaded once for every composer in this page. */
let loaded: JsonErrorLocator | null = null;

export function useJsonLocator(body: string): JsonErrorLocator | null {
  const [locate, setLocate] = useState(() => loaded);
  const needed = locate === null && body.trim() !== '';
  useEffect(() => {
    if (!needed) return;
    let wanted = true;
    void import('../../../src/json-text/json-syntax').then((module) => {
      loaded = module.locateJsonError;
      if (wanted) setLocate(() => module.locateJsonError);
    });
    return () => {
      wanted = false;
    };
  }, [needed]);
  return locate;
}
