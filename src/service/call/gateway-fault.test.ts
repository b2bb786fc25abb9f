import { describe, expect, it } from 'vitest';
import { readGatewayFault } from './gateway-fault';
import { explainServiceError, gatewayTitle } from './service-error';

const STATUSES = [400, 401, 403, 429, 500];
const JSON_TYPE = 'application/json';
const EXPIRED = 'keymanagement.service.access_token_expired';

/** The three places a gateway says what it refused, as Apigee-fronted APIs send them. */
const SHAPES = {
  fault: {
    headers: [],
    contentType: JSON_TYPE,
    body: JSON.stringify({
      fault: { faultstring: 'Access Token expired', detail: { errorcode: EXPIRED } },
    }),
  },
  errorCode: {
    headers: [],
    contentType: JSON_TYPE,
    body: JSON.stringify({ ErrorCode: EXPIRED, Error: 'Access Token expired' }),
  },
  wwwAuthenticateEmptyBody: {
    headers: [
      {
        name: 'WWW-Authenticate',
        value: `Bearer realm="null", error="invalid_token", error_description="${EXPIRED}: Access Token expired"`,
      },
    ],
    contentType: '',
    body: '',
  },
  wwwAuthenticateUnrelatedBody: {
    headers: [
      {
        name: 'www-authenticate',
        value: `Bearer realm="null",error="invalid_token",error_description="${EXPIRED}: Access Token expired"`,
      },
    ],
    contentType: JSON_TYPE,
    body: '{"message":"Unauthorized","requestId":"abc-123"}',
  },
} as const;

describe('readGatewayFault: one reader, three places, any status', () => {
  for (const [shape, answer] of Object.entries(SHAPES)) {
    for (const status of STATUSES) {
      it(`reads ${shape} at ${status}`, () => {
        const fault = readGatewayFault({
          status,
          headers: answer.headers,
          bodyText: answer.body,
          contentType: answer.contentType,
        });
        expect(fault?.code).toBe(EXPIRED);
        expect(fault?.text).toBe('Access Token expired');
        const explained = explainServiceError(status, answer.contentType, answer.body, null, {
          headers: answer.headers,
        });
        expect(explained?.facts?.code).toBe('access_token_expired');
        expect(explained?.said).toContain(EXPIRED);
        expect(gatewayTitle({ status, ...answer, bodyText: answer.body })).toBe(
          'Access token expired',
        );
      });
    }
  }

  it('says where the fault was read when it came from WWW-Authenticate', () => {
    const { headers } = SHAPES.wwwAuthenticateEmptyBody;
    expect(readGatewayFault({ status: 401, headers, bodyText: '', contentType: '' })?.place).toBe(
      'WWW-Authenticate',
    );
    const explained = explainServiceError(401, '', '', null, { headers });
    expect(explained?.said).toBe(
      `${EXPIRED}: Access Token expired (in the WWW-Authenticate header)`,
    );
  });

  it('reads the product mismatch only a WWW-Authenticate header carries', () => {
    const headers = [
      {
        name: 'WWW-Authenticate',
        value:
          'Bearer realm="null", error="invalid_token", error_description="oauth.v2.InvalidApiKeyForGivenResource: Invalid ApiKey for given resource"',
      },
    ];
    const fault = readGatewayFault({ status: 401, headers, bodyText: '', contentType: '' });
    expect(fault).toEqual({
      code: 'oauth.v2.InvalidApiKeyForGivenResource',
      text: 'Invalid ApiKey for given resource',
      place: 'WWW-Authenticate',
    });
  });

  it('keeps a plain OAuth challenge without a gateway code', () => {
    const headers = [{ name: 'WWW-Authenticate', value: 'Bearer error="invalid_token"' }];
    expect(readGatewayFault({ status: 401, headers, bodyText: '', contentType: '' })).toEqual({
      code: 'invalid_token',
      text: null,
      place: 'WWW-Authenticate',
    });
  });

  it('prefers the body fault to the header when both carry a code', () => {
    const headers = SHAPES.wwwAuthenticateEmptyBody.headers;
    const body = JSON.stringify({
      fault: {
        faultstring: 'Rate limit quota violation. Quota limit  exceeded. Identifier : app-1',
        detail: { errorcode: 'policies.ratelimit.QuotaViolation' },
      },
    });
    const fault = readGatewayFault({
      status: 500,
      headers,
      bodyText: body,
      contentType: JSON_TYPE,
    });
    expect(fault?.code).toBe('policies.ratelimit.QuotaViolation');
  });

  it('reads the code from an OAuth body whose description carries it', () => {
    const body = JSON.stringify({
      error: 'invalid_token',
      error_description: 'keymanagement.service.invalid_access_token: Invalid Access Token',
    });
    const fault = readGatewayFault({ status: 401, headers: [], bodyText: body, contentType: '' });
    expect(fault?.code).toBe('keymanagement.service.invalid_access_token');
  });

  it('reads nothing from a success or an answer without a fault', () => {
    const headers = SHAPES.wwwAuthenticateEmptyBody.headers;
    expect(readGatewayFault({ status: 200, headers, bodyText: '', contentType: '' })).toBeNull();
    expect(
      readGatewayFault({ status: 500, headers: [], bodyText: '', contentType: '' }),
    ).toBeNull();
    expect(
      readGatewayFault({ status: 404, headers: [], bodyText: '{"a":1}', contentType: JSON_TYPE }),
    ).toBeNull();
  });

  it('classifies a spike arrest by its code at 500 and at 429, never as a server failure', () => {
    const body = JSON.stringify({
      fault: {
        faultstring:
          'Spike arrest violation. Allowed rate : MessageRate{messagesPerPeriod=100, periodInMicroseconds=60000000, maxBurstMessageCount=1.0}',
        detail: { errorcode: 'policies.ratelimit.SpikeArrestViolation' },
      },
    });
    for (const status of [429, 500]) {
      const explained = explainServiceError(status, JSON_TYPE, body);
      expect(explained?.facts?.title).toBe('Spike arrest: rate limit');
      expect(explained?.advice).toContain('not a server failure');
      expect(explained?.evidence).toContainEqual({
        label: 'Allowed rate',
        value: '100 a minute: at most one call every 600 ms',
      });
    }
  });
});
