import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../redaction/known-secret-redaction';
import {
  buildSupportReport,
  clockOffset,
  identifyingHeaders,
  redactReport,
  type SupportReportInput,
} from './support-report';

const AT = Date.parse('2026-11-28T10:00:05Z');
const API_KEY = 'LJCMGDDriuA4GnuABmm7dWsBQElOqm9F27siBWi4';
const CLIENT_ID = 'MXLeYTBwKhtZugZkoY0HNMIZ9XfdMr92';
const CLIENT_SECRET = 'E7G6hm0J/opDG+WLgQq5&7ojyhT"HojhwpHtT';
const TOKEN = 'br1G6KpQ9sZx2Lm4Nv7Rt8Wy3Ab5Cd6Ef';

function input(overrides: Partial<SupportReportInput> = {}): SupportReportInput {
  return {
    atMs: AT,
    method: 'GET',
    url: 'https://api.example.com/v1/orders?page=2',
    status: 401,
    statusText: 'Unauthorized',
    headers: [
      { name: 'date', value: 'Sat, 28 Nov 2026 10:00:00 GMT' },
      { name: 'x-request-id', value: 'req-42' },
      { name: 'x-correlation-id', value: 'corr-7' },
      { name: 'content-type', value: 'application/json' },
    ],
    fault: {
      code: 'keymanagement.service.InvalidAPICallAsNoApiProductMatchFound',
      text: 'Invalid API call as no apiproduct match found',
      title: 'No API product covers this call',
    },
    token: {
      products: ['Partner API Sandbox'],
      issuedAtMs: AT - 60_000,
      scope: '',
      fromCache: true,
      applicationName: '5f0c3c1e-9a4b-4e0d-8c7a-2b6d1e9f4a37',
      expiresInSeconds: 3599,
      status: 'approved',
      clientIdTail: 'Mr92',
    },
    authMethod: 'oauthBasic',
    formEncodeCredentials: false,
    extension: { version: '1.2.3', browser: 'Chrome 131' },
    curl: 'curl \'https://api.example.com/v1/orders?page=2\' -H "Authorization: Bearer $ACCESS_TOKEN"',
    ...overrides,
  };
}

describe('the support report', () => {
  it('holds what the provider needs to find the transaction', () => {
    const report = buildSupportReport(input());
    for (const line of [
      '- Time (UTC): 2026-11-28T10:00:05.000Z',
      '- Base URL: https://api.example.com',
      '- Path: /v1/orders?page=2',
      '- Status: 401 Unauthorized',
      '- Gateway error code: keymanagement.service.InvalidAPICallAsNoApiProductMatchFound',
      '- Fault string: Invalid API call as no apiproduct match found',
      '- Auth: OAuth client credentials, variant A (Basic header), RFC 6749 form-encoding off',
      '- Clock offset: this computer is 5 s ahead of the server (server Date: Sat, 28 Nov 2026 10:00:00 GMT)',
      '- Sent by: Partner API DevTools 1.2.3, Chrome 131',
      '- x-request-id: req-42',
      '- x-correlation-id: corr-7',
      '- api_product_list: Partner API Sandbox',
      '- issued_at: 2026-11-28T09:59:05.000Z',
      '- expires_in: 3599 s',
      '- client ID ends with: Mr92',
      '$ACCESS_TOKEN',
    ]) {
      expect(report).toContain(line);
    }
    expect(report).not.toContain('content-type: application/json');
  });

  it('finds identifying headers and the clock offset', () => {
    expect(
      identifyingHeaders([
        { name: 'X-Apigee-Message-Id', value: 'm' },
        { name: 'traceparent', value: 't' },
        { name: 'server', value: 'Apigee Router' },
      ]).map((header) => header.name),
    ).toEqual(['X-Apigee-Message-Id', 'traceparent']);
    expect(clockOffset([], AT)).toBeNull();
    expect(clockOffset([{ name: 'Date', value: 'Sat, 28 Nov 2026 10:00:05 GMT' }], AT)).toMatch(
      /^none to speak of/,
    );
  });

  it('canary: no secret survives the redaction, raw, base64, URL- or JSON-encoded, and each is counted', () => {
    const basic = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64');
    const planted = [
      API_KEY,
      Buffer.from(API_KEY).toString('base64'),
      CLIENT_SECRET,
      encodeURIComponent(CLIENT_SECRET),
      JSON.stringify(CLIENT_SECRET).slice(1, -1).replaceAll('/', '\\/'),
      Buffer.from(CLIENT_SECRET).toString('base64'),
      `Basic ${basic}`,
      TOKEN,
      encodeURIComponent(TOKEN),
    ];
    const report = buildSupportReport(
      input({
        fault: { code: 'x', text: planted.join(' | '), title: null },
        headers: planted.map((value, index) => ({ name: `x-request-id-${index}`, value })),
        curl: `curl -H 'x-apikey: ${API_KEY}'`,
      }),
    );
    const redactor = createRedactor({
      secrets: [API_KEY, CLIENT_SECRET, TOKEN],
      pairs: [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }],
    });
    const { text, replaced } = redactReport(redactor, report);
    for (const form of planted) expect(text, form).not.toContain(form);
    expect(text).not.toContain(basic);
    expect(replaced).toBeGreaterThanOrEqual(planted.length * 2 + 1);
    expect(redactReport(redactor, text).replaced).toBe(0);
  });
});
