import { describe, expect, it } from 'vitest';
import { accepted } from '../../testing/results';
import { type DiagnosticContext, diagnoseToken, type TokenDiagnostic } from './token-diagnostics';
import { type DecodedToken, decodeTokenResponse } from './token-response';

/** Whole seconds, as the Date header has one-second resolution. */
const NOW = Date.UTC(2025, 2, 14, 9, 30, 0);
const CLIENT_ID = 'MXLeYTBwKhtZugZkoY0HNMIZ9XfdMr92';

function body(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const base: Record<string, unknown> = {
    refresh_token_expires_in: 0,
    api_product_list: '[Partner API Sandbox, Partner Reports]',
    api_product_list_json: ['Partner API Sandbox', 'Partner Reports'],
    organization_name: 'partner-sandbox',
    'developer.email': 'developer@example.com',
    token_type: 'Bearer',
    issued_at: String(NOW),
    client_id: CLIENT_ID,
    access_token: 'kG7rPq2VbX0uYc9Lm3NaHs8Wd1Ze',
    application_name: '5f0c3c1e-9a4b-4e0d-8c7a-2b6d1e9f4a37',
    scope: '',
    expires_in: 3599,
    refresh_count: '0',
    status: 'approved',
  };
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete base[name];
    else base[name] = value;
  }
  return base;
}

function token(overrides: Record<string, unknown> = {}, receivedAtMs = NOW): DecodedToken {
  return accepted(decodeTokenResponse(JSON.stringify(body(overrides)), receivedAtMs));
}

function context(overrides: Partial<DiagnosticContext> = {}): DiagnosticContext {
  return {
    configuredClientId: CLIENT_ID,
    dateHeader: new Date(NOW).toUTCString(),
    receivedAtMs: NOW,
    nowMs: NOW,
    ...overrides,
  };
}

function diagnose(
  overrides: Record<string, unknown> = {},
  contextOverrides: Partial<DiagnosticContext> = {},
): TokenDiagnostic[] {
  const ctx = context(contextOverrides);
  return diagnoseToken(token(overrides, ctx.receivedAtMs), ctx);
}

function ids(
  overrides: Record<string, unknown> = {},
  contextOverrides: Partial<DiagnosticContext> = {},
): string[] {
  return diagnose(overrides, contextOverrides).map((item) => item.id);
}

function only(found: TokenDiagnostic[], id: TokenDiagnostic['id']): TokenDiagnostic {
  expect(found.map((item) => item.id)).toEqual([id]);
  const [item] = found;
  if (item === undefined) throw new Error('no diagnostic');
  expect(item.title).not.toBe('');
  expect(item.explanation).not.toBe('');
  expect(item.action).not.toBe('');
  return item;
}

