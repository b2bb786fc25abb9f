/**
 * The text of Copy as fetch: one snippet for a browser console and Node 18+, secrets read at run
 * time, the grant as the profile runs it. node runs it against the sandbox in code-run.test.ts;
 * here every output for a spread of awkward calls must also parse as a module (`node --check`).
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the generated JavaScript has template literals
import { describe, expect, it } from 'vitest';
import type { V1Call } from '../service/call/v1-request';
import type { StoredProfile } from '../service/storage/stored-shapes';
import {
  awkwardCalls,
  requireRuntime,
  runProgram,
  withScriptFile,
} from '../testing/fixtures/copy-as/code-run-fixture';
import { accepted } from '../testing/results';
import { planCall } from './call-plan';
import { renderFetch } from './code-fetch';

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

function fetchCode(profile: StoredProfile, call: V1Call = GET): string {
  return renderFetch(accepted(planCall(profile, call, VARIABLES)));
}

describe('Copy as fetch', () => {
  it('reads the API key in Node or asks in a browser, and fails on an HTTP error', () => {
    expect(fetchCode(EXAMPLE, { ...GET, query: [{ name: 'limit', value: '2' }] })).toBe(
      [
        '// Runs in a browser console, and in Node 18+ saved as call.mjs (for top-level await).',
        '// Reads API_KEY from the environment (Node) or asks (browser): no secret is part of this code.',
        '// Node:  API_KEY=... node call.mjs',
        'function readVariable(name) {',
        '  const value = globalThis.process?.env ? process.env[name] : globalThis.prompt(name);',
        '  if (!value) throw new Error(`Set the environment variable ${name} first.`);',
        '  return value;',
        '}',
        '',
        'const response = await fetch("https://api.example.com/sandbox/v1/products?limit=2", {',
        '  method: "GET",',
        '  headers: {',
        '    "Content-Type": "application/json",',
        '    "companyId": "3f2504e0-4f89-11d3-9a0c-0305e82c3301",',
        '    "x-apikey": readVariable("API_KEY"),',
        '  },',
        '  redirect: "manual", // Not followed, as in the panel: a redirect could carry a credential elsewhere.',
        '});',
        'const text = await response.text();',
        'if (!response.ok) throw new Error(`HTTP ${response.status}: ${text}`);',
        'console.log(text);',
      ].join('\n'),
    );
  });

  it('runs the grant of variant A with Base64 over UTF-8, form-encoding only when the profile does', () => {
    const basic = fetchCode({ ...EXAMPLE, authMethod: 'oauthBasic' });
    expect(basic).toContain(
      '// Get an access token (variant A, Basic header), as the profile does.',
    );
    expect(basic).toContain(
      'const credentials = `${readVariable("CLIENT_ID")}:${readVariable("CLIENT_SECRET")}`;',
    );
    expect(basic).toContain('"Authorization": `Basic ${base64Utf8(credentials)}`,');
    expect(basic).toContain('"Authorization": `Bearer ${accessToken}`,');
    expect(basic).not.toContain('formEncode');
    const encoded = fetchCode({
      ...EXAMPLE,
      authMethod: 'oauthBasic',
      formEncodeCredentials: true,
    });
    expect(encoded).toContain(
      'const credentials = `${formEncode(readVariable("CLIENT_ID"))}:${formEncode(readVariable("CLIENT_SECRET"))}`;',
    );
  });

  it('runs the grant of variant B as a form body in the panel’s order', () => {
    const body = fetchCode({ ...EXAMPLE, authMethod: 'oauthBody', formEncodeCredentials: true });
    expect(body).toContain(
      [
        '  body: new URLSearchParams([',
        '    ["grant_type", "client_credentials"],',
        '    ["client_id", readVariable("CLIENT_ID")],',
        '    ["client_secret", readVariable("CLIENT_SECRET")],',
        '  ]).toString(),',
      ].join('\n'),
    );
    expect(body).not.toContain('Basic');
    expect(body).not.toContain('formEncode');
  });

  it('parses as a module for awkward calls, headers and bodies', async () => {
    await requireRuntime('node', ['--version'], 'These tests need node 18 or later.');
    const profiles = [EXAMPLE, { ...EXAMPLE, authMethod: 'oauthBasic' as const }];
    const codes = awkwardCalls(7, 30).flatMap((call, n) => {
      const plan = planCall(profiles[n % 2] ?? EXAMPLE, call, VARIABLES);
      return plan.ok ? [renderFetch(plan.value)] : [];
    });
    expect(codes.length).toBeGreaterThan(25);
    // One module of many blocks: each snippet in its own block, so their consts do not clash.
    const program = codes.map((code) => `{\n${code}\n}`).join('\n');
    const run = await withScriptFile('all.mjs', program, (path) =>
      runProgram('node', ['--check', path]),
    );
    expect(run).toMatchObject({ code: 0, stderr: '' });
  });
});
