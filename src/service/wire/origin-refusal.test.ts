import { describe, expect, it } from 'vitest';
import { ANSWERS } from '../../testing/fixtures/wire/origin-refusal-samples';
import { readServerMessage } from '../call/server-message';
import { originOnWire, recogniseOriginRefusal } from './origin-refusal';
import { NOT_SENT } from './wire-headers';

function recognise(status: number, contentType: string, body: string, sent = false) {
  const origin = sent
    ? { sent: true as const, value: 'chrome-extension://x' }
    : { sent: false as const };
  return recogniseOriginRefusal(status, readServerMessage(body, contentType), origin);
}

describe('originOnWire', () => {
  it('reads the Origin header from the wire view, whatever its case, or says it is unknown', () => {
    const headers = [{ name: 'Content-Type', value: 'application/json' }];
    expect(originOnWire({ observed: true, headers, unseen: '' })).toEqual({ sent: false });
    expect(
      originOnWire({
        observed: true,
        headers: [...headers, { name: 'origin', value: 'null' }],
        unseen: '',
      }),
    ).toEqual({ sent: true, value: 'null' });
    expect(originOnWire(NOT_SENT)).toBeNull();
    expect(originOnWire(undefined)).toBeNull();
  });
});

describe('recogniseOriginRefusal', () => {
  it('recognises every sample refusal of a browser, from its answer alone', () => {
    for (const name of [
      'oidcOriginNotAllowed',
      'springInvalidCors',
      'sandboxOriginRefused',
    ] as const) {
      const { status, contentType, body } = ANSWERS[name];
      expect(recognise(status, contentType, body), name).toEqual({ evidence: 'answer' });
    }
    const { status, contentType, body } = ANSWERS.apigeeCorsFault;
    expect(recognise(status, contentType, body)).toEqual({ evidence: 'cors_policy_fault' });
  });

  it('recognises an answer that names a header only browsers send', () => {
    const body =
      '{"error":"invalid_request","error_description":"Sec-Fetch-Site header not allowed"}';
    expect(recognise(400, 'application/json', body)).toEqual({ evidence: 'answer' });
  });

  it('does not mistake the same servers refusing credentials, or a 5xx about an origin server', () => {
    for (const name of ['oidcWrongSecret', 'oidcBasicNotEncoded'] as const) {
      const { status, contentType, body } = ANSWERS[name];
      expect(recognise(status, contentType, body, true), name).toBeNull();
    }
    expect(recognise(502, 'text/plain', 'Origin is unreachable')).toBeNull();
  });

  it('takes a bare 403 for a refusal of browsers only when an Origin went out', () => {
    expect(recognise(403, 'text/html', '<html><title>403 Forbidden</title></html>', true)).toEqual({
      evidence: 'forbidden_with_origin',
    });
    expect(recognise(403, '', '', false)).toBeNull();
    // A readable 403 says why itself: an Apigee policy fault is not second-guessed.
    const fault = '{"fault":{"faultstring":"Quota exceeded","detail":{"errorcode":"q"}}}';
    expect(recognise(403, 'application/json', fault, true)).toBeNull();
  });
});
