/**
 * Creating a profile through the panel's profile editor in Firefox, as tests/e2e/profiles.ts does
 * in Chromium: New profile, fill the form, Save profile, and wait for the saved profile's
 * workbench.
 */
import type { Page } from 'puppeteer-core';
import type { ApiKeyProfile, OAuthProfile } from '../e2e/profiles';
import { byLabel, byRole, choose, expectGone, fill } from './panel-driver';

export async function createApiKeyProfile(panel: Page, profile: ApiKeyProfile): Promise<void> {
  await startNewProfile(panel, profile.name ?? 'Sandbox', 'API key');
  await fill(byRole(panel, 'textbox', 'Base URL'), profile.baseUrl);
  await fill(byRole(panel, 'textbox', 'Company ID'), profile.companyId);
  await fill(byLabel(panel, 'API key'), profile.apiKey);
  await saveProfile(panel);
}

export async function createOAuthProfile(panel: Page, profile: OAuthProfile): Promise<void> {
  await startNewProfile(panel, profile.name ?? `Sandbox (${profile.method})`, profile.method);
  await fill(byRole(panel, 'textbox', 'Auth URL'), profile.authUrl);
  await fill(byRole(panel, 'textbox', 'Base URL'), profile.baseUrl ?? profile.authUrl);
  await fill(byRole(panel, 'textbox', 'Company ID'), profile.companyId);
  await fill(byRole(panel, 'textbox', 'Client ID'), profile.clientId);
  await fill(byLabel(panel, 'Client secret'), profile.clientSecret);
  if (profile.formEncode !== undefined) {
    const box = await byRole(panel, 'checkbox', 'Form-encode credentials (RFC 6749)').waitHandle();
    if ((await box.evaluate((input) => (input as HTMLInputElement).checked)) !== profile.formEncode)
      await box.click();
  }
  await saveProfile(panel);
}

async function startNewProfile(panel: Page, name: string, method: string) {
  await byRole(panel, 'button', 'New profile').click();
  await fill(byRole(panel, 'textbox', 'Profile name'), name);
  await choose(panel, 'Auth method', method);
}

async function saveProfile(panel: Page) {
  await byRole(panel, 'button', 'Save profile').click();
  await expectGone(panel, 'form', 'Profile editor');
  await byRole(panel, 'button', 'Send').wait();
}
