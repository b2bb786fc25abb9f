import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ProfileInputSchema, SecretsInputSchema } from '../service/profile/profile-input';
import { messages, SendRequestSchema } from './messages';

const validSend = {
  requestId: 'r-1',
  profileId: 'p1',
  method: 'GET',
  path: 'products/42',
  query: [{ name: 'a', value: 'b' }],
  headers: [{ name: 'X-Request-Id', value: '1' }],
  body: '',
};

describe('message schemas', () => {
  it('accept a well-formed request/send payload', () => {
    expect(v.safeParse(SendRequestSchema, validSend).success).toBe(true);
  });

  it.each(['TRACE', 'CONNECT', 'get', 'FETCH', ''])('refuse the HTTP method %j', (method) => {
    expect(v.safeParse(SendRequestSchema, { ...validSend, method }).success).toBe(false);
  });

  it('accept a path of 2 048 characters and refuse one of 2 049', () => {
    expect(v.safeParse(SendRequestSchema, { ...validSend, path: 'a'.repeat(2_048) }).success).toBe(
      true,
    );
    expect(v.safeParse(SendRequestSchema, { ...validSend, path: 'a'.repeat(2_049) }).success).toBe(
      false,
    );
  });

  it('refuse an extra key in the payload and in a nested header', () => {
    expect(v.safeParse(SendRequestSchema, { ...validSend, extra: 1 }).success).toBe(false);
    expect(
      v.safeParse(SendRequestSchema, {
        ...validSend,
        headers: [{ name: 'a', value: 'b', secret: 'c' }],
      }).success,
    ).toBe(false);
  });

  it('refuse more than 200 headers or query parameters', () => {
    const many = Array.from({ length: 201 }, (_, i) => ({ name: `h${i}`, value: 'v' }));
    expect(v.safeParse(SendRequestSchema, { ...validSend, headers: many }).success).toBe(false);
    expect(v.safeParse(SendRequestSchema, { ...validSend, query: many }).success).toBe(false);
  });

  it('refuse an empty profile id', () => {
    expect(v.safeParse(SendRequestSchema, { ...validSend, profileId: '' }).success).toBe(false);
  });

  it('refuse an unknown authentication method in a profile', () => {
    const profile = {
      name: 'Sandbox',
      authUrl: '',
      baseUrl: 'http://127.0.0.1:8787',
      companyId: 'c',
      authMethod: 'basic',
      clientId: '',
      formEncodeCredentials: false,
      variables: [],
    };
    expect(v.safeParse(ProfileInputSchema, profile).success).toBe(false);
    expect(v.safeParse(ProfileInputSchema, { ...profile, authMethod: 'apiKey' }).success).toBe(
      true,
    );
  });

  it('refuse a secret field that is not one of apiKey / clientSecret', () => {
    expect(v.safeParse(SecretsInputSchema, { accessToken: 't' }).success).toBe(false);
    expect(v.safeParse(SecretsInputSchema, {}).success).toBe(true);
  });

  it('profiles/list takes an empty payload and nothing else', () => {
    expect(v.safeParse(messages['profiles/list'], {}).success).toBe(true);
    expect(v.safeParse(messages['profiles/list'], { all: true }).success).toBe(false);
  });

  it('capture/check-tokens takes at most 1 000 fingerprints and nothing else', () => {
    const schema = messages['capture/check-tokens'];
    const fingerprint = '0f'.repeat(32);
    expect(v.safeParse(schema, { fingerprints: [fingerprint] }).success).toBe(true);
    expect(v.safeParse(schema, { fingerprints: Array(1_001).fill(fingerprint) }).success).toBe(
      false,
    );
    expect(v.safeParse(schema, { fingerprints: [fingerprint], tokens: [] }).success).toBe(false);
  });

  it('capture/mask takes a list of texts and nothing else', () => {
    const schema = messages['capture/mask'];
    expect(v.safeParse(schema, { texts: ['GET /v1/orders', ''] }).success).toBe(true);
    expect(v.safeParse(schema, { texts: [1] }).success).toBe(false);
    expect(v.safeParse(schema, { texts: [], secrets: [] }).success).toBe(false);
  });

  it('request/send takes at most 100 answer variables with usable names, and nothing else', () => {
    const schema = messages['request/send'];
    const call = {
      requestId: 'r-1',
      profileId: 'p1',
      method: 'GET',
      path: 'ping',
      query: [],
      headers: [],
      body: '',
    };
    const variable = { name: 'orderId', expression: 'res.body.id', enabled: true };
    expect(v.safeParse(schema, { ...call, answerVariables: [variable] }).success).toBe(true);
    expect(
      v.safeParse(schema, { ...call, answerVariables: Array(101).fill(variable) }).success,
    ).toBe(false);
    expect(
      v.safeParse(schema, { ...call, answerVariables: [{ ...variable, name: 'a b' }] }).success,
    ).toBe(false);
    expect(
      v.safeParse(schema, { ...call, answerVariables: [{ ...variable, code: 'x' }] }).success,
    ).toBe(false);
  });
});
