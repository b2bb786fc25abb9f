/**
 * Profile validation: turns what the user typed into a stored profile (non-secret settings) and a
 * secret record, or a typed error naming the field to fix. Secrets are checked here but never
 * quoted in a message.
 */

import { maskSecret } from '../../redaction/mask';
import { fail, ok, type Result } from '../../vocabulary/errors';
import type { AuthMethod, NameValue } from '../../vocabulary/terms';
import type { StoredProfile } from '../storage/stored-shapes';
import { checkHeaderValue } from '../wire/headers';
import { parseServiceUrl, withoutTrailingSlash } from '../wire/url-rules';
import type { ProfileInput, ProfileView, SecretsInput, Warning } from './profile-input';

export type { StoredProfile };

export interface StoredSecrets {
  apiKey?: string;
  clientSecret?: string;
}

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuidShaped(value: string): boolean {
  return UUID_SHAPE.test(value);
}

export function usesOAuth(method: AuthMethod): boolean {
  return method === 'oauthBasic' || method === 'oauthBody';
}

function checkSecret(
  typed: string | undefined,
  stored: string | undefined,
  label: string,
  warnings: Warning[],
  field: string,
): Result<string> {
  const value = typed !== undefined && typed !== '' ? typed : stored;
  if (value === undefined || value.trim() === '') {
    return fail(
      'missing_secret',
      `${label} is empty.`,
      `Enter the ${label} issued for this profile.`,
    );
  }
  const header = checkHeaderValue(value, label);
  if (!header.ok) return header;
  if (value !== value.trim()) {
    warnings.push({
      field,
      message: `${label} starts or ends with a space; if that was pasted by accident, retype it.`,
    });
  }
  return ok(value);
}

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const BUILT_IN_VARIABLES = new Set(['companyId', 'baseUrl']);

/** Drops empty rows; names must be usable as `{{name}}` and unique. */
function checkVariables(rows: readonly NameValue[]): Result<NameValue[]> {
  const kept: NameValue[] = [];
  for (const { name: raw, value } of rows) {
    const name = raw.trim();
    if (name === '' && value === '') continue;
    if (!VARIABLE_NAME.test(name)) {
      return fail(
        'invalid_profile',
        `The variable name "${name.slice(0, 40)}" cannot be used as {{${name.slice(0, 40)}}}.`,
        'Start with a letter or _, then letters, digits, _, - or . only.',
      );
    }
    if (BUILT_IN_VARIABLES.has(name) || kept.some((row) => row.name === name)) {
      return fail(
        'invalid_profile',
        `The variable ${name} is defined twice (companyId and baseUrl come from the profile).`,
        'Give each variable its own name.',
      );
    }
    kept.push({ name, value });
  }
  return ok(kept);
}

export function validateProfile(
  input: ProfileInput,
  typedSecrets: SecretsInput,
  storedSecrets: StoredSecrets,
  newId: () => string,
): Result<{ profile: StoredProfile; secrets: StoredSecrets; warnings: Warning[] }> {
  const warnings: Warning[] = [];
  const name = input.name.trim();
  if (name === '')
    return fail('invalid_profile', 'Profile name is empty.', 'Give the profile a name.');

  const base = parseServiceUrl(input.baseUrl, 'Base URL');
  if (!base.ok) return base;
  const oauth = usesOAuth(input.authMethod);
  let authUrl = '';
  if (oauth || input.authUrl.trim() !== '') {
    const auth = parseServiceUrl(input.authUrl, 'Auth URL');
    if (!auth.ok) return auth;
    authUrl = withoutTrailingSlash(auth.value);
  }

  const companyId = input.companyId.trim();
  if (companyId === '') {
    return fail(
      'invalid_profile',
      'Company ID is empty.',
      'Every call is made on behalf of a company: enter the company ID you were given.',
    );
  }
  const companyHeader = checkHeaderValue(companyId, 'Company ID');
  if (!companyHeader.ok)
    return { ok: false, error: { ...companyHeader.error, code: 'invalid_profile' } };
  if (!isUuidShaped(companyId)) {
    warnings.push({
      field: 'companyId',
      message:
        'Company ID does not look like a UUID (8-4-4-4-12 hex digits); the service may refuse it.',
    });
  }

  const clientId = oauth ? input.clientId.trim() : '';
  if (oauth) {
    if (clientId === '') {
      return fail(
        'invalid_profile',
        'Client ID is empty.',
        'Enter the client ID issued for this profile.',
      );
    }
    const header = checkHeaderValue(clientId, 'Client ID');
    if (!header.ok) return { ok: false, error: { ...header.error, code: 'invalid_profile' } };
  }

  const secrets: StoredSecrets = {};
  if (oauth) {
    const secret = checkSecret(
      typedSecrets.clientSecret,
      storedSecrets.clientSecret,
      'Client secret',
      warnings,
      'clientSecret',
    );
    if (!secret.ok) return secret;
    secrets.clientSecret = secret.value;
  } else {
    const key = checkSecret(
      typedSecrets.apiKey,
      storedSecrets.apiKey,
      'API key',
      warnings,
      'apiKey',
    );
    if (!key.ok) return key;
    secrets.apiKey = key.value;
  }

  const variables = checkVariables(input.variables);
  if (!variables.ok) return variables;

  const profile: StoredProfile = {
    id: input.id ?? newId(),
    name,
    authUrl,
    baseUrl: withoutTrailingSlash(base.value),
    companyId,
    authMethod: input.authMethod,
    clientId,
    formEncodeCredentials: input.authMethod === 'oauthBasic' && input.formEncodeCredentials,
    variables: variables.value,
  };
  return ok({ profile, secrets, warnings });
}

/** The only form in which a profile leaves the worker: settings, and secrets masked. */
export function toProfileView(profile: StoredProfile, secrets: StoredSecrets): ProfileView {
  return { ...profile, secrets: maskSecrets(secrets) };
}

export function maskSecrets(secrets: StoredSecrets): ProfileView['secrets'] {
  return {
    apiKey: secrets.apiKey === undefined ? null : maskSecret(secrets.apiKey),
    clientSecret: secrets.clientSecret === undefined ? null : maskSecret(secrets.clientSecret),
  };
}
