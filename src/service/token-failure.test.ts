import { describe, expect, it } from 'vitest';
import {
  type CredentialTraits,
  credentialTraits,
  explainTokenFailure,
  readServerMessage,
  type TokenFailure,
} from './token-failure';

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
    ...overrides,
  };
}

function advice(overrides: Partial<TokenFailure> = {}): string {
  return explainTokenFailure(failure(overrides)).advice.join('\n');
}

describe('readServerMessage', () => {
  it('reads an OAuth error body {error, error_description}', () => {
    const body = JSON.stringify({ error: 'invalid_client', error_description: 'Bad secret' });
    expect(readServerMessage(body, JSON_TYPE)).toEqual({
      kind: 'oauth',
      code: 'invalid_client',
      message: 'Bad secret',
    });
    expect(readServerMessage('{"error":"invalid_grant"}', JSON_TYPE)).toEqual({
      kind: 'oauth',
      code: 'invalid_grant',
      message: null,
    });
  });

  it('reads an Apigee policy fault {fault: {faultstring, detail: {errorcode}}}', () => {
    const body = JSON.stringify({
      fault: { faultstring: 'Invalid ApiKey', detail: { errorcode: 'oauth.v2.InvalidApiKey' } },
    });
    expect(readServerMessage(body, JSON_TYPE)).toEqual({
      kind: 'apigee_fault',
      code: 'oauth.v2.InvalidApiKey',
      message: 'Invalid ApiKey',
    });
    expect(readServerMessage('{"fault":{"faultstring":"Oops"}}', JSON_TYPE)).toEqual({
      kind: 'apigee_fault',
      code: null,
      message: 'Oops',
    });
    expect(readServerMessage('{"fault":{}}', JSON_TYPE)).toMatchObject({
      kind: 'apigee_fault',
      message: 'fault without faultstring',
    });
  });

  it('reads an Apigee token endpoint error {ErrorCode, Error}', () => {
    expect(readServerMessage(INVALID_CLIENT, JSON_TYPE)).toEqual({
      kind: 'apigee_error',
      code: 'invalid_client',
      message: 'ClientId is Invalid',
    });
  });

  it('recognises an HTML page by content type or by its start, with its title', () => {
    const page = '<html><head><title> 502 Bad Gateway </title></head><body>nginx</body></html>';
    expect(readServerMessage(page, 'text/html; charset=utf-8')).toEqual({
      kind: 'html',
      title: '502 Bad Gateway',
    });
    expect(readServerMessage(`  <!DOCTYPE html>${page}`, '')).toEqual({
      kind: 'html',
      title: '502 Bad Gateway',
    });
    expect(readServerMessage('<html><body>no title</body></html>', '')).toEqual({
      kind: 'html',
      title: null,
    });
  });

  it('shows other text as an excerpt of at most 300 characters', () => {
    expect(readServerMessage('Service Unavailable', 'text/plain')).toEqual({
      kind: 'text',
      excerpt: 'Service Unavailable',
    });
    const long = readServerMessage('x'.repeat(5000), 'text/plain');
    expect(long.kind === 'text' && long.excerpt.length).toBe(300);
    // JSON, but in none of the known shapes.
    expect(readServerMessage('{"message":"nope"}', JSON_TYPE)).toEqual({
      kind: 'text',
      excerpt: '{"message":"nope"}',
    });
    expect(readServerMessage('[1,2]', JSON_TYPE).kind).toBe('text');
    expect(readServerMessage('{"error":{"code":5}}', JSON_TYPE).kind).toBe('text');
  });

  it('says there was nothing for an empty or blank body', () => {
    expect(readServerMessage('', JSON_TYPE)).toEqual({ kind: 'none' });
    expect(readServerMessage(' \r\n\t', 'text/plain')).toEqual({ kind: 'none' });
  });

  it('does not read error fields inherited through a __proto__ key', () => {
    const body = '{"__proto__":{"error":"invalid_client"}}';
    expect(readServerMessage(body, JSON_TYPE).kind).toBe('text');
    expect(({} as Record<string, unknown>).error).toBeUndefined();
  });
});

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
    expect(explanation.advice.at(-1)).toContain('professional services');
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
      advice: ['Start the sandbox.'],
    });
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
