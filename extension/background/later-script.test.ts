import { afterEach, describe, expect, it, vi } from 'vitest';
import { importAtInstall, type LaterScript, laterScript } from './later-script';

const SCRIPT: LaterScript = { file: 'later.js', global: 'laterTestGlobal', what: 'its test part' };
const scope = globalThis as Record<string, unknown>;

afterEach(() => {
  delete scope[SCRIPT.global];
  vi.unstubAllGlobals();
});

describe('laterScript', () => {
  it('runs the script once, on first use, and then answers from its global', () => {
    const importScripts = vi.fn(() => {
      scope[SCRIPT.global] = { answer: 42 };
    });
    vi.stubGlobal('importScripts', importScripts);
    expect(laterScript(SCRIPT)).toEqual({ ok: true, value: { answer: 42 } });
    expect(laterScript(SCRIPT)).toEqual({ ok: true, value: { answer: 42 } });
    expect(importScripts).toHaveBeenCalledTimes(1);
    expect(importScripts).toHaveBeenCalledWith('/later.js');
  });

  it('answers from the global where no importScripts exists (Firefox lists the script)', () => {
    scope[SCRIPT.global] = { listed: true };
    expect(laterScript(SCRIPT)).toEqual({ ok: true, value: { listed: true } });
  });

  it('tells what could not load, and what to do, when the script is missing or refused', () => {
    expect(laterScript(SCRIPT)).toMatchObject({
      ok: false,
      error: { code: 'internal', message: 'The extension could not load its test part.' },
    });
    vi.stubGlobal('importScripts', () => {
      throw new DOMException('not imported at install', 'NetworkError');
    });
    const refused = laterScript(SCRIPT);
    expect(refused).toMatchObject({
      ok: false,
      error: { message: 'The extension could not load its test part (NetworkError).' },
    });
    expect(refused.ok ? '' : refused.error.hint).toContain('Reload the extension');
    // A script that ran but put nothing on its global.
    vi.stubGlobal('importScripts', () => undefined);
    expect(laterScript(SCRIPT)).toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});

describe('importAtInstall', () => {
  it('imports the script when the worker is installed, and does nothing without importScripts', () => {
    const listeners: [string, () => void][] = [];
    vi.stubGlobal('addEventListener', (type: string, listener: () => void) =>
      listeners.push([type, listener]),
    );
    importAtInstall(SCRIPT);
    expect(listeners).toEqual([]);
    const importScripts = vi.fn();
    vi.stubGlobal('importScripts', importScripts);
    importAtInstall(SCRIPT);
    expect(listeners.map(([type]) => type)).toEqual(['install']);
    listeners[0]?.[1]();
    expect(importScripts).toHaveBeenCalledWith('/later.js');
  });
});
