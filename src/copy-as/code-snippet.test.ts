/**
 * What every "Copy as" language promises about secrets: none in the text by default, in values
 * mode only the one the profile uses (never the client secret), and the same refusals as the
 * panel. The language-specific texts are in code-<language>.test.ts; the runs in code-run.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { V1Call } from '../service/call/v1-request';
import type { StoredProfile } from '../service/storage/stored-shapes';
import { base64Utf8, formEncode } from '../service/token/token-request';
import { accepted, refusal } from '../testing/results';
import { AUTH_METHODS, CODE_LANGUAGES } from '../vocabulary/terms';
import { buildCodeSnippet } from './code-snippet';
import { buildCurlCommand } from './curl';

const EXAMPLE: StoredProfile = {
  id: 'p1',
  name: 'Example',
  authUrl: 'https://auth.example.com',
  baseUrl: 'https://api.example.com/sandbox',
  companyId: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  authMethod: 'apiKey',
  clientId: 'demo-client',
  formEncodeCredentials: false,
  variables: [],
};

function call(overrides: Partial<V1Call> = {}): V1Call {
  return { method: 'GET', path: 'products', query: [], headers: [], body: '', ...overrides };
}

function randomSecret(): string {
  const specials = '\'"$`\\ %+&=:;#!';
  const pick = specials[(randomBytes(1)[0] ?? 0) % specials.length] ?? '';
  return `${randomBytes(12).toString('base64url')}${pick}${randomBytes(8).toString('hex')}`;
}

/** Every way a secret could be written: raw, escaped, encoded, inside a Basic header. */
function writtenForms(secret: string, clientId: string): string[] {
  return [
    secret,
    JSON.stringify(secret).slice(1, -1),
    secret.replaceAll("'", "''"),
    secret.replaceAll("'", `'\\''`),
    formEncode(secret),
    encodeURIComponent(secret),
    base64Utf8(`${clientId}:${secret}`),
  ];
}

describe.each(CODE_LANGUAGES)('%s code and secrets', (language) => {
  it('holds no secret in variables mode, even when the secrets object carries some', () => {
    for (let i = 0; i < 60; i++) {
      const secrets = { apiKey: randomSecret(), accessToken: randomSecret() };
      const clientSecret = randomSecret();
      const loose = { mode: 'variables', ...secrets, clientSecret } as const;
      const profile = { ...EXAMPLE, authMethod: AUTH_METHODS[i % 3] ?? 'apiKey' };
      profile.formEncodeCredentials = i % 2 === 0;
      const v1Call = call({ method: 'PATCH', path: `items/${i}`, body: `{"n":${i}}` });
      const text = accepted(buildCodeSnippet(language, profile, v1Call, loose));
      for (const secret of [secrets.apiKey, secrets.accessToken, clientSecret]) {
        for (const form of writtenForms(secret, profile.clientId)) expect(text).not.toContain(form);
      }
    }
  });

  it('holds in values mode only the secret the profile uses', () => {
    const apiKey = randomBytes(16).toString('hex');
    const accessToken = randomBytes(16).toString('hex');
    const both = { mode: 'values', apiKey, accessToken } as const;
    const apiKeyText = accepted(buildCodeSnippet(language, EXAMPLE, call(), both));
    expect(apiKeyText).toContain(apiKey);
    expect(apiKeyText).not.toContain(accessToken);
    expect(apiKeyText).toContain('Contains secrets in clear text');
    for (const authMethod of ['oauthBasic', 'oauthBody'] as const) {
      const text = accepted(buildCodeSnippet(language, { ...EXAMPLE, authMethod }, call(), both));
      expect(text).toContain(`Bearer ${accessToken}`);
      expect(text).not.toContain(apiKey);
      expect(text).not.toMatch(/CLIENT_SECRET|client_secret/);
    }
  });

  it('refuses what the panel refuses, and values mode without the secret', () => {
    refusal(
      buildCodeSnippet(language, EXAMPLE, call({ path: '../admin' }), VARIABLES),
      'path_outside_v1',
    );
    refusal(buildCodeSnippet(language, EXAMPLE, call(), { mode: 'values' }), 'missing_secret');
    const oauth = { ...EXAMPLE, authMethod: 'oauthBody' as const, authUrl: '' };
    refusal(buildCodeSnippet(language, oauth, call(), VARIABLES), 'invalid_profile');
  });
});

const VARIABLES = { mode: 'variables' } as const;

describe('buildCodeSnippet', () => {
  it('gives Copy as cURL its own command', () => {
    const v1Call = call({ method: 'POST', body: '{"a":1}' });
    expect(buildCodeSnippet('curl', EXAMPLE, v1Call, VARIABLES)).toEqual(
      buildCurlCommand(EXAMPLE, v1Call, VARIABLES),
    );
  });

  it('refuses a body with NUL in the shell languages only', () => {
    const v1Call = call({ method: 'POST', body: 'a\u0000b' });
    for (const language of CODE_LANGUAGES) {
      const built = buildCodeSnippet(language, EXAMPLE, v1Call, VARIABLES);
      if (language === 'curl' || language === 'httpie') refusal(built, 'invalid_request');
      else expect(accepted(built)).not.toContain('\u0000');
    }
  });
});
