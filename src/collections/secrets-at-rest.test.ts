import { describe, expect, it } from 'vitest';
import { createRedactor } from '../redaction/known-secret-redaction';
import { maskSecret } from '../redaction/mask';
import { accepted, refusal } from '../testing/results';
import type { Collection, SavedRequest } from './model';
import { maskStoredSecrets, refuseStoredSecrets } from './secrets-at-rest';

/** Stored secrets that look like nothing in particular: only the held set finds them. */
const API_KEY = 'plain-words-saved-key-4711';
const CLIENT_SECRET = 'another plain phrase 0815';
const STORED = [API_KEY, CLIENT_SECRET];
const redactor = createRedactor({ secrets: STORED, pairs: [] });

const request = (overrides: Partial<SavedRequest> = {}): SavedRequest => ({
  kind: 'request',
  id: 'r1',
  name: 'Create order',
  method: 'POST',
  path: 'orders',
  query: [],
  headers: [{ name: 'companyId', value: '{{companyId}}' }],
  body: '',
  ...overrides,
});

const collectionOf = (items: SavedRequest[], variables: Collection['variables'] = []) => ({
  id: 'c1',
  name: 'Orders',
  auth: { method: 'apiKey' as const, formEncodeCredentials: false },
  variables,
  items,
});

describe('refuseStoredSecrets (a save)', () => {
  it('refuses a stored secret typed into a header, query, body or variable, naming the field', () => {
    const cases: [Collection, string][] = [
      [collectionOf([request({ headers: [{ name: 'x-debug', value: API_KEY }] })]), 'headers[0]'],
      [
        collectionOf([
          request({ query: [{ name: 'note', value: encodeURIComponent(CLIENT_SECRET) }] }),
        ]),
        'query[0]',
      ],
      [collectionOf([request({ body: JSON.stringify({ secret: CLIENT_SECRET }) })]), 'body'],
      [collectionOf([request()], [{ name: 'key', value: API_KEY }]), 'variables[0]'],
    ];
    for (const [collection, field] of cases) {
      const error = refusal(refuseStoredSecrets(collection, STORED), 'invalid_request');
      expect(error.message).toContain(field);
      expect(error.message).toMatch(/^Not saved: .*collections never keep a saved secret/);
      expect(error.message).toMatch(/••••/);
      expect(`${error.message} ${error.hint}`).not.toContain(API_KEY);
      expect(`${error.message} ${error.hint}`).not.toContain(CLIENT_SECRET);
      expect(error.hint).toContain('{{variable}}');
      expect(error.hint).toContain('still in the composer');
    }
  });

  it('saves variables, masks and values that only look like secrets', () => {
    const collection = collectionOf([
      request({
        headers: [
          { name: 'x-debug', value: '{{apiKey}}' },
          { name: 'x-trace', value: 'Zq8xL2mP9vR4tY7wK1nB5cJ3' },
        ],
        body: `{"seen":"${maskSecret(API_KEY)}"}`,
      }),
    ]);
    expect(refuseStoredSecrets(collection, STORED)).toEqual({ ok: true, value: true });
  });
});

describe('maskStoredSecrets (an import)', () => {
  it('masks every stored secret and names the fields in a summary line', () => {
    const collection = collectionOf([
      request({
        headers: [{ name: 'x-debug', value: `key ${API_KEY}` }],
        body: `{"secret":"${CLIENT_SECRET}"}`,
      }),
    ]);
    const result = { value: accepted(maskStoredSecrets(collection, STORED, redactor.deep)) };
    const stored = JSON.stringify(result.value.collection);
    expect(stored).not.toContain(API_KEY);
    expect(stored).not.toContain(CLIENT_SECRET);
    expect(result.value.collection.items[0]).toMatchObject({
      headers: [{ name: 'x-debug', value: `key ${maskSecret(API_KEY)}` }],
      body: `{"secret":"${maskSecret(CLIENT_SECRET)}"}`,
    });
    const [note] = result.value.notes;
    expect(result.value.notes).toHaveLength(1);
    expect(note).toMatch(/^2 fields held one of your saved secrets and were masked: /);
    expect(note).toContain('headers[0] "x-debug"');
    expect(note).toContain('body');
    expect(note).toContain('{{variable}}');
    expect(note).not.toContain(API_KEY);
  });

  it('leaves a collection without stored secrets as it is, with nothing to say', () => {
    const collection = collectionOf([request({ body: '{"quantity":2}' })]);
    expect(maskStoredSecrets(collection, STORED, redactor.deep)).toEqual({
      ok: true,
      value: { collection, notes: [] },
    });
  });

  it('masks a secret written all upper- or lower-case, as the redaction now reaches it', () => {
    const collection = collectionOf([request({ body: API_KEY.toUpperCase() })]);
    const masked = maskStoredSecrets(collection, STORED, redactor.deep);
    if (!masked.ok) throw new Error(masked.error.message);
    expect(JSON.stringify(masked.value.collection)).not.toContain(API_KEY.toUpperCase());
    expect(masked.value.notes.join('\n')).toContain('••••4711');
  });

  it('refuses what masking cannot reach: a secret in mixed letter case', () => {
    const mixed = [...API_KEY]
      .map((char, index) => (index % 2 === 0 ? char.toUpperCase() : char))
      .join('');
    const collection = collectionOf([request({ body: mixed })]);
    const error = refusal(maskStoredSecrets(collection, STORED, redactor.deep), 'invalid_request');
    expect(error.message).toMatch(/^Import refused: .*body.*other letter case/);
    expect(error.hint).toContain('Nothing was imported');
    expect(error.message).not.toContain(mixed);
  });
});
