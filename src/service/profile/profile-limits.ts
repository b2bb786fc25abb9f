/**
 * What a profile saved from the editor may hold (the bounds of `profiles/save`'s schema in
 * profile-input.ts), checked in the panel before it sends, so that an over-long field or too many
 * variables get a plain error that names the field, not a refused message. No schema library here:
 * the panel imports it.
 */
import { type AppError, fail } from '../../vocabulary/errors';
import { type AuthMethod, MAX_TEXT, type NameValue } from '../../vocabulary/terms';

/** The most variables a profile may have. */
export const MAX_PROFILE_VARIABLES = 100;

/** A profile's settings as the editor holds them. */
export interface ProfileFields {
  name: string;
  authUrl: string;
  baseUrl: string;
  companyId: string;
  authMethod: AuthMethod;
  clientId: string;
  formEncodeCredentials: boolean;
  variables: NameValue[];
}

const LABELS = {
  name: 'Profile name',
  authUrl: 'Auth URL',
  baseUrl: 'Base URL',
  companyId: 'Company ID',
  clientId: 'Client ID',
  apiKey: 'API key',
  clientSecret: 'Client secret',
} as const;

/** Why the profile cannot be saved as it is, or null when it fits. */
export function profileProblem(
  settings: ProfileFields,
  secrets: { apiKey?: string; clientSecret?: string },
): AppError | null {
  const limit = MAX_TEXT.toLocaleString('en');
  const texts = { ...settings, ...secrets };
  for (const [field, label] of Object.entries(LABELS)) {
    const text = texts[field as keyof typeof LABELS];
    if (text !== undefined && text.length > MAX_TEXT) {
      return fail(
        'invalid_profile',
        `${label} is longer than the ${limit} characters a profile field may have.`,
        `Shorten ${label}, then Save.`,
      ).error;
    }
  }
  if (settings.variables.length > MAX_PROFILE_VARIABLES) {
    return fail(
      'invalid_profile',
      `A profile may have at most ${MAX_PROFILE_VARIABLES} variables.`,
      'Remove some variables, then Save.',
    ).error;
  }
  const long = settings.variables.findIndex(
    (row) => row.name.length > MAX_TEXT || row.value.length > MAX_TEXT,
  );
  if (long !== -1) {
    return fail(
      'invalid_profile',
      `Variable ${long + 1} has a name or value longer than the ${limit} characters it may have.`,
      'Shorten it, then Save.',
    ).error;
  }
  return null;
}
