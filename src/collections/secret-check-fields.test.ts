/**
 * One secret check over every field that is kept or leaves, table-driven: each field a stored
 * secret may be typed into (the Tests tab's assertions and answer variables, response schemas,
 * collection variables, a profile's variables and settings) × each form the redaction knows (as
 * typed, upper-cased, base64, base64url, percent- and JSON-encoded, a Basic value or base64 of
 * `client_id:client_secret`, a held JWT) is refused at save and at every export naming the field,
 * and never reaches a written file; what only looks like a secret is refused by every export. A
 * profile's Variables are refused at save when they hold a stored secret, and are written without
 * their value (Bruno: a secret variable by name; Postman: an empty value) when they hold or look
 * like one.
 */
import { describe, expect, it } from 'vitest';
import { exportOpenCollection } from '../formats/opencollection/opencollection-export';
import { exportPostman } from '../formats/postman/postman-export';
import { brunoSample } from '../testing/fixtures/opencollection/opencollection-samples';
import { lintForSecrets } from './export-lint';
import type { Collection, SavedRequest } from './model';
import { refuseSecretVariables, refuseStoredSecrets } from './secrets-at-rest';

const API_KEY = 'pk_Zq8x+L2mP/9vR=4tY7wK1nB';
const CLIENT_ID = 'partner-client';
const CLIENT_SECRET = 'cs_Vb7+Nq2/Lm9=Xt4Rw8Jk3';
const base64url = (text: string) =>
  btoa(text).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (claims: object) =>
  [{ alg: 'HS256', typ: 'JWT' }, claims]
    .map((part) => base64url(JSON.stringify(part)))
    .concat('c2lnbmF0dXJlLW9mLXRoZS10b2tlbg')
    .join('.');
const HELD_TOKEN = jwt({ sub: 'partner', exp: 1_900_000_000 });
const SECRETS = [API_KEY, CLIENT_SECRET, HELD_TOKEN];
const PAIRS = [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }];

/** Each form of a stored secret, as it could be typed or pasted into a field. */
const STORED_FORMS: [form: string, text: string][] = [
  ['as typed', API_KEY],
  ['upper-cased', API_KEY.toUpperCase()],
  ['base64', btoa(API_KEY)],
  ['base64url', base64url(API_KEY)],
  ['percent-encoded', encodeURIComponent(API_KEY)],
  [
    'JSON-encoded',
    API_KEY.replace(/[^A-Za-z0-9]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  ],
  ['a Basic value', `Basic ${btoa(`${CLIENT_ID}:${CLIENT_SECRET}`)}`],
  ['base64 of client_id:client_secret', btoa(`${CLIENT_ID}:${CLIENT_SECRET}`)],
  ['a held JWT', HELD_TOKEN],
];

/** What only looks like a secret: no stored secret, but a credential all the same. */
const LOOK_ALIKES: [form: string, text: string][] = [
  ['an unknown JWT', jwt({ sub: 'someone-else', exp: 1_800_000_000 })],
  ['a random token', 'Zq8xL2mP9vR4tY7wK1nB5cJ3'],
  ['a Bearer value', 'Bearer Hq3kT9zW2pL7xN4vB8mC'],
];

const request = (collection: Collection): SavedRequest => {
  const first = collection.items[0];
  if (first?.kind !== 'request') throw new Error('fixture changed');
  return first;
};

/** Where a value can be typed, how it gets there, and the name a refusal gives that field. */
const FIELDS: [field: string, put: (collection: Collection, value: string) => void][] = [
  [
    'items[0] "List products" → Tests › assertion 2 value',
    (collection, value) => {
      const assertion = request(collection).assertions?.[1];
      if (assertion === undefined) throw new Error('fixture changed');
      request(collection).assertions?.splice(1, 1, { ...assertion, operator: 'eq', value });
    },
  ],
  [
    'items[0] "List products" → Tests › assertion 1 expression',
    (collection, value) => {
      const [assertion] = request(collection).assertions ?? [];
      if (assertion === undefined) throw new Error('fixture changed');
      request(collection).assertions?.splice(0, 1, {
        ...assertion,
        expression: `res.headers.x-key == ${value}`,
      });
    },
  ],
  [
    'items[0] "List products" → Tests › answer variable 1 expression',
    (collection, value) => {
      request(collection).answerVariables = [
        { name: 'echoed', expression: `res.body.keys["${value}"]`, enabled: true },
      ];
    },
  ],
  [
    'items[0] "List products" → Schemas › response 1 schema',
    (collection, value) => {
      request(collection).responseSchemas = {
        operation: 'GET /v1/products',
        dialect: 'openapi-3.0',
        // The value as the JSON text of the schema holds it (its JSON-encoded form is what a
        // JSON string of the secret looks like there).
        responses: [{ status: '200', schema: `{"type":"object","example":"${value}"}` }],
      };
    },
  ],
  [
    'variables[2] "note"',
    (collection, value) => {
      collection.variables.push({ name: 'note', value });
    },
  ],
];

const ENVIRONMENT = {
  name: 'Sandbox',
  baseUrl: 'https://sandbox.example',
  authUrl: 'https://sandbox.example',
  companyId: '6f1c2a9e-4b7d-4c1e-9a3f-2d8e5b7c0a14',
  clientId: CLIENT_ID,
  variables: [{ name: 'orderId', value: 'ord_1001' }],
};

const bruno = (collection: Collection, environment = ENVIRONMENT) =>
  exportOpenCollection(collection, {
    environments: [environment],
    storedSecrets: SECRETS,
    pairs: PAIRS,
  });

describe.each(FIELDS)('%s', (field, put) => {
  it.each(STORED_FORMS)(
    'holding a stored secret %s: refused at save and at every export',
    (_form, text) => {
      const collection = brunoSample();
      put(collection, text);
      const saved = refuseStoredSecrets(collection, SECRETS, PAIRS);
      expect(saved.ok).toBe(false);
      if (!saved.ok) expect(saved.error.message).toContain(`Not saved: ${field} holds`);
      // Native and Postman: the export linter gates both; Bruno and every folder write: the export.
      for (const refused of [lintForSecrets(collection, SECRETS, PAIRS), bruno(collection)]) {
        expect(refused.ok).toBe(false);
        if (!refused.ok) {
          expect(refused.error.message).toContain(`Export refused: ${field} holds`);
          expect(refused.error.message).not.toContain(text);
        }
      }
    },
  );

  it.each(LOOK_ALIKES)('holding %s: refused at every export', (_form, text) => {
    const collection = brunoSample();
    put(collection, text);
    for (const refused of [lintForSecrets(collection, SECRETS, PAIRS), bruno(collection)]) {
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.error.message).toContain(`Export refused: ${field} holds`);
    }
  });
});

