/**
 * Loads a component's code only when it is first shown, so the panel's first paint carries only
 * what is on screen (the JS budget in `npm run bench`). The chunk is fetched once and shared by
 * every use; until it arrives the fallback shows, and a chunk that cannot load (the extension was
 * reloaded under an open panel) says what to do instead of leaving a hole.
 */
import type { ComponentType, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: JSX.Element | null = null,
): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  return function Lazy(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (Component !== null) return;
      let live = true;
      pending ??= load().then((component) => {
        loaded = component;
        return component;
      });
      pending.then(
        (component) => live && setComponent(() => component),
        () => {
          pending = null;
          if (live) setFailed(true);
        },
      );
      return () => {
        live = false;
      };
    }, []);
    if (failed) {
      return (
        <p class="notice notice-error" role="alert">
          Part of the panel could not be loaded. Close and reopen DevTools (the extension may have
          been updated).
        </p>
      );
    }
    return Component === null ? fallback : <Component {...props} />;
  };
}