describe('diagnoseToken', () => {
  it('finds nothing wrong with a healthy long-form token', () => {
    expect(diagnose()).toEqual([]);
  });

  it('finds nothing wrong with a healthy short-form token sent with Apigee strings', () => {
    const short = {
      refresh_count: undefined,
      scope: undefined,
      api_product_list_json: undefined,
      application_name: undefined,
      expires_in: '3599',
      refresh_token_expires_in: '0',
      token_type: 'BearerToken',
    };
    expect(diagnose(short)).toEqual([]);
  });

  it('client_id_mismatch: the response names another client than the profile', () => {
    const found = only(diagnose({}, { configuredClientId: 'other-client' }), 'client_id_mismatch');
    expect(found.explanation).toContain(CLIENT_ID);
    expect(found.explanation).toContain('other-client');
    expect(ids({ client_id: 'someone-else' })).toEqual(['client_id_mismatch']);
  });

  it('status_not_approved: any status but approved (in any case)', () => {
    const found = only(diagnose({ status: 'revoked' }), 'status_not_approved');
    expect(found.title).toContain('revoked');
    expect(ids({ status: 'APPROVED' })).toEqual([]);
    expect(ids({ status: '' })).toEqual(['status_not_approved']);
  });

  it('expired: the expiry is at or before now', () => {
    const expiresAt = NOW + 3_599_000;
    const found = only(diagnose({}, { nowMs: expiresAt + 90_000 }), 'expired');
    expect(found.severity).toBe('error');
    expect(found.explanation).toContain('1 min 30 s ago');
    expect(ids({}, { nowMs: expiresAt })).toEqual(['expired']);
    expect(ids({ expires_in: 0 })).toEqual(['expired']);
  });

  it('expires_soon: under a minute left, and not at exactly one minute', () => {
    const expiresAt = NOW + 3_599_000;
    const found = only(diagnose({}, { nowMs: expiresAt - 30_000 }), 'expires_soon');
    expect(found.explanation).toContain('30 s');
    expect(ids({}, { nowMs: expiresAt - 1 })).toEqual(['expires_soon']);
    expect(ids({}, { nowMs: expiresAt - 60_000 })).toEqual([]);
    expect(ids({ expires_in: 30 })).toEqual(['expires_soon']);
  });

  it('expires_in_milliseconds: expires_in that only makes sense as milliseconds', () => {
    const found = only(diagnose({ expires_in: 3_599_000 }), 'expires_in_milliseconds');
    expect(found.explanation).toContain('milliseconds');
    expect(ids({ expires_in: 86_400 })).toEqual([]);
  });

  it('clock_skew: issued_at more than 60 s away from the Date header', () => {
    // The token service is two minutes ahead of the gateway that wrote the Date header.
    const found = only(diagnose({ issued_at: String(NOW + 120_000) }), 'clock_skew');
    expect(found.explanation).toContain('after');
    expect(ids({ issued_at: String(NOW - 120_000) })).toEqual(['clock_skew']);
    expect(ids({ issued_at: String(NOW + 59_000) })).toEqual([]);
    expect(ids({ issued_at: String(NOW - 60_000) })).toEqual([]);
  });

  it('local_clock_skew: this computer’s clock differs from the Date header by more than 61 s', () => {
    const serverNow = NOW - 5 * 60_000;
    const server = { issued_at: String(serverNow) };
    const found = only(
      diagnose(server, { dateHeader: new Date(serverNow).toUTCString() }),
      'local_clock_skew',
    );
    expect(found.explanation).toContain('ahead of');
    expect(found.explanation).toContain('5 min');

    const behind = NOW + 5 * 60_000;
    expect(
      ids({ issued_at: String(behind) }, { dateHeader: new Date(behind).toUTCString() }),
    ).toEqual(['local_clock_skew']);
    const close = NOW - 30_000;
    expect(
      ids({ issued_at: String(close) }, { dateHeader: new Date(close).toUTCString() }),
    ).toEqual([]);
  });

  it('skips both clock checks without a usable Date header', () => {
    expect(ids({ issued_at: String(NOW + 120_000) }, { dateHeader: null })).toEqual([]);
    expect(ids({ issued_at: String(NOW + 120_000) }, { dateHeader: 'not a date' })).toEqual([]);
  });

  it('missing_fields: names every missing short-form field', () => {
    const found = only(diagnose({ status: undefined }), 'missing_fields');
    expect(found.title).toBe('Missing field: status');
    expect(found.severity).toBe('warning');

    const two = only(diagnose({ status: undefined, issued_at: undefined }), 'missing_fields');
    expect(two.title).toBe('Missing fields: issued_at, status');
  });

  it('no_access_token: an empty token, and a missing one as an error', () => {
    expect(only(diagnose({ access_token: '' }), 'no_access_token').severity).toBe('error');

    const missing = diagnose({ access_token: undefined });
    expect(missing.map((item) => item.id)).toEqual(['no_access_token', 'missing_fields']);
    expect(missing[1]?.severity).toBe('error');
  });

  it('no_products: a product list that is present but empty', () => {
    expect(ids({ api_product_list: '[]', api_product_list_json: [] })).toEqual(['no_products']);
    expect(ids({ api_product_list: '[]', api_product_list_json: undefined })).toEqual([
      'no_products',
    ]);
    // Absent rather than empty: that is a missing field, not an empty list.
    expect(ids({ api_product_list: undefined, api_product_list_json: undefined })).toEqual([
      'missing_fields',
    ]);
  });

  it('product_lists_disagree: the two lists name different products', () => {
    const found = only(
      diagnose({ api_product_list_json: ['Partner API Sandbox'] }),
      'product_lists_disagree',
    );
    expect(found.severity).toBe('info');
    expect(ids({ api_product_list_json: ['Partner Reports', 'Partner API Sandbox'] })).toEqual([]);
  });

  it('token_type: anything not Bearer-like, and nothing for BearerToken', () => {
    expect(only(diagnose({ token_type: 'MAC' }), 'token_type').title).toContain('"MAC"');
    expect(ids({ token_type: 'BearerToken' })).toEqual([]);
    expect(ids({ token_type: 'bearer' })).toEqual([]);
    expect(ids({ token_type: undefined })).toEqual(['missing_fields', 'token_type']);
  });

  it('never puts the access token into a diagnostic', () => {
    const accessToken = 'kG7rPq2VbX0uYc9Lm3NaHs8Wd1Ze';
    const everything = diagnose(
      {
        client_id: 'x',
        status: 'revoked',
        expires_in: 3_599_000,
        issued_at: String(NOW + 120_000),
        api_product_list_json: [],
        token_type: 'MAC',
      },
      { dateHeader: new Date(NOW - 600_000).toUTCString() },
    );
    expect(everything.length).toBeGreaterThanOrEqual(6);
    expect(JSON.stringify(everything)).not.toContain(accessToken);
  });
});
