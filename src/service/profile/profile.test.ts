import { describe, expect, it } from 'vitest';
import { accepted, refusal } from '../../testing/results';
import {
  isUuidShaped,
  type StoredProfile,
  type StoredSecrets,
  toProfileView,
  usesOAuth,
  validateProfile,
} from './profile';
import type { ProfileInput, SecretsInput } from './profile-input';

const COMPANY = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
const API_KEY = 'ak_9d8c7b6a5f4e3d2c1b0a';
const CLIENT_SECRET = 'cs_Zx8Yw7Vu6Ts5Rq4Po3';

const apiKeyInput: ProfileInput = {
  name: 'Sandbox',
  authUrl: '',
  baseUrl: 'http://127.0.0.1:8787/',
  companyId: COMPANY,
  authMethod: 'apiKey',
  clientId: '',
  formEncodeCredentials: false,
  variables: [],
};

const oauthInput: ProfileInput = {
  name: 'Production',
  authUrl: 'https://auth.example.com/',
  baseUrl: 'https://api.example.com/partner/',
  companyId: COMPANY,
  authMethod: 'oauthBasic',
  clientId: '  client-42  ',
  formEncodeCredentials: false,
  variables: [],
};

function validate(
  input: Partial<ProfileInput>,
  typed: SecretsInput = {},
  stored: StoredSecrets = {},
  base: ProfileInput = apiKeyInput,
) {
  return validateProfile({ ...base, ...input }, typed, stored, () => 'generated-id');
}

describe('validateProfile: settings', () => {
  it('accepts an API-key profile and normalises its addresses', () => {
    const { profile, secrets, warnings } = accepted(
      validate({ name: '  Sandbox ' }, { apiKey: API_KEY }),
    );
    expect(profile).toEqual({
      id: 'generated-id',
      name: 'Sandbox',
      authUrl: '',
      baseUrl: 'http://127.0.0.1:8787',
      companyId: COMPANY,
      authMethod: 'apiKey',
      clientId: '',
      formEncodeCredentials: false,
      variables: [],
    });
    expect(secrets).toEqual({ apiKey: API_KEY });
    expect(warnings).toEqual([]);
  });

  it.each(['', '   '])('refuses an empty name %j', (name) => {
    expect(refusal(validate({ name }, { apiKey: API_KEY }), 'invalid_profile').message).toMatch(
      /name/i,
    );
  });

  it('refuses a Base URL over plain http to a remote host', () => {
    const error = refusal(
      validate({ baseUrl: 'http://api.example.com' }, { apiKey: API_KEY }),
      'invalid_profile',
    );
    expect(error.hint).toContain('https://api.example.com');
  });

  it.each(['', '  '])('refuses an empty company ID %j', (companyId) => {
    expect(
      refusal(validate({ companyId }, { apiKey: API_KEY }), 'invalid_profile').message,
    ).toMatch(/Company ID/);
  });

  it('accepts a company ID that is not UUID-shaped, with a warning instead of an error', () => {
    const { profile, warnings } = accepted(
      validate({ companyId: ' acme-corp ' }, { apiKey: API_KEY }),
    );
    expect(profile.companyId).toBe('acme-corp');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.field).toBe('companyId');
    expect(warnings[0]?.message).toMatch(/UUID/);
  });

  it('refuses a line break in the company ID as an invalid profile', () => {
    refusal(
      validate({ companyId: `${COMPANY}\nX-Evil: 1` }, { apiKey: API_KEY }),
      'invalid_profile',
    );
  });

  it('keeps the id of an edited profile and generates one for a new profile', () => {
    let generated = 0;
    const newId = () => {
      generated += 1;
      return `new-${generated}`;
    };
    const edited = accepted(
      validateProfile({ ...apiKeyInput, id: 'existing-7' }, {}, { apiKey: API_KEY }, newId),
    );
    expect(edited.profile.id).toBe('existing-7');
    expect(generated).toBe(0);
    const created = accepted(validateProfile(apiKeyInput, { apiKey: API_KEY }, {}, newId));
    expect(created.profile.id).toBe('new-1');
  });
});

describe('validateProfile: API key', () => {
  it('needs a key: refused with missing_secret when none is typed or stored', () => {
    expect(refusal(validate({}, {}, {}), 'missing_secret').message).toMatch(/API key/);
    refusal(validate({}, { apiKey: '' }, {}), 'missing_secret');
  });

  it('keeps the stored key when the typed one is empty or absent', () => {
    expect(accepted(validate({}, { apiKey: '' }, { apiKey: API_KEY })).secrets).toEqual({
      apiKey: API_KEY,
    });
    expect(accepted(validate({}, {}, { apiKey: API_KEY })).secrets).toEqual({ apiKey: API_KEY });
  });

  it('replaces the stored key with a newly typed one', () => {
    expect(accepted(validate({}, { apiKey: 'ak_new_1234' }, { apiKey: API_KEY })).secrets).toEqual({
      apiKey: 'ak_new_1234',
    });
  });

  it('refuses a line break in the key without quoting the key', () => {
    const pasted = `${API_KEY}\n`;
    const error = refusal(validate({}, { apiKey: pasted }), 'invalid_request');
    expect(error.message).toMatch(/API key/);
    expect(JSON.stringify(error)).not.toContain(API_KEY);
  });

  it('warns about a leading or trailing space but stores the key exactly as typed', () => {
    for (const typed of [` ${API_KEY}`, `${API_KEY} `]) {
      const { secrets, warnings } = accepted(validate({}, { apiKey: typed }));
      expect(secrets.apiKey).toBe(typed);
      expect(warnings).toEqual([{ field: 'apiKey', message: expect.stringMatching(/space/) }]);
      expect(JSON.stringify(warnings)).not.toContain(API_KEY);
    }
  });

  it('drops a client secret and a client ID that an API-key profile does not use', () => {
    const { profile, secrets } = accepted(
      validate(
        { clientId: 'client-42' },
        { apiKey: API_KEY, clientSecret: CLIENT_SECRET },
        {
          clientSecret: 'old-secret',
        },
      ),
    );
    expect(secrets).toEqual({ apiKey: API_KEY });
    expect(profile.clientId).toBe('');
  });

  it('does not require an Auth URL, but checks one that is given', () => {
    expect(accepted(validate({ authUrl: '' }, { apiKey: API_KEY })).profile.authUrl).toBe('');
    refusal(
      validate({ authUrl: 'ftp://auth.example.com' }, { apiKey: API_KEY }),
      'invalid_profile',
    );
  });
});

