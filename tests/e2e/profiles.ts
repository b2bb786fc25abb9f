/**
 * Creating a profile through the panel's profile editor, the way a user does: New profile, fill
 * the form, Save profile, and wait until the panel shows the saved profile as the active one. The
 * e2e specs and the bench use these helpers whenever they only need a working profile; a test of
 * the editor itself (bad input, editing a saved profile) drives the form on its own.
 *
 * A test whose subject is not the editor and that starts from an empty extension may save its
 * first profile with `saveApiKeyProfile` / `saveOAuthProfile` instead: the `profiles/save`
 * message the editor sends (built by the editor's own `profileSavePayload`), sent from the panel
 * page through the real router and schemas, then the panel opened again on the saved profile. The
 * editor's journey stays covered by its own specs (tests/journeys/profile-editor.spec.ts,
 * profile-editor-focus.spec.ts, first-run.spec.ts).
 *
 * Imports only types and `expect` from Playwright, never the test fixtures, so that a plain script
 * (scripts/bench.ts) can use it too.
 */
import { expect, type Page } from '@playwright/test';
import { profileSavePayload } from '../../src/protocol/profile-save-payload';
import type { ProfileFields as SavedFields } from '../../src/service/profile/profile-limits';

export type OAuthMethod = 'OAuth (Basic header)' | 'OAuth (form body)';

interface ProfileFields {
  /** The name in the Profile picker; see each helper for its default. */
  name?: string;
  companyId: string;
  /** Profile variables (`{{name}}`) in this order; the caller opens the Variables section first. */
  variables?: readonly (readonly [name: string, value: string])[];
}

export interface ApiKeyProfile extends ProfileFields {
  baseUrl: string;
  apiKey: string;
}

export interface OAuthProfile extends ProfileFields {
  method: OAuthMethod;
  authUrl: string;
  /** Defaults to `authUrl` (the sandbox serves both). */
  baseUrl?: string;
  clientId: string;
  clientSecret: string;
  /** Sets "Form-encode credentials (RFC 6749)" (Basic header only); left as it is unless given. */
  formEncode?: boolean | undefined;
}

/** Creates an API-key profile named `name` (default "Sandbox") and waits until it is active. */
export async function createApiKeyProfile(panel: Page, profile: ApiKeyProfile): Promise<void> {
  await startNewProfile(panel, profile.name ?? 'Sandbox', 'API key');
  await panel.getByRole('textbox', { name: 'Base URL' }).fill(profile.baseUrl);
  await panel.getByRole('textbox', { name: 'Company ID' }).fill(profile.companyId);
  await panel.getByLabel('API key', { exact: true }).fill(profile.apiKey);
  await saveProfile(panel, profile.variables);
}

/**
 * Creates an OAuth client-credentials profile named `name` (default "Sandbox (<method>)") and
 * waits until it is active.
 */
export async function createOAuthProfile(panel: Page, profile: OAuthProfile): Promise<void> {
  await startNewProfile(panel, profile.name ?? `Sandbox (${profile.method})`, profile.method);
  await panel.getByRole('textbox', { name: 'Auth URL' }).fill(profile.authUrl);
  await panel.getByRole('textbox', { name: 'Base URL' }).fill(profile.baseUrl ?? profile.authUrl);
  await panel.getByRole('textbox', { name: 'Company ID' }).fill(profile.companyId);
  await panel.getByRole('textbox', { name: 'Client ID' }).fill(profile.clientId);
  await panel.getByLabel('Client secret').fill(profile.clientSecret);
  if (profile.formEncode !== undefined) {
    await panel
      .getByRole('checkbox', { name: 'Form-encode credentials (RFC 6749)' })
      .setChecked(profile.formEncode);
  }
  await saveProfile(panel, profile.variables);
}

/**
 * Opens an empty editor and fills what every profile has first. New profile is always there and
 * always opens the empty editor (a dialog); with no profile saved yet the editor is already on the
 * first-run page, and the click takes focus to it.
 */
