/**
 * The text of Copy as HTTPie: single-quoted words, secrets expanded by the shell, the grant into
 * ACCESS_TOKEN, and request items that HTTPie reads as the headers meant. sh and http run it
 * against the sandbox in code-run.test.ts; here every output for a spread of awkward calls must
 * also parse as POSIX shell (`sh -n`).
 */
import { describe, expect, it } from 'vitest';
import type { V1Call } from '../service/call/v1-request';
import type { StoredProfile } from '../service/storage/stored-shapes';
import {
  awkwardCalls,
  requireRuntime,
  runProgram,
} from '../testing/fixtures/copy-as/code-run-fixture';
import { accepted, refusal } from '../testing/results';
import { planCall } from './call-plan';
import { renderHttpie } from './code-httpie';

const EXAMPLE: StoredProfile = {
  id: 'p1',
  name: 'Example',
  authUrl: 'https://auth.example.com',
  baseUrl: 'https://api.example.com/sandbox',
  companyId: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  authMethod: 'apiKey',
  clientId: 'demo-client',
  formEncodeCredentials: false,
  variables: [],
};
const GET: V1Call = { method: 'GET', path: 'products', query: [], headers: [], body: '' };
const VARIABLES = { mode: 'variables' } as const;

function httpieCode(profile: StoredProfile, call: V1Call = GET) {
  return renderHttpie(accepted(planCall(profile, call, VARIABLES)));
}

describe('Copy as HTTPie', () => {
  it('reads the API key from the shell and sends the body raw', () => {
    const call = { ...GET, method: 'POST' as const, body: `{"note":"it's"}` };
    expect(accepted(httpieCode(EXAMPLE, call))).toBe(
      [
        '# Reads the API key from the shell variable API_KEY: no secret is part of this command.',
        '# Set it first:  export API_KEY=...',
        "http --ignore-stdin --check-status POST 'https://api.example.com/sandbox/v1/products' \\",
        "  'Content-Type:application/json' \\",
        "  'companyId:3f2504e0-4f89-11d3-9a0c-0305e82c3301' \\",
        '  "x-apikey:$API_KEY" \\',
        `  --raw '{"note":"it'\\''s"}'`,
      ].join('\n'),
    );
  });

  it('gets the token into ACCESS_TOKEN first: variant A with Base64 of the bytes', () => {
    const basic = accepted(httpieCode({ ...EXAMPLE, authMethod: 'oauthBasic' }));
    expect(basic).toContain(
      [
        '# Get an access token (variant A, Basic header), as the profile does. The token goes into ACCESS_TOKEN:',
        "ACCESS_TOKEN=$(http --ignore-stdin --check-status --body --form POST 'https://auth.example.com/o/oauth/accesstoken' \\",
        "  'Content-Type:application/x-www-form-urlencoded' \\",
        `  "Authorization:Basic $(printf '%s:%s' "$CLIENT_ID" "$CLIENT_SECRET" | base64 | tr -d '\\n')" \\`,
        `  grant_type=client_credentials | sed -n 's/.*"access_token" *: *"\\([^"]*\\)".*/\\1/p')`,
      ].join('\n'),
    );
    expect(basic).toContain('  "Authorization:Bearer $ACCESS_TOKEN"');
    expect(basic).not.toContain('form-encoded values');
    const encoded = accepted(
      httpieCode({ ...EXAMPLE, authMethod: 'oauthBasic', formEncodeCredentials: true }),
    );
    expect(encoded).toContain('CLIENT_ID and CLIENT_SECRET must hold the form-encoded values');
  });

  it('sends variant B as form fields', () => {
    const body = accepted(httpieCode({ ...EXAMPLE, authMethod: 'oauthBody' }));
    expect(body).toContain(
      '  grant_type=client_credentials "client_id=$CLIENT_ID" "client_secret=$CLIENT_SECRET" | sed',
    );
    expect(body).not.toContain('Basic');
  });

  it('writes header items that HTTPie does not read as other syntax', () => {
    const call = {
      ...GET,
      method: 'PUT' as const,
      headers: [
        { name: 'X-Eq', value: '=1' },
        { name: 'X-Empty', value: '  ' },
        { name: '-Dash', value: 'a' },
      ],
      body: 'b',
    };
    const text = accepted(httpieCode(EXAMPLE, call));
    expect(text).toContain(
      ["  'X-Eq:\\=1' \\", "  'X-Empty;' \\", "  --raw 'b' \\", '  -- \\', "  '-Dash:a'"].join(
        '\n',
      ),
    );
  });

  it('refuses what HTTPie cannot send: a backslash before : ; = @, a NUL in the body', () => {
    const backslash = { ...GET, headers: [{ name: 'X-Path', value: 'C:\\=x' }] };
    const error = refusal(httpieCode(EXAMPLE, backslash), 'invalid_request');
    expect(error.message).toContain('header X-Path');
    expect(error.hint).toContain('cURL');
    refusal(httpieCode(EXAMPLE, { ...GET, method: 'POST', body: 'a\u0000b' }), 'invalid_request');
  });

  it('parses as POSIX shell for awkward calls, headers and bodies', async () => {
    await requireRuntime('sh', ['-c', 'true'], 'These tests need a POSIX sh.');
    const profiles = [EXAMPLE, { ...EXAMPLE, authMethod: 'oauthBasic' as const }];
    const codes = awkwardCalls(13, 30).flatMap((call, n) => {
      const plan = planCall(profiles[n % 2] ?? EXAMPLE, call, VARIABLES);
      const code = plan.ok ? renderHttpie(plan.value) : null;
      return code?.ok ? [code.value] : [];
    });
    expect(codes.length).toBeGreaterThan(25);
    const run = await runProgram('sh', ['-n', '-c', codes.join('\n')]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
  });
});