describe('a profile’s variables and settings in Bruno environments', () => {
  it.each([...STORED_FORMS, ...LOOK_ALIKES])(
    'a variable holding %s is written as a secret variable without its value',
    (_form, text) => {
      const environment = {
        ...ENVIRONMENT,
        variables: [...ENVIRONMENT.variables, { name: 'note', value: `see ${text}` }],
      };
      const files = bruno(brunoSample(), environment);
      if (!files.ok) throw new Error(files.error.message);
      const written = files.value.find(({ path }) => path === 'environments/Sandbox.yml')?.text;
      expect(written).toContain('name: orderId\n    value: ord_1001\n');
      expect(written).toContain('name: note\n    secret: true\n');
      expect(JSON.stringify(files.value)).not.toContain(text);
    },
  );

  it.each(STORED_FORMS)(
    'a setting holding a stored secret %s refuses the export',
    (_form, text) => {
      const refused = bruno(brunoSample(), {
        ...ENVIRONMENT,
        baseUrl: `https://x.example/${text}`,
      });
      expect(refused.ok).toBe(false);
      if (!refused.ok) {
        expect(refused.error.message).toContain('the Base URL of profile "Sandbox"');
        expect(refused.error.message).not.toContain(text);
      }
    },
  );
});

describe('a profile’s variables in a Postman export', () => {
  it.each([...STORED_FORMS, ...LOOK_ALIKES])(
    'a variable holding %s is written with an empty value',
    (_form, text) => {
      const written = JSON.parse(
        exportPostman(brunoSample(), {
          profileVariables: [...ENVIRONMENT.variables, { name: 'note', value: `see ${text}` }],
          storedSecrets: SECRETS,
          pairs: PAIRS,
        }),
      ) as { variable: { key: string; value: string }[] };
      const value = (key: string) => written.variable.find((row) => row.key === key)?.value;
      expect(value('orderId')).toBe('ord_1001');
      expect(value('note')).toBe('');
      expect(JSON.stringify(written)).not.toContain(text);
    },
  );
});

describe('a profile’s variables at save', () => {
  it.each(STORED_FORMS)('one holding a stored secret %s is refused, named', (_form, text) => {
    const variables = [...ENVIRONMENT.variables, { name: 'note', value: `see ${text}` }];
    const refused = refuseSecretVariables(variables, SECRETS, PAIRS);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.message).toContain('Not saved: the profile variable "note" holds');
    expect(refused.error.message).not.toContain(text);
    expect(refused.error.hint).toContain(
      'A secret belongs only in a profile’s API key or Client secret',
    );
  });

  it.each(LOOK_ALIKES)(
    'one holding %s is saved (exports write it without its value)',
    (_form, text) => {
      const variables = [{ name: 'note', value: text }];
      expect(refuseSecretVariables(variables, SECRETS, PAIRS)).toEqual({ ok: true, value: true });
    },
  );
});

describe('the save refusal’s hint', () => {
  it('says where a secret belongs, as the user guide does', () => {
    const collection = brunoSample();
    collection.variables.push({ name: 'note', value: API_KEY });
    const refused = refuseStoredSecrets(collection, SECRETS);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.hint).toContain(
      'A secret belongs only in a profile’s API key or Client secret, the fields the lock seals: collections and the profile’s Variables are not for secrets.',
    );
    expect(refused.error.hint).not.toContain('keep its value in the profile’s Variables');
  });
});
