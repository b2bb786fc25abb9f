/**
 * Loads code only when it is first needed, so the panel's first paint carries only what is on
 * screen (the JS budget in `npm run bench`). `loadOnce` fetches a chunk once for the whole page
 * and keeps it (a failed load is tried again by the next view that needs it); `useLoaded`
 * re-renders a view once its code is there, or says that it could not load (the extension was
 * reloaded under an open panel); `lazyComponent` shows a fallback until a component's code has
 * arrived, and says what to do instead of leaving a hole when it cannot.
 */
import type { ComponentType, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export interface LoadOnce<T> {
  /** The code once loaded, else null. */
  value: T | null;
  /** Loads it (once; again after a failure). */
  load: () => Promise<T>;
}

export function loadOnce<T>(fetchCode: () => Promise<T>): LoadOnce<T> {
  let loading: Promise<T> | null = null;
  const once: LoadOnce<T> = {
    value: null,
    load: () =>
      (loading ??= fetchCode().then(
        (value) => (once.value = value),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
  };
  return once;
}

export type Loading = 'pending' | 'done' | 'failed';

/** Loads `once` after the first render when `needed`; re-renders when it has, or has failed. */
export function useLoaded(once: LoadOnce<unknown>, needed = true): Loading {
  const [loading, setLoading] = useState<Loading>('pending');
  useEffect(() => {
    if (!needed || once.value !== null) return;
    let live = true;
    once.load().then(
      () => live && setLoading('done'),
      () => live && setLoading('failed'),
    );
    return () => {
      live = false;
    };
  }, [needed]);
  return once.value !== null ? 'done' : loading;
}

export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: JSX.Element | null = null,
): ComponentType<P> {
  const once = loadOnce(load);
  return function Lazy(props: P) {
    if (useLoaded(once) === 'failed') {
      return (
        <p class="notice notice-error" role="alert">
          Part of the panel could not be loaded. Close and reopen DevTools (the extension may have
          been updated).
        </p>
      );
    }
    const Component = once.value;
    return Component === null ? fallback : <Component {...props} />;
  };
}
