/**
 * Creating a profile through the panel's profile editor, in either browser, the way a user does:
 * New profile, fill the form, Save profile, and wait until the panel shows the saved profile as
 * the active one. The Chromium suite's own helpers (tests/e2e/profiles.ts) do the same on a
 * Playwright page; the journeys, the Firefox suite and its bench use these.
 */

import { expect } from '@playwright/test';
import type { ApiKeyProfile, OAuthMethod, OAuthProfile } from '../e2e/profiles';
import { expectGone, type PanelDriver } from './driver';

export type { ApiKeyProfile, OAuthMethod, OAuthProfile };

/** Creates an API-key profile named `name` (default "Sandbox") and waits until it is active. */
export async function createApiKeyProfile(panel: PanelDriver, profile: ApiKeyProfile) {
  await startNewProfile(panel, profile.name ?? 'Sandbox', 'API key');
  await panel.role('textbox', 'Base URL').fill(profile.baseUrl);
  await panel.role('textbox', 'Company ID').fill(profile.companyId);
  await panel.label('API key').fill(profile.apiKey);
  await saveProfile(panel, profile);
}

/** Creates an OAuth profile named `name` (default "Sandbox (<method>)") and waits until active. */
export async function createOAuthProfile(panel: PanelDriver, profile: OAuthProfile) {
  await startNewProfile(panel, profile.name ?? `Sandbox (${profile.method})`, profile.method);
  await panel.role('textbox', 'Auth URL').fill(profile.authUrl);
  await panel.role('textbox', 'Base URL').fill(profile.baseUrl ?? profile.authUrl);
  await panel.role('textbox', 'Company ID').fill(profile.companyId);
  await panel.role('textbox', 'Client ID').fill(profile.clientId);
  await panel.label('Client secret').fill(profile.clientSecret);
  if (profile.formEncode !== undefined)
    await panel
      .role('checkbox', 'Form-encode credentials (RFC 6749)')
      .setChecked(profile.formEncode);
  await saveProfile(panel, profile);
}

async function startNewProfile(panel: PanelDriver, name: string, method: string) {
  await panel.role('button', 'New profile').click();
  await panel.role('textbox', 'Profile name').fill(name);
  await panel.choose('Auth method', method);
}

/** Adds the variables, saves, and waits for the editor to give way to the active profile. */
async function saveProfile(panel: PanelDriver, profile: ApiKeyProfile | OAuthProfile) {
  for (const [index, [name, value]] of (profile.variables ?? []).entries()) {
    await panel.role('button', 'Add variable').click();
    await panel.role('textbox', `Variable ${index + 1} name`).fill(name);
    await panel.role('textbox', `Variable ${index + 1} value`).fill(value);
  }
  await panel.role('button', 'Save profile').click();
  await expectGone(panel.role('form', 'Profile editor'));
  await panel.role('button', 'Send').wait();
  // The Profile picker has the saved profile picked.
  await expect.poll(() => panel.role('combobox', 'Profile').value()).toMatch(/.+/);
}
