/**
 * What the support report takes from the browser: the extension's version and the browser's name
 * and major version (src/workspace/report/support-report-commands.ts builds the report, and names
 * what each place that offers one holds of a failure). Loaded with the report.
 */
import type { ReportExtension } from '../../../src/workspace/report/support-report-commands';

function browserName(): string {
  const found = /(Firefox|Edg|Chrome)\/(\d+)/.exec(navigator.userAgent);
  return found === null
    ? 'unknown browser'
    : `${found[1] === 'Edg' ? 'Edge' : found[1]} ${found[2]}`;
}

/** This extension's version and the browser it runs in, as a support report names them. */
export function thisExtension(): ReportExtension {
  return { version: chrome.runtime.getManifest().version, browser: browserName() };
}