async function startNewProfile(panel: Page, name: string, method: 'API key' | OAuthMethod) {
  await panel.getByRole('button', { name: 'New profile' }).click();
  await panel.getByRole('textbox', { name: 'Profile name' }).fill(name);
  await panel.getByRole('combobox', { name: 'Auth method' }).selectOption({ label: method });
}

/**
 * Save profile, then waits for the editor (a dialog, or the first-run page) to give way to the
 * saved profile's workbench, as the user sees it. Until then the dialog is modal and the rest of
 * the panel inert: a `fill` there reports success and types nothing.
 */
export async function saveEditedProfile(panel: Page): Promise<void> {
  await panel.getByRole('button', { name: 'Save profile' }).click();
  await expect(panel.getByRole('form', { name: 'Profile editor' })).toHaveCount(0);
}

/** Adds the variables, saves, and waits for the editor to give way to the active profile. */
async function saveProfile(panel: Page, variables: ProfileFields['variables'] = []) {
  for (const [index, [name, value]] of variables.entries()) {
    await panel.getByRole('button', { name: 'Add variable' }).click();
    await panel.getByRole('textbox', { name: `Variable ${index + 1} name` }).fill(name);
    await panel.getByRole('textbox', { name: `Variable ${index + 1} value` }).fill(value);
  }
  await saveEditedProfile(panel);
  await expect(panel.getByRole('combobox', { name: 'Profile' })).toHaveValue(/.+/);
  await expect(panel.getByRole('button', { name: 'Send' })).toBeVisible();
}

const METHODS = { 'OAuth (Basic header)': 'oauthBasic', 'OAuth (form body)': 'oauthBody' } as const;

/**
 * Saves an API-key profile named `name` (default "Sandbox") as the editor's Save profile does,
 * and opens the panel again on it, active. For an empty extension only (see the header).
 */
export function saveApiKeyProfile(panel: Page, profile: ApiKeyProfile): Promise<void> {
  return saveThroughWorker(
    panel,
    {
      ...settingsOf(profile, profile.name ?? 'Sandbox'),
      authUrl: '',
      baseUrl: profile.baseUrl,
      authMethod: 'apiKey',
      clientId: '',
      formEncodeCredentials: false,
    },
    { apiKey: profile.apiKey },
  );
}

/**
 * Saves an OAuth profile named `name` (default "Sandbox (<method>)") as the editor's Save
 * profile does, and opens the panel again on it, active. For an empty extension only.
 */
export function saveOAuthProfile(panel: Page, profile: OAuthProfile): Promise<void> {
  return saveThroughWorker(
    panel,
    {
      ...settingsOf(profile, profile.name ?? `Sandbox (${profile.method})`),
      authUrl: profile.authUrl,
      baseUrl: profile.baseUrl ?? profile.authUrl,
      authMethod: METHODS[profile.method],
      clientId: profile.clientId,
      formEncodeCredentials: profile.formEncode ?? false,
    },
    { clientSecret: profile.clientSecret },
  );
}

function settingsOf(profile: ProfileFields, name: string) {
  const variables = (profile.variables ?? []).map(([name, value]) => ({ name, value }));
  return { name, companyId: profile.companyId, variables };
}

async function saveThroughWorker(
  panel: Page,
  settings: SavedFields,
  secrets: { apiKey: string } | { clientSecret: string },
) {
  const built = profileSavePayload(null, settings, secrets, false);
  if (!built.ok) throw new Error(`The profile does not fit the editor: ${built.error.message}`);
  const reply = await panel.evaluate(
    (payload) => chrome.runtime.sendMessage({ type: 'profiles/save', payload }),
    built.value,
  );
  expect(reply, 'the worker saved the profile').toMatchObject({ ok: true });
  await panel.reload();
  await expect(panel.getByRole('combobox', { name: 'Profile' })).toHaveValue(/.+/);
  await expect(panel.getByRole('button', { name: 'Send' })).toBeVisible();
}
