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
    subject: 'call',
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

  it('says when no answer came, when headers were not kept, and what a token request is', () => {
    const report = buildSupportReport(
      input({
        status: null,
        statusText: '',
        error: { code: 'timeout', message: 'the call ended before an answer came' },
        headers: null,
      }),
    );
    expect(report).toContain('# Support report: GET /v1/orders got no answer (timeout)');
    expect(report).toContain('- Status: no answer: the call ended before an answer came');
    expect(report).toContain('- not known (the panel did not keep this answer’s headers)');
    expect(report).toContain('- Clock offset: unknown (the answer’s headers were not kept)');
    const token = buildSupportReport(
      input({
        subject: 'token request',
        method: 'POST',
        url: 'https://api.example.com/o/oauth/accesstoken',
      }),
    );
    expect(token).toContain(
      '# Support report: token request POST /o/oauth/accesstoken answered 401',
    );
    expect(token).toContain('- none: this report is about the token request');
    expect(token).not.toContain('api_product_list');
  });

  it('canary: no secret survives the redaction in any encoding (raw, base64, base64url, percent, JSON, Basic, JWT), and each is counted', () => {
    const base64 = (text: string) => Buffer.from(text).toString('base64');
    const base64url = (text: string) => Buffer.from(text).toString('base64url');
    const jwt = (claims: object) =>
      `${base64url('{"alg":"HS256","typ":"JWT"}')}.${base64url(JSON.stringify(claims))}.c2lnbmF0dXJl`;
    const forms = (secret: string) => [
      secret,
      base64(secret),
      base64url(secret),
      encodeURIComponent(secret),
      JSON.stringify(secret).slice(1, -1).replaceAll('/', '\\/'),
      `Basic ${base64(`${CLIENT_ID}:${secret}`)}`,
      jwt({ sub: 'partner', leaked: secret }),
    ];
    const planted = [API_KEY, CLIENT_SECRET, TOKEN].flatMap(forms);
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
    for (const form of planted) expect(text, form).not.toContain(form.replace(/^Basic /, ''));
    for (const secret of [API_KEY, CLIENT_SECRET, TOKEN]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(base64(secret).slice(0, 12));
    }
    // Each form in the fault string and in a header, and the key in the cURL.
    expect(replaced).toBeGreaterThanOrEqual(planted.length * 2 + 1);
    expect(redactReport(redactor, text).replaced).toBe(0);
    // Nothing else is masked: the report's other lines are as built.
    expect(text).toContain('- Path: /v1/orders?page=2');
  });
});
