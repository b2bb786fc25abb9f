/**
 * The module boundaries of ../shared/DESIGN.md, checked by `npm test` (`npm run lint:deps`).
 * Layers from the bottom up, each importing only from layers below it:
 *
 *   src/vocabulary/  ->  src/service/  ->  src/collections/  ->  src/capture/  ->  src/protocol/  ->  extension/
 *
 * plus the Node-only sandbox and the test helpers, which the extension never imports. Each rule's
 * comment is what a violation prints: it says why the boundary exists and what to do instead.
 */
/** Tests and the fixtures, samples and helpers only tests (and the bench) use: above every layer. */
const TEST_SUPPORT = '\\.test\\.tsx?$|-(fixture|samples)\\.ts$|^src/testing/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A circle of imports: these modules can no longer be understood or tested one at a time. Move the shared part one layer down (often into src/vocabulary/).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'vocabulary-imports-nothing-of-ours',
      severity: 'error',
      comment:
        'src/vocabulary/ is the bottom layer (auth methods, HTTP methods, name/value pairs, errors as data): it imports nothing from src/ or extension/. Put what it needs here, or move the code up a layer.',
      from: { path: '^src/vocabulary/', pathNot: TEST_SUPPORT },
      to: { path: '^(src|extension)/', pathNot: '^src/vocabulary/' },
    },
    {
      name: 'service-stays-below-collections-and-protocol',
      severity: 'error',
      comment:
        'src/service/ (the service contract: tokens, /v1 requests, header rules) sits below the collection model, the capture and the message contract. Pass the data in, or move the shared type down to src/vocabulary/.',
      from: { path: '^src/service/', pathNot: TEST_SUPPORT },
      to: { path: '^(src/(collections|capture|protocol|sandbox|testing)|extension)/' },
    },
    {
      name: 'collections-stay-below-protocol',
      severity: 'error',
      comment:
        'src/collections/ (collection model and formats) may use src/service/ and src/vocabulary/, not the capture or the message contract above it.',
      from: { path: '^src/collections/', pathNot: TEST_SUPPORT },
      to: { path: '^(src/(capture|protocol|sandbox|testing)|extension)/' },
    },
    {
      name: 'capture-stays-below-protocol',
      severity: 'error',
      comment:
        'src/capture/ (what the inspected page sent: the captured-call model with its credentials masked, matching to profiles, contract checks, advisories, composer drafts, HAR export) stands on src/collections/, src/service/ and src/vocabulary/. The message contract may use it, never the reverse, and it never reaches into extension/: the DevTools adapter (extension/devtools/devtools-adapter.ts) hands it plain HAR data.',
      from: { path: '^src/capture/', pathNot: TEST_SUPPORT },
      to: { path: '^(src/(protocol|sandbox|testing)|extension)/' },
    },
    {
      name: 'protocol-stays-below-extension',
      severity: 'error',
      comment:
        'src/protocol/ (the panel <-> worker contract) is shared by both sides: it may not import either of them.',
      from: { path: '^src/protocol/', pathNot: TEST_SUPPORT },
      to: { path: '^(extension|src/sandbox|src/testing)/' },
    },
    {
      name: 'src-is-browser-free',
      severity: 'error',
      comment:
        'src/ (but src/sandbox/) is plain TypeScript, unit-tested in Node: no extension API, no polyfill, no Preact. Put browser code in extension/ and pass data into src/.',
      from: { path: '^src/', pathNot: '^src/sandbox/' },
      to: { path: '(^|/)node_modules/(webextension-polyfill|preact)/' },
    },
    {
      name: 'panel-never-imports-background',
      severity: 'error',
      comment:
        'The panel and the worker meet only in src/protocol/: the panel must never hold worker code (it would see secrets). Send a message instead.',
      from: { path: '^extension/panel/' },
      to: { path: '^extension/background/' },
    },
    {
      name: 'background-never-imports-panel',
      severity: 'error',
      comment:
        'The worker has no DOM and no Preact: share the logic through src/ instead of importing panel code.',
      from: { path: '^extension/background/' },
      to: { path: '^extension/(panel|devtools)/' },
    },
    {
      name: 'sandbox-stays-out',
      severity: 'error',
      comment:
        'src/sandbox/ is the Node-only emulator: the extension and pure src/ never import it (it would pull Node into the bundle).',
      from: { path: '^(extension|src)/', pathNot: `^src/sandbox/|${TEST_SUPPORT}` },
      to: { path: '^src/sandbox/' },
    },
    {
      name: 'test-helpers-stay-out',
      severity: 'error',
      comment:
        'Test helpers, fixtures and samples (src/testing/, *-fixture.ts, *-samples.ts) are for the tests and the bench only: shipped code never imports them.',
      from: { path: '^(extension|src)/', pathNot: `^src/sandbox/|${TEST_SUPPORT}` },
      to: { path: TEST_SUPPORT },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|\\.cache)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
