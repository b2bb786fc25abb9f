import { describe, expect, it } from 'vitest';
import { ANSWERS } from '../../testing/fixtures/wire/origin-refusal-samples';
import { type CredentialTraits, credentialTraits, WRONG_CREDENTIALS } from './credential-advice';
import { explainTokenFailure, type TokenFailure } from './token-failure';

const JSON_TYPE = 'application/json';
const CLEAN: CredentialTraits = credentialTraits('client-1', 'S3cretValue');

const INVALID_CLIENT = JSON.stringify({
  ErrorCode: 'invalid_client',
  Error: 'ClientId is Invalid',
});

function failure(overrides: Partial<TokenFailure> = {}): TokenFailure {
  return {
    status: 401,
    contentType: JSON_TYPE,
    bodyText: INVALID_CLIENT,
    networkError: null,
    variant: 'basic',
    formEncoded: false,
    traits: CLEAN,
    origin: null,
    ...overrides,
  };
}

function advice(overrides: Partial<TokenFailure> = {}): string {
  return explainTokenFailure(failure(overrides)).advice.join('\n');
}

describe('credentialTraits', () => {
  it('finds line breaks, outer spaces, a colon in the id and characters encoding changes', () => {
    expect(CLEAN).toEqual({
      secretHasLineBreak: false,
      secretHasOuterSpace: false,
      idHasOuterSpace: false,
      idHasColon: false,
      encodingChangesBasic: false,
    });
    expect(credentialTraits('id', 'secret\n').secretHasLineBreak).toBe(true);
    expect(credentialTraits('id', 'sec\r\nret').secretHasLineBreak).toBe(true);
    expect(credentialTraits('id', ' secret').secretHasOuterSpace).toBe(true);
    expect(credentialTraits('id', 'secret\t').secretHasOuterSpace).toBe(true);
    expect(credentialTraits(' id', 'secret').idHasOuterSpace).toBe(true);
    expect(credentialTraits('tenant:id', 'secret').idHasColon).toBe(true);
    for (const secret of ['a%b', 'a+b', 'a:b', 'a&b', 'a b', 'é']) {
      expect(credentialTraits('id', secret).encodingChangesBasic, secret).toBe(true);
    }
    expect(credentialTraits('id', 'Az09-_.*').encodingChangesBasic).toBe(false);
  });

  it('carries only booleans, never the text of the secret', () => {
    const secret = 'p%s+w&rd x\n';
    const traits = credentialTraits('tenant:id ', secret);
    expect(Object.values(traits).every((value) => typeof value === 'boolean')).toBe(true);
    expect(JSON.stringify(traits)).not.toContain('p%s');
  });
});

