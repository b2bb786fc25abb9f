/// <reference types="vitest/config" />
import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import manifest from './manifest.json' with { type: 'json' };

// crxjs only emits the HTML pages named in the manifest. The panel page is created at run time by
// the DevTools page (chrome.devtools.panels.create), so it is named here as an extra input: that
// makes `vite build` emit it and `vite` (serve) serve it with HMR.
const PANEL_PAGE = 'extension/panel/panel.html';

export default defineConfig({
  plugins: [preact(), crx({ manifest })],
  build: {
    // Overridable so that a test of `npm start` can build beside the dist/ other tests are using.
    outDir: process.env.PARTNER_API_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    target: 'chrome120',
    sourcemap: false,
    rollupOptions: {
      input: { panel: PANEL_PAGE },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    hmr: { port: 5173 },
  },
  test: {
    include: ['src/**/*.test.ts', 'extension/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 15_000,
  },
});
