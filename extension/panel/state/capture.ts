/**
 * The capture's commands (src/workspace/capture/capture-commands.ts), bound once for the panel's
 * life to the workspace's `deps` and to DevTools' network log (extension/devtools/
 * devtools-adapter.ts, the one code that touches chrome.devtools). Loaded with the Capture tab,
 * so the panel's start-up carries none of it; the capture goes on while the tab comes and goes.
 */
import { createCaptureCommands } from '../../../src/workspace/capture/capture-commands';
import { readNetworkLog, subscribeToFinishedRequests } from '../../devtools/devtools-adapter';
import { deps } from './workspace';

export const capture = createCaptureCommands(deps, {
  onFinished: subscribeToFinishedRequests,
  readLog: readNetworkLog,
});
