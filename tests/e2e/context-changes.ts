/**
 * A test's view of the worker's shared browser context (worker-browser.ts): the same context, but
 * what the test adds to it (init scripts, exposed functions, routes, event listeners) is recorded
 * and taken off again when the test ends, so that the next test's pages run without them.
 */
import type { BrowserContext } from '@playwright/test';

/** The context's methods whose effect outlives the test, and each returns a Disposable. */
const DISPOSABLE = new Set(['addInitScript', 'exposeBinding', 'exposeFunction', 'route']);
const LISTENING = new Set(['on', 'once', 'addListener', 'prependListener']);

export interface ScopedContext {
  context: BrowserContext;
  /** Takes off everything the test added through `context`. */
  undo(): Promise<void>;
}

export function scopeContext(shared: BrowserContext): ScopedContext {
  const disposables: { dispose(): Promise<void> }[] = [];
  const listeners: [string, (...args: unknown[]) => unknown][] = [];
  const context = new Proxy(shared, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof property !== 'string' || typeof value !== 'function') return value;
      if (DISPOSABLE.has(property)) {
        return async (...args: unknown[]) => {
          const disposable = await value.apply(target, args);
          disposables.push(disposable);
          return disposable;
        };
      }
      if (LISTENING.has(property)) {
        return (event: string, listener: (...args: unknown[]) => unknown) => {
          listeners.push([event, listener]);
          value.call(target, event, listener);
          return context;
        };
      }
      return value.bind(target);
    },
  });
  return {
    context,
    async undo() {
      for (const [event, listener] of listeners.splice(0)) shared.off(event as 'page', listener);
      for (const disposable of disposables.splice(0).reverse()) await disposable.dispose();
      await shared.unrouteAll({ behavior: 'ignoreErrors' });
    },
  };
}
