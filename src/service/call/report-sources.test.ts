import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../storage/history';
import type { TokenFailureView } from '../token/token-grant';
import type { HttpExchange } from './execute';
import { answerReport, callStepReport, historyReport, tokenFailureReport } from './report-sources';
import { buildSupportReport } from './support-report';

const AUTH = { authMethod: 'apiKey', formEncodeCredentials: false } as const;
const AT = Date.parse('2026-11-28T10:00:00Z');

const exchange = (over: Partial<HttpExchange>): HttpExchange => ({
  request: {
    method: 'GET',
    url: 'https://api.example.com/v1/orders',
    headers: [],
    wire: { kind: 'unknown', why: 'test' } as unknown as HttpExchange['request']['wire'],
  },
  status: 401,
  statusText: 'Unauthorized',
  headers: [],
  bodyText: '',
  truncated: false,
  bodyBytes: 0,
  totalBytes: 0,
  durationMs: 12,
  ...over,
});

describe('what a support report says of each failure', () => {
  it('an answer: the gateway’s code and text from WWW-Authenticate alone, with the catalogue’s words', () => {
    const draft = answerReport(
      exchange({
        headers: [
          {
            name: 'WWW-Authenticate',
            value:
              'Bearer realm="null", error="invalid_token", error_description="oauth.v2.InvalidApiKeyForGivenResource: Invalid ApiKey for given resource"',
          },
          { name: 'x-request-id', value: 'r-1' },
        ],
      }),
      AT,
      AUTH,
    );
    expect(draft.fault).toEqual({
      code: 'oauth.v2.InvalidApiKeyForGivenResource',
      text: 'Invalid ApiKey for given resource',
      title: 'API key not allowed on this path',
    });
    expect(draft.headers).toContainEqual({ name: 'x-request-id', value: 'r-1' });
  });

  it('a Timeline step: its status, or why no answer came, and that its headers were not kept', () => {
    const step = {
      step: 'call' as const,
      atMs: AT,
      durationMs: null,
      method: 'GET',
      url: 'https://api.example.com/v1/orders',
      status: null,
      errorCode: 'timeout',
      attempt: 0,
    };
    const report = buildSupportReport({
      ...callStepReport(step, AUTH),
      curl: null,
      extension: { version: '1', browser: 'Chrome 1' },
    });
    expect(report).toContain('got no answer (timeout)');
    expect(report).toContain('# the cURL command could not be built for this call');
  });

  it('a History entry: the URL from the base URL, the path and the query as stored', () => {
    const entry: HistoryEntry = {
      id: 'e',
      at: AT,
      method: 'POST',
      path: 'orders/{{id}}',
      query: [{ name: 'a b', value: 'c&d' }],
      headers: [],
      body: '',
      bodyDropped: false,
      status: 500,
      durationMs: 3,
      errorCode: null,
    };
    const draft = historyReport(entry, 'https://api.example.com', AUTH);
    expect(draft.url).toBe('https://api.example.com/v1/orders/{{id}}?a%20b=c%26d');
    expect(draft.status).toBe(500);
    expect(draft.headers).toBeNull();
  });

  it('a failed token request: the token endpoint, its fault at HTTP 500, the variant', () => {
    const view = {
      outcome: 'failure',
      request: {
        variant: 'body',
        formEncoded: true,
        method: 'POST',
        url: 'https://api.example.com/o/oauth/accesstoken',
        headers: [],
        wire: { kind: 'unknown' },
        body: 'grant_type=client_credentials&client_id=x&client_secret=%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2',
      },
      response: {
        status: 500,
        statusText: 'Internal Server Error',
        headers: [{ name: 'content-type', value: 'application/json' }],
        durationMs: 9,
        bodyText:
          '{"fault":{"faultstring":"Invalid client identifier {0}","detail":{"errorcode":"oauth.v2.InvalidClientIdentifier"}}}',
      },
      explanation: { summary: 's', server: { kind: 'none' }, cause: 'credentials', advice: [] },
    } as unknown as TokenFailureView;
    const draft = tokenFailureReport(view, AT);
    expect(draft).toMatchObject({
      subject: 'token request',
      status: 500,
      authMethod: 'oauthBody',
      formEncodeCredentials: true,
      fault: { code: 'oauth.v2.InvalidClientIdentifier' },
    });
    const none = tokenFailureReport({ ...view, response: null }, AT);
    expect(none).toMatchObject({ status: null, error: { code: 'credentials', message: 's' } });
  });
});
