/**
 * The module boundaries of docs/architecture.md, checked by `npm test` (`npm run lint:deps`).
 * Layers from the bottom up, each importing only from layers below it (layers of one rank do not
 * import each other):
 *
 *   vocabulary -> json-text, redaction -> service -> copy-as, collections -> checks -> formats
 *     -> capture -> protocol -> workspace -> extension
 *
 * plus the Node-only sandbox and the test support, which shipped code never imports. Each rule's
 * comment is what a violation prints: it says why the boundary exists and what to do instead.
 */

/** Tests and everything under src/testing/: above every layer, never shipped. */
const TEST_SUPPORT = '\\.test\\.tsx?$|^src/testing/';

/** The layers, bottom first; `why` is the layer's job, printed when a rule about it fires. */
const LAYERS = [
  {
    name: 'vocabulary',
    rank: 0,
    path: '^src/vocabulary/',
    why: 'names, schemas, errors as data, base64',
  },
  {
    name: 'json-text',
    rank: 1,
    path: '^src/json-text/',
    why: 'reading JSON text without parsing it whole',
  },
  { name: 'redaction', rank: 1, path: '^src/redaction/', why: 'every mask and secret pattern' },
  {
    name: 'service',
    rank: 2,
    path: '^src/service/',
    why: 'the partner API contract: tokens, the /v1 call, the wire, profiles, storage',
  },
  {
    name: 'copy-as',
    rank: 3,
    path: '^src/copy-as/',
    why: 'a composed call as cURL, fetch, Python, HTTPie or PowerShell',
  },
  {
    name: 'collections',
    rank: 3,
    path: '^src/collections/',
    why: 'the collection model, its schema, operations and native file',
  },
  {
    name: 'checks',
    rank: 4,
    path: '^src/checks/',
    why: 'assertions and answer variables read from an answer, and collection runs',
  },
  {
    name: 'formats',
    rank: 5,
    path: '^src/formats/',
    why: "other tools' files (Postman, cURL, OpenAPI, HAR) read and written",
  },
  {
    name: 'capture',
    rank: 6,
    path: '^src/capture/',
    why: 'what the inspected page sent, masked and checked',
  },
  {
    name: 'protocol',
    rank: 7,
    path: '^src/protocol/',
    why: 'the panel <-> worker message contract',
  },
  {
    name: 'workspace',
    rank: 8,
    path: '^src/workspace/',
    why: 'what the panel knows (state, reducers, commands), browser-free',
  },
  { name: 'extension', rank: 9, path: '^extension/', why: 'the browser shell' },
];

const alternation = (layers) => `^(${layers.map((layer) => layer.path.slice(1)).join('|')})`;

/** One rule a layer: it may import only from layers of a lower rank. */
const layerRules = LAYERS.filter((layer) => layer.name !== 'extension').map((layer) => {
  const above = LAYERS.filter((other) => other !== layer && other.rank >= layer.rank);
  const below = LAYERS.filter((other) => other.rank < layer.rank).map((other) => other.name);
  return {
    name: `${layer.name}-stays-in-its-layer`,
    severity: 'error',
    comment: `src/${layer.name}/ (${layer.why}) may import only ${below.length ? below.join(', ') : 'nothing of ours'}, never ${above.map((other) => other.name).join(', ')}, the sandbox or test support. Pass the data in, or move the shared part down a layer (often into src/vocabulary/).`,
    from: { path: layer.path, pathNot: TEST_SUPPORT },
    to: { path: `${alternation(above)}|^src/(sandbox|testing)/` },
  };
});

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
    ...layerRules,
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
      name: 'stores-never-import-handlers',
      severity: 'error',
      comment:
        "extension/background/stores/ keeps the worker's state; extension/background/handlers/ answers the messages and uses the stores. A store that imported a handler would run back up that order (and could tell the panel things only a handler decides). Move what both need into the store, and let the handler call it.",
      from: { path: '^extension/background/stores/' },
      to: { path: '^extension/background/handlers/' },
    },
    {
      name: 'panes-meet-only-in-the-workbench',
      severity: 'error',
      comment:
        'A pane of the panel (toolbar/, sidebar/, request/, response/, dialogs/) imports only its own folder, ui/ (components that know no pane) and state/ (the store and the worker client). Panes meet in workbench/: pass a callback or read the store instead.',
      from: { path: '^extension/panel/(toolbar|sidebar|request|response|dialogs)/' },
      to: {
        path: '^extension/panel/',
        pathNot: '^extension/panel/(ui|state|$1)/',
      },
    },
    {
      name: 'sandbox-stays-out',
      severity: 'error',
      comment:
        'src/sandbox/ is the Node-only emulator: the extension and pure src/ never import it (it would pull Node into the bundle). Tests reach it through src/testing/.',
      from: { path: '^(extension|src)/', pathNot: `^src/sandbox/|${TEST_SUPPORT}` },
      to: { path: '^src/sandbox/' },
    },
    {
      name: 'test-support-stays-out',
      severity: 'error',
      comment:
        'src/testing/ (fixtures, samples, helpers) is for the tests (*.test.ts, tests/) and the bench (scripts/bench*) only: shipped code never imports it.',
      from: { path: '^(extension|src)/', pathNot: `^src/sandbox/|${TEST_SUPPORT}` },
      to: { path: '^src/testing/' },
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
