/**
 * The Firefox build's send figures, for `npm run bench` to print beside Chromium's (same sandbox,
 * same run): the worker's request path against a plain fetch from the panel page, and the token
 * round trip, measured as bench-proxy.ts measures them in Chromium, in Firefox ESR with the
 * Firefox build (scripts/firefox-browser.ts).
 */
import type { Page } from 'puppeteer-core';
import type { Sandbox } from '../src/sandbox/server';
import { createApiKeyProfile, createOAuthProfile } from '../tests/journeys/profiles';
import { puppeteerPanel } from '../tests/journeys/puppeteer-panel';
import {
  type MeasuredPage,
  measureProxy,
  measureTokenRoundTrip,
  type ProxyFigures,
} from './bench-proxy';
import { launchFirefoxWithExtension } from './firefox-browser';
import { panelJsGzipBytes } from './panel-startup-js';

export interface FirefoxFigures extends ProxyFigures {
  token_roundtrip_ms: number;
  panel_js_gzip_bytes: number;
  browser: string;
}

async function activeProfileId(panel: Page): Promise<string> {
  return panel.evaluate(async () => {
    const reply = await chrome.runtime.sendMessage({ type: 'profiles/list', payload: {} });
    return reply.value.activeProfileId as string;
  });
}

/**
 * puppeteer's page, seen as the measurements want it: its types unwrap element handles in the
 * argument, which the measurements never pass, so the argument and result pass through as they are.
 */
function measured(panel: Page): MeasuredPage {
  return {
    evaluate: <Arg, Result>(run: (arg: Arg) => Promise<Result>, arg: Arg) =>
      panel.evaluate(run as (arg: unknown) => Promise<unknown>, arg) as Promise<Result>,
  };
}

export async function measureFirefox(
  sandbox: Sandbox,
  distFirefox: string,
): Promise<FirefoxFigures> {
  const firefox = await launchFirefoxWithExtension({ dist: distFirefox });
  try {
    const panel = await firefox.openPanel();
    const driver = puppeteerPanel(panel, () => firefox.openPanel());
    const { apiKey, clientId, clientSecret, companyId } = sandbox.credentials;
    const fields = { authUrl: sandbox.url, baseUrl: sandbox.url, companyId };
    await createApiKeyProfile(driver, { ...fields, name: 'API key', apiKey });
    const proxy = await measureProxy(measured(panel), sandbox, await activeProfileId(panel));
    const method = 'OAuth (form body)';
    await createOAuthProfile(driver, { ...fields, name: method, method, clientId, clientSecret });
    const token = await measureTokenRoundTrip(measured(panel), await activeProfileId(panel));
    return {
      ...proxy,
      token_roundtrip_ms: token,
      panel_js_gzip_bytes: panelJsGzipBytes(distFirefox),
      browser: await firefox.browser.version(),
    };
  } finally {
    await firefox.close();
  }
}
