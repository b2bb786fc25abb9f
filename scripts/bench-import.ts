/**
 * A 10 000-request Postman collection in 100 folders, imported through the worker as the panel
 * sends it (its text packed: src/protocol/packed-text.ts, done here in the page the same way, since
 * the page cannot import the panel's modules), median of three imports, each into the same stored
 * state; then the
 * sidebar searched with it loaded: time from typing to the filtered tree in the DOM, and to the
 * next frame.
 */
import type { Page } from '@playwright/test';
import { generatedPostmanCollection } from '../src/testing/fixtures/postman/postman-samples';
import { median } from './bench-stats';

const SEARCHES = ['Request 42-7', 'request 99', 'items/50', 'post', 'nothing-matches', ''];

/** Imports; the first IMPORTS - 1 imported collections are deleted again, untimed. */
const IMPORTS = 3;

export async function measurePostmanImport(panel: Page) {
  const importMs = await panel.evaluate(
    async ({ text, n }) => {
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const start = performance.now();
        const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
        const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
        let binary = '';
        for (let at = 0; at < bytes.length; at += 0x8000)
          binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
        const reply = await chrome.runtime.sendMessage({
          type: 'collections/import',
          payload: { packed: btoa(binary), onClash: 'keep-both' },
        });
        if (!reply.ok) throw new Error(reply.error.message);
        times.push(performance.now() - start);
        if (i < n - 1) {
          await chrome.runtime.sendMessage({
            type: 'collections/delete',
            payload: { id: reply.value.id },
          });
        }
      }
      return times;
    },
    { text: generatedPostmanCollection(), n: IMPORTS },
  );
  await panel.reload();
  // The collection's tree in the sidebar, with its last folder's row (folders start closed).
  await panel
    .getByRole('tree', { name: 'Generated' })
    .getByRole('treeitem', { name: 'Folder 99' })
    .waitFor();
  const searches: number[][] = [];
  for (const query of SEARCHES) {
    searches.push(
      await panel.evaluate(async (text) => {
        const input = document.querySelector<HTMLInputElement>(
          'input[aria-label="Search requests"]',
        );
        if (input === null) throw new Error('no search box');
        const start = performance.now();
        input.value = text;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((resolve) => setTimeout(resolve, 0));
        const rendered = performance.now() - start;
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        return [rendered, performance.now() - start];
      }, query),
    );
  }
  return {
    import_postman_10k_ms: Math.round(median(importMs)),
    sidebar_search_ms: median(searches.map((x) => x[0] ?? 0)),
    sidebar_search_painted_ms: median(searches.map((x) => x[1] ?? 0)),
  };
}
