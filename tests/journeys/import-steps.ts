/**
 * Steps the import journeys share, in either browser: pick a file through a labelled file input
 * (the file written first to the test's own output folder), open a saved request, send and read
 * what the sandbox received, and check that no secret the files carried was kept.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox/server';
import { expectText, type PanelDriver } from './driver';

/** Writes `text` to `name` in the test's output folder and picks it in the input `label`. */
export async function pickFile(panel: PanelDriver, label: string, name: string, text: string) {
  const path = test.info().outputPath('picked', name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  await panel.label(label).setFiles([path]);
}

/** Opens the saved request `name` (its folder first, when it has one) in the composer. */
export async function openSaved(panel: PanelDriver, name: string, folder?: string) {
  const collections = panel.role('region', 'Collections');
  if (folder !== undefined) await collections.within('treeitem', folder).click();
  await collections.within('treeitem', name).click();
}

/** Sends what the composer holds; resolves with what the sandbox received for `path`. */
export async function sendAndReceive(
  panel: PanelDriver,
  sandbox: Sandbox,
  path: string,
  status: string,
) {
  const before = sandbox.requests.length;
  await panel.role('button', 'Send').click();
  await expect.poll(() => sandbox.requests.length, { timeout: panel.waitMs }).toBe(before + 1);
  await expectText(panel.role('region', 'Response'), status);
  const received = sandbox.requests.at(-1);
  expect(received?.path).toBe(path);
  return received;
}

/** The panel's storage.local as JSON (Firefox's `browser` or Chromium's `chrome`). */
export function storedJson(panel: PanelDriver, key: string | null = null) {
  return panel.evaluate(async (wanted) => {
    const api = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
    return JSON.stringify(await api.storage.local.get(wanted));
  }, key);
}

/** Neither storage.local nor the panel holds `secret`. */
export async function expectNoSecretKept(panel: PanelDriver, secret: string) {
  expect(await storedJson(panel)).not.toContain(secret);
  expect(await panel.content()).not.toContain(secret);
}