describe('validateProfile: OAuth', () => {
  const oauth = (
    input: Partial<ProfileInput>,
    typed: SecretsInput = {},
    stored: StoredSecrets = {},
  ) => validate(input, typed, stored, oauthInput);

  it.each(['oauthBasic', 'oauthBody'] as const)(
    'accepts a complete %s profile and normalises it',
    (authMethod) => {
      const { profile, secrets } = accepted(oauth({ authMethod }, { clientSecret: CLIENT_SECRET }));
      expect(profile).toMatchObject({
        authMethod,
        authUrl: 'https://auth.example.com',
        baseUrl: 'https://api.example.com/partner',
        clientId: 'client-42',
      });
      expect(secrets).toEqual({ clientSecret: CLIENT_SECRET });
    },
  );

  it('needs an Auth URL', () => {
    expect(
      refusal(oauth({ authUrl: '' }, { clientSecret: CLIENT_SECRET }), 'invalid_profile').message,
    ).toMatch(/Auth URL/);
  });

  it('needs a client ID', () => {
    expect(
      refusal(oauth({ clientId: '  ' }, { clientSecret: CLIENT_SECRET }), 'invalid_profile')
        .message,
    ).toMatch(/Client ID/);
  });

  it('needs a client secret, typed or stored', () => {
    expect(refusal(oauth({}, {}, {}), 'missing_secret').message).toMatch(/Client secret/);
    expect(
      accepted(oauth({}, { clientSecret: '' }, { clientSecret: CLIENT_SECRET })).secrets,
    ).toEqual({ clientSecret: CLIENT_SECRET });
  });

  it('does not accept an API key in place of the client secret, and drops the key', () => {
    refusal(oauth({}, { apiKey: API_KEY }), 'missing_secret');
    const { secrets } = accepted(
      oauth({}, { apiKey: API_KEY, clientSecret: CLIENT_SECRET }, { apiKey: 'old-key' }),
    );
    expect(secrets).toEqual({ clientSecret: CLIENT_SECRET });
  });

  it('refuses a line break in the client secret without quoting it', () => {
    const error = refusal(oauth({}, { clientSecret: `${CLIENT_SECRET}\r\n` }), 'invalid_request');
    expect(error.message).toMatch(/Client secret/);
    expect(JSON.stringify(error)).not.toContain(CLIENT_SECRET);
  });

  it('refuses a line break in the client ID', () => {
    refusal(oauth({ clientId: 'client\n42' }, { clientSecret: CLIENT_SECRET }), 'invalid_profile');
  });

  it('warns about a trailing space in the client secret', () => {
    const { warnings } = accepted(oauth({}, { clientSecret: `${CLIENT_SECRET} ` }));
    expect(warnings.map((w) => w.field)).toEqual(['clientSecret']);
  });
});

describe('toProfileView', () => {
  const profile: StoredProfile = {
    id: 'p1',
    name: 'Sandbox',
    authUrl: 'https://auth.example.com',
    baseUrl: 'https://api.example.com',
    companyId: COMPANY,
    authMethod: 'oauthBody',
    clientId: 'client-42',
    formEncodeCredentials: false,
    variables: [],
  };

  it('keeps every setting and shows secrets only masked', () => {
    const view = toProfileView(profile, { apiKey: API_KEY, clientSecret: CLIENT_SECRET });
    expect(view).toEqual({
      ...profile,
      secrets: {
        apiKey: `••••${API_KEY.slice(-4)}`,
        clientSecret: `••••${CLIENT_SECRET.slice(-4)}`,
      },
    });
    const text = JSON.stringify(view);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(CLIENT_SECRET);
    expect(text).not.toContain(API_KEY.slice(-5));
  });

  it('says null for a secret that is not stored', () => {
    expect(toProfileView(profile, {}).secrets).toEqual({ apiKey: null, clientSecret: null });
  });

  it('does not leak a short secret either', () => {
    const view = toProfileView(profile, { clientSecret: 'abc' });
    expect(view.secrets.clientSecret).toBe('••••');
  });
});

describe('isUuidShaped and usesOAuth', () => {
  it('recognises the 8-4-4-4-12 hex shape in either case', () => {
    expect(isUuidShaped(COMPANY)).toBe(true);
    expect(isUuidShaped(COMPANY.toUpperCase())).toBe(true);
    expect(isUuidShaped(`${COMPANY}0`)).toBe(false);
    expect(isUuidShaped(` ${COMPANY}`)).toBe(false);
    expect(isUuidShaped('3f2504e0-4f89-11d3-9a0c-0305e82c330g')).toBe(false);
    expect(isUuidShaped('3f2504e04f8911d39a0c0305e82c3301')).toBe(false);
  });

  it('tells OAuth methods from the API-key method', () => {
    expect(usesOAuth('oauthBasic')).toBe(true);
    expect(usesOAuth('oauthBody')).toBe(true);
    expect(usesOAuth('apiKey')).toBe(false);
  });
});
