/**
 * The extension API calls our worker's script makes as it starts, but for its message listener
 * (wire.ts's `webRequest` observer, rules check and start-up listeners, host-permission.ts's and
 * stores/storage.ts's listeners, wake-reads.ts's reads, browser-kind.ts's own origin), with
 * listeners that do nothing: the `bindings` copy of bench-cold-floor.ts, what Chrome costs to wake
 * a worker that uses what a Send needs, none of our code. tests/unit/bench-bindings.test.ts holds
 * it to the calls the worker's script really makes: a new one in extension/background/ fails that
 * test until it is added here.
 */
export const BINDINGS = [
  `chrome.webRequest.onSendHeaders.addListener(() => {}, { urls: ['http://*/*', 'https://*/*'], tabId: -1, types: ['xmlhttprequest'] }, ['requestHeaders', 'extraHeaders']);`,
  'chrome.runtime.getManifest();',
  'chrome.declarativeNetRequest.getSessionRules().catch(() => {});',
  'chrome.runtime.onInstalled.addListener(() => {});',
  'chrome.runtime.onStartup.addListener(() => {});',
  'chrome.permissions.onAdded.addListener(() => {});',
  'chrome.permissions.onRemoved.addListener(() => {});',
  'chrome.storage.onChanged.addListener(() => {});',
  `chrome.storage.local.get(['profiles']).catch(() => {});`,
  `chrome.storage.session.get(['vaultKey']).catch(() => {});`,
  `new URL(chrome.runtime.getURL('/')).origin;`,
].join('\n');
