/**
 * The panel's one workspace: the store of src/workspace/, fed by the worker's events
 * (`listenToWorker`) and by the replies the panel asked for. Views read it with
 * `useStore(select…)` (store.ts).
 */
import { createWorkspaceStore } from '../../../src/workspace/store';

export const store = createWorkspaceStore();