describe('explainTokenFailure', () => {
  it('summarises a refused client with the status and the server’s code', () => {
    const explanation = explainTokenFailure(failure());
    expect(explanation.summary).toBe(
      'The token endpoint answered 401: invalid_client (ClientId is Invalid).',
    );
    expect(explanation.server.kind).toBe('apigee_error');
    expect(explanation.cause).toBe('credentials');
  });

  it('leads a 401 invalid_client with wrong credentials, and ends with the other variant', () => {
    for (const bodyText of [INVALID_CLIENT, ANSWERS.oidcWrongSecret.body]) {
      const explained = explainTokenFailure(failure({ bodyText }));
      expect(explained.advice[0]).toBe(WRONG_CREDENTIALS);
      expect(explained.advice.at(-1)).toMatch(/^Some servers accept only credentials in the form/);
    }
    // Even when the secret holds characters that encoding changes: without a word from the server
    // about encoding, a wrong secret is the likelier cause.
    const traits = credentialTraits('id', 'p%s+w&rd');
    expect(explainTokenFailure(failure({ traits })).advice[0]).toBe(WRONG_CREDENTIALS);
  });

  it('puts what the pasted secret shows before anything else', () => {
    const explained = explainTokenFailure(failure({ traits: credentialTraits('id', 'sec\nret') }));
    expect(explained.advice[0]).toContain('line break');
    expect(explained.advice[1]).toMatch(/^If the server still refuses once the stray characters/);
    expect(explained.cause).toBe('pasted');
  });

  it('gives no RFC 6749 encoding advice for a stray space or line break, which encoding cannot fix', () => {
    for (const [clientId, secret] of [
      ['client-1', 'S3cretValue '],
      ['client-1', ' S3cretValue'],
      ['client-1', 'S3cretValue\r\n'],
      [' client-1', 'S3cretValue'],
    ] as const) {
      const traits = credentialTraits(clientId, secret);
      expect(traits.encodingChangesBasic, JSON.stringify(secret)).toBe(false);
      for (const formEncoded of [false, true]) {
        const explained = explainTokenFailure(failure({ traits, formEncoded }));
        expect(explained.cause).toBe('pasted');
        expect(explained.advice.join('\n')).not.toMatch(/RFC 6749/);
        expect(explained.advice.join('\n')).not.toContain(WRONG_CREDENTIALS);
      }
    }
    // A space inside the secret is a character encoding changes, and the advice stays.
    const inner = credentialTraits('client-1', 'S3cret Value ');
    expect(advice({ traits: inner })).toMatch(/turn on “Form-encode credentials \(RFC 6749\)”/);
  });

  it('leads with RFC 6749 encoding when the server says the Basic header is not properly encoded', () => {
    const { status, body } = ANSWERS.oidcBasicNotEncoded;
    const explained = explainTokenFailure(
      failure({ status, bodyText: body, traits: credentialTraits('id', 's3cr%t+val:ue&more') }),
    );
    expect(explained.cause).toBe('encoding');
    expect(explained.advice[0]).toMatch(/turn on “Form-encode credentials \(RFC 6749\)”/);
    // Not a 401: a wrong secret is the least likely reading of this answer.
    expect(explained.advice.at(-1)).toBe(WRONG_CREDENTIALS);
  });

  it('summarises OAuth errors and Apigee faults in their own words', () => {
    const oauth = explainTokenFailure(
      failure({ bodyText: '{"error":"invalid_client","error_description":"Bad secret"}' }),
    );
    expect(oauth.summary).toBe('The token endpoint answered 401: invalid_client (Bad secret).');
    const fault = explainTokenFailure(
      failure({
        status: 403,
        bodyText: '{"fault":{"faultstring":"Forbidden","detail":{"errorcode":"x.Forbidden"}}}',
      }),
    );
    expect(fault.summary).toBe('The token endpoint answered 403: Forbidden [x.Forbidden].');
  });

  it('with variant A suggests the form body or Compare variants; with variant B the Basic header', () => {
    const basic = advice({ variant: 'basic' });
    expect(basic).toContain('OAuth (form body)');
    expect(basic).toContain('Compare variants');
    expect(basic).not.toContain('OAuth (Basic header)');

    const body = advice({ variant: 'body' });
    expect(body).toContain('OAuth (Basic header)');
    expect(body).not.toContain('try the auth method OAuth (form body)');
  });

  it('points at a line break or outer space pasted with the secret or the id', () => {
    expect(advice({ traits: credentialTraits('id', 'secret\n') })).toContain('line break');
    expect(advice({ traits: credentialTraits('id', 'secret ') })).toMatch(/secret starts or ends/);
    expect(advice({ traits: credentialTraits(' id', 'secret') })).toMatch(/ID starts or ends/);
    expect(advice()).not.toMatch(/line break|starts or ends/);
  });

  it('explains a colon in the client ID for variant A only', () => {
    const traits = credentialTraits('tenant:id', 'secret');
    expect(advice({ traits, variant: 'basic' })).toContain('contains a colon');
    expect(advice({ traits, variant: 'body' })).not.toContain('contains a colon');
  });

  it('suggests turning RFC 6749 encoding on when it is off and would change the header', () => {
    const traits = credentialTraits('id', 'p%s+w&rd');
    const text = advice({ traits, formEncoded: false });
    expect(text).toMatch(/turn on “Form-encode credentials \(RFC 6749\)”/);
    expect(text).not.toMatch(/” off/);
  });

  it('suggests turning RFC 6749 encoding off when it is on and changed the header', () => {
    const traits = credentialTraits('id', 'p%s+w&rd');
    const text = advice({ traits, formEncoded: true });
    expect(text).toMatch(/turn “Form-encode credentials \(RFC 6749\)” off/);
    expect(text).not.toMatch(/turn on “Form-encode/);
  });

  it('gives no encoding advice when encoding changes nothing or for variant B', () => {
    expect(advice({ formEncoded: true })).not.toContain('RFC 6749');
    const traits = credentialTraits('id', 'p%s+w&rd');
    expect(advice({ traits, variant: 'body' })).not.toContain('RFC 6749');
  });

  // Regression guard: with form-encoding already on, a colon in the client ID is sent as %3A, yet the advice
  // still says the server splits at that colon and tells the user to "turn on" the checkbox,
  // while the next line tells them to turn the same checkbox off. Input: variant 'basic',
  // formEncoded true, client ID 'tenant:id', 401 invalid_client. Actual advice contains both
  // "…or turn on “Form-encode credentials (RFC 6749)”." and "…turn “Form-encode credentials
  // (RFC 6749)” off."
  it('does not tell the user to turn on encoding that is already on (colon in the ID)', () => {
    const text = advice({ traits: credentialTraits('tenant:id', 'secret'), formEncoded: true });
    expect(text).not.toMatch(/turn on “Form-encode/);
  });

  it('sends an HTML answer to the Auth URL', () => {
    const explanation = explainTokenFailure(
      failure({
        status: 502,
        contentType: 'text/html',
        bodyText: '<html><head><title>502 Bad Gateway</title></head></html>',
      }),
    );
    expect(explanation.server).toEqual({ kind: 'html', title: '502 Bad Gateway' });
    expect(explanation.summary).toBe(
      'The token endpoint answered 502 with an HTML page titled “502 Bad Gateway”.',
    );
    expect(explanation.advice[0]).toContain('check the Auth URL');
    expect(explanation.advice.join('\n')).toContain('try again later');
    expect(explanation.advice.join('\n')).not.toContain('Compare variants');
  });

  it('tells the user to try again later on a 5xx, without blaming the credentials', () => {
    const explanation = explainTokenFailure(
      failure({
        status: 503,
        bodyText: JSON.stringify({
          fault: {
            faultstring: 'The Service is temporarily unavailable',
            detail: { errorcode: 'messaging.adaptors.http.flow.ServiceUnavailable' },
          },
        }),
      }),
    );
    expect(explanation.advice).toEqual([
      'The server failed: try again later, and tell the provider if it persists.',
    ]);
  });

  it('reads InvalidClientIdentifier at HTTP 500 as refused credentials, not a server failure', () => {
    const explanation = explainTokenFailure(
      failure({
        status: 500,
        bodyText: JSON.stringify({
          fault: {
            faultstring: 'Invalid client identifier {0}',
            detail: { errorcode: 'oauth.v2.InvalidClientIdentifier' },
          },
        }),
      }),
    );
    expect(explanation.cause).toBe('credentials');
    expect(explanation.advice).toContain(WRONG_CREDENTIALS);
    expect(explanation.advice.at(-1)).toMatch(/refuses credentials, not a server failure/);
    expect(explanation.advice.join('\n')).not.toContain('The server failed');
  });

  it('sends a 404 or 405 to the Auth URL', () => {
    for (const status of [404, 405]) {
      expect(advice({ status, bodyText: '' })).toContain('check the Auth URL');
    }
  });

  it('explains unsupported_grant_type', () => {
    const text = advice({ status: 400, bodyText: '{"error":"unsupported_grant_type"}' });
    expect(text).toContain('client_credentials');
  });

  it('treats a 400 that names the client as a credential problem', () => {
    const text = advice({ status: 400 });
    expect(text).toContain('Compare variants');
  });

  it('falls back to reading the raw response when nothing else fits', () => {
    expect(explainTokenFailure(failure({ status: 400, bodyText: '' }))).toEqual({
      summary: 'The token endpoint answered 400.',
      server: { kind: 'none' },
      cause: 'unknown',
      advice: ['Read the raw response below; the status and body say what the server refused.'],
    });
  });

  it('gives the network error’s message and hint when nothing answered', () => {
    const explanation = explainTokenFailure(
      failure({
        status: null,
        bodyText: '',
        networkError: {
          code: 'server_unreachable',
          message: 'Nothing answered at 127.0.0.1:9.',
          hint: 'Start the sandbox.',
        },
      }),
    );
    expect(explanation).toEqual({
      summary: 'Nothing answered at 127.0.0.1:9.',
      server: { kind: 'none' },
      cause: 'network',
      advice: ['Start the sandbox.'],
    });
  });

  it('explains oidc-provider’s refusal of a browser origin, never with Basic-vs-body advice', () => {
    const { status, body } = ANSWERS.oidcOriginNotAllowed;
    for (const variant of ['basic', 'body'] as const) {
      const explained = explainTokenFailure(failure({ status, bodyText: body, variant }));
      expect(explained.cause).toBe('origin');
      expect(explained.summary).toBe(
        'The token endpoint answered 400: invalid_request (origin chrome-extension://abcdefghijklmnopabcdefghijklmnop not allowed for client: strict-post-client).',
      );
      const text = explained.advice.join('\n');
      expect(text).toContain('refuses requests from a browser origin');
      expect(text).toContain('will not help');
      expect(text).not.toMatch(/try the auth method|Compare variants|wrong or revoked/);
    }
  });

  it('tailors the origin advice to what the wire view says went out', () => {
    const { status, body } = ANSWERS.oidcOriginNotAllowed;
    const sent = explainTokenFailure(
      failure({ status, bodyText: body, origin: { sent: true, value: 'chrome-extension://abc' } }),
    );
    expect(sent.advice[0]).toContain('went out with Origin: chrome-extension://abc');
    expect(sent.advice[0]).toContain('Reload the extension on chrome://extensions');
    const fromFirefox = explainTokenFailure(
      failure({
        status,
        bodyText: body,
        origin: { sent: true, value: 'moz-extension://0b6c7d2e' },
      }),
    );
    expect(fromFirefox.advice[0]).toContain('went out with Origin: moz-extension://0b6c7d2e');
    expect(fromFirefox.advice[0]).toContain(
      'Reload the extension on about:debugging (This Firefox',
    );
    expect(fromFirefox.advice.join('\n')).not.toContain('chrome://');
    const removed = explainTokenFailure(
      failure({ status, bodyText: body, origin: { sent: false } }),
    );
    expect(removed.advice[0]).toContain('No Origin header went out');
    expect(removed.advice[0]).toContain('Copy as cURL');
  });

  it('explains Apigee CORS faults and a Spring 403 “Invalid CORS request” as origin refusals', () => {
    for (const answer of [ANSWERS.apigeeCorsFault, ANSWERS.springInvalidCors]) {
      const explained = explainTokenFailure(
        failure({ status: answer.status, contentType: answer.contentType, bodyText: answer.body }),
      );
      expect(explained.cause, answer.body).toBe('origin');
      expect(explained.advice.join('\n')).not.toContain('Compare variants');
    }
  });

  it('reads a bare 403 as an origin refusal only when an Origin went out', () => {
    const bare = { status: 403, contentType: 'text/plain', bodyText: '' };
    const withOrigin = explainTokenFailure(
      failure({ ...bare, origin: { sent: true, value: 'chrome-extension://abc' } }),
    );
    expect(withOrigin.cause).toBe('origin');
    expect(explainTokenFailure(failure({ ...bare, origin: { sent: false } })).cause).toBe(
      'unknown',
    );
  });

  it('never puts the secret into an explanation, whatever the situation', () => {
    const secrets = ['p%s+w&rd x', ' padded-secret ', 'line\nbreak-secret', 'sécrét-✓:x'];
    const bodies = [INVALID_CLIENT, '<html><title>t</title></html>', 'plain', ''];
    for (const secret of secrets) {
      for (const clientId of ['client-1', 'tenant:id', ' spaced ']) {
        for (const bodyText of bodies) {
          for (const variant of ['basic', 'body'] as const) {
            for (const formEncoded of [false, true]) {
              for (const status of [400, 401, 403, 500]) {
                const traits = credentialTraits(clientId, secret);
                const text = JSON.stringify(
                  explainTokenFailure(failure({ traits, bodyText, variant, formEncoded, status })),
                );
                expect(text).not.toContain(JSON.stringify(secret).slice(1, -1));
                expect(text).not.toContain(secret.trim());
              }
            }
          }
        }
      }
    }
  });
});
