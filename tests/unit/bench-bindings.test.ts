/**
 * The cold-floor bench's `bindings` worker (scripts/bench-bindings.ts) stands for the extension API
 * calls our worker's script makes as it starts: a call added to extension/background/ and not to
 * BINDINGS would leave that baseline short of what Chrome costs us, unnoticed.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { BINDINGS } from '../../scripts/bench-bindings';

/**
 * A stand-in for `chrome` that notes each API call by its path (`storage.local.get`). Its promises
 * never settle, so only what a script calls as it evaluates is noted, not what follows a reply.
 */
function recordingChrome() {
  const calls: string[] = [];
  const never = new Promise(() => {});
  const at = (path: string[]): unknown =>
    new Proxy(() => {}, {
      get(_target, key) {
        if (typeof key === 'symbol' || key === 'then') return undefined;
        if (path.join('.') === 'runtime' && key === 'id') return 'recorded-extension';
        return at([...path, key]);
      },
      apply(_target, _this, args: unknown[]) {
        const name = path.join('.');
        calls.push(name);
        // An https URL: Node gives a chrome-extension: URL no origin, where Chrome gives it one.
        if (name === 'runtime.getURL') return `https://recorded-extension${args[0]}`;
        if (name === 'runtime.getManifest') return { version: '0.0.0' };
        return never;
      },
    });
  return { chrome: at([]), calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

it('makes the API calls the worker script makes as it starts, but for its message listener', async () => {
  const worker = recordingChrome();
  vi.stubGlobal('chrome', worker.chrome);
  await import('../../extension/background/main');
  const listener = worker.calls.indexOf('runtime.onMessage.addListener');
  expect(listener).toBeGreaterThan(0);
  const atStart = worker.calls.filter((_, index) => index !== listener);
  // Each API once: Chrome makes an API's bindings when it is first used.
  const distinct = (calls: string[]) => [...new Set(calls)].sort();

  const bindings = recordingChrome();
  new Function('chrome', BINDINGS)(bindings.chrome);

  expect(distinct(bindings.calls)).toEqual(distinct(atStart));
});
