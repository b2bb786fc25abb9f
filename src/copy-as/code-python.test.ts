/**
 * The text of Copy as Python: requests, secrets from os.environ, the grant as the profile runs it,
 * only the imports it uses. python3 runs it against the sandbox in code-run.test.ts; here every
 * output for a spread of awkward calls must also compile (`python3 -m py_compile`).
 */
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
import { renderPython } from './code-python';

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
const POST: V1Call = { method: 'POST', path: 'orders', query: [], headers: [], body: '{"a": "é"}' };
const VARIABLES = { mode: 'variables' } as const;

function pythonCode(profile: StoredProfile, call: V1Call = POST): string {
  return renderPython(accepted(planCall(profile, call, VARIABLES)));
}

function importsOf(code: string): string[] {
  return code.split('\n').filter((line) => /^(import|from) /.test(line));
}

describe('Copy as Python', () => {
  it('reads the API key from os.environ and sends the body as UTF-8 bytes', () => {
    expect(pythonCode(EXAMPLE)).toBe(
      [
        '# Python 3 with requests (pip install requests).',
        '# Reads API_KEY from the environment: no secret is part of this code.',
        '# Set it first, e.g.  export API_KEY=...',
        'import os',
        '',
        'import requests',
        '',
        'response = requests.request(',
        '    "POST",',
        '    "https://api.example.com/sandbox/v1/orders",',
        '    headers={',
        '        "Content-Type": "application/json",',
        '        "companyId": "3f2504e0-4f89-11d3-9a0c-0305e82c3301",',
        '        "x-apikey": os.environ["API_KEY"],',
        '    },',
        '    data="{\\"a\\": \\"é\\"}".encode("utf-8"),',
        '    allow_redirects=False,  # Not followed, as in the panel: a redirect could carry a credential elsewhere.',
        '    timeout=30,',
        ')',
        'print(response.text)',
        'if not response.ok:',
        '    raise SystemExit(f"HTTP {response.status_code}")',
      ].join('\n'),
    );
  });

  it('builds the Basic header itself (requests’ auth= takes Latin-1), form-encoding when asked', () => {
    const basic = pythonCode({ ...EXAMPLE, authMethod: 'oauthBasic' });
    expect(importsOf(basic)).toEqual(['import base64', 'import os', 'import requests']);
    expect(basic).toContain(
      'credentials = os.environ["CLIENT_ID"] + ":" + os.environ["CLIENT_SECRET"]',
    );
    expect(basic).toContain(
      'basic = base64.b64encode(credentials.encode("utf-8")).decode("ascii")',
    );
    expect(basic).not.toContain('auth=');
    const encoded = pythonCode({
      ...EXAMPLE,
      authMethod: 'oauthBasic',
      formEncodeCredentials: true,
    });
    expect(importsOf(encoded)).toEqual([
      'import base64',
      'import os',
      'from urllib.parse import quote_plus',
      'import requests',
    ]);
    expect(encoded).toContain('    return quote_plus(text, safe="*").replace("~", "%7E")');
    expect(encoded).toContain(
      'credentials = form_encode(os.environ["CLIENT_ID"]) + ":" + form_encode(os.environ["CLIENT_SECRET"])',
    );
  });

  it('sends variant B as a form in the panel’s order, and imports only requests in values mode', () => {
    const body = pythonCode({ ...EXAMPLE, authMethod: 'oauthBody' });
    expect(importsOf(body)).toEqual(['import os', 'import requests']);
    expect(body).toContain(
      [
        '    data={',
        '        "grant_type": "client_credentials",',
        '        "client_id": os.environ["CLIENT_ID"],',
        '        "client_secret": os.environ["CLIENT_SECRET"],',
        '    },',
      ].join('\n'),
    );
    const values = renderPython(
      accepted(
        planCall({ ...EXAMPLE, authMethod: 'oauthBody' }, POST, {
          mode: 'values',
          accessToken: 't',
        }),
      ),
    );
    expect(importsOf(values)).toEqual(['import requests']);
    expect(values).toContain('"Authorization": "Bearer t",');
  });

  it('compiles for awkward calls, headers and bodies', async () => {
    await requireRuntime('python3', ['--version'], 'These tests need python3.');
    const profiles = [
      EXAMPLE,
      { ...EXAMPLE, authMethod: 'oauthBasic' as const, formEncodeCredentials: true },
    ];
    const codes = awkwardCalls(11, 30).flatMap((call, n) => {
      const plan = planCall(profiles[n % 2] ?? EXAMPLE, call, VARIABLES);
      return plan.ok ? [renderPython(plan.value)] : [];
    });
    expect(codes.length).toBeGreaterThan(25);
    // Each script as the body of its own function, so that one file holds them all.
    const program = codes
      .map((code, n) => `def script_${n}():\n${code.replace(/^(?=.)/gm, '    ')}\n`)
      .join('\n');
    const run = await withScriptFile('all.py', program, (path) =>
      runProgram('python3', ['-m', 'py_compile', path]),
    );
    expect(run).toMatchObject({ code: 0, stderr: '' });
  });
});
