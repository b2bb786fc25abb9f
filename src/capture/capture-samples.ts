/**
 * Profiles and captured calls for the capture tests, built from the Chrome-shaped HAR samples of
 * src/collections/har-samples.ts. Used by tests only.
 */
import { API, AUTH, COMPANY_ID } from '../collections/har-samples';
import type { ProfileTarget } from './call-matching';
import { type CapturedCall, captureCall } from './captured-call';

export const SHOP_PROFILE: ProfileTarget = {
  id: 'p-shop',
  name: 'Shop production',
  baseUrl: API,
  authUrl: AUTH,
  authMethod: 'oauthBody',
  companyId: COMPANY_ID,
};

export const SANDBOX_PROFILE: ProfileTarget = {
  id: 'p-sandbox',
  name: 'Sandbox',
  baseUrl: 'http://127.0.0.1:8787',
  authUrl: 'http://127.0.0.1:8787',
  authMethod: 'apiKey',
  companyId: 'c0a80101-7e57-4d2a-9b1e-5a4db0c0ffee',
};

export const PROFILES = [SHOP_PROFILE, SANDBOX_PROFILE];

/** The captured call of a sample entry; fails the test when the entry is not one. */
export async function captured(entry: unknown): Promise<CapturedCall> {
  const call = await captureCall(entry);
  if (call === null) throw new Error('the sample entry has no method and URL');
  return call;
}
