/**
 * The text of Copy as PowerShell. No `pwsh` is installed here (Debian does not package it), so
 * these tests check the script with a reader of PowerShell's quoting rules
 * (src/testing/powershell-reader.ts): for a spread of awkward calls every string, here-string and
 * bracket closes, every literal reads back as the URL, header or body it stands for, only known
 * variables are read and each is set first, and Invoke-RestMethod gets only parameters it has.
 */
import { describe, expect, it } from 'vitest';
import type { V1Call } from '../service/call/v1-request';
import type { StoredProfile } from '../service/storage/stored-shapes';
import { awkwardCalls } from '../testing/fixtures/copy-as/code-run-fixture';
import { type PowerShellScan, scanPowerShell } from '../testing/powershell-reader';
import { accepted } from '../testing/results';
import { type CallPlan, headersAsSent, isSecretHeader, planCall } from './call-plan';
import { renderPowerShell } from './code-powershell';

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
const POST: V1Call = {
  method: 'POST',
  path: 'orders',
  query: [],
  headers: [{ name: 'X-Note', value: "it's" }],
  body: '{\n  "a": 1\n}',
};
const VARIABLES = { mode: 'variables' } as const;

function plan(profile: StoredProfile, call: V1Call = POST): CallPlan {
  return accepted(planCall(profile, call, VARIABLES));
}

/** Invoke-RestMethod's parameters that the scripts use, and its -Method values (WebRequestMethod). */
const PARAMETERS = ['Method', 'Uri', 'ContentType', 'Headers', 'Body', 'MaximumRedirection'];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'TRACE', 'OPTIONS', 'MERGE', 'PATCH'];
/** What a script may read: the environment, its own variables, the form-encoder's parameter. */
const KNOWN = ['env:API_KEY', 'env:CLIENT_ID', 'env:CLIENT_SECRET', 'Text'];

/** The keys and raw values of each `$name = @{ … }` splatting table, by name. */
function splatTables(script: string): Map<string, Map<string, string>> {
  const tables = new Map<string, Map<string, string>>();
  // A here-string's lines are text, not code: they could hold a line that is only "}".
  const code = script.replace(/@'\n[\s\S]*?\n'@/g, "@''@");
  for (const [, name, body] of code.matchAll(/^\$(\w+) = @\{\n([\s\S]*?)\n\}$/gm)) {
    const entries = [...(body ?? '').matchAll(/^ {2}(\w+) = (.*)$/gm)];
    tables.set(name ?? '', new Map(entries.map(([, key, value]) => [key ?? '', value ?? ''])));
  }
  return tables;
}

function checkScript(script: string, source: CallPlan): PowerShellScan {
  const scan = scanPowerShell(script);
  expect(scan.errors, script).toEqual([]);
  const assigned = [...script.matchAll(/^\$(\w+) = /gm)].map((match) => match[1]);
  for (const name of scan.variables) expect([...KNOWN, ...assigned], name).toContain(name);
  const tables = splatTables(script);
  expect(script).toMatch(/^Invoke-RestMethod @request$/m);
  for (const table of tables.values()) {
    for (const key of table.keys()) expect(PARAMETERS).toContain(key);
    expect(METHODS).toContain(/^'(\w+)'$/.exec(table.get('Method') ?? '')?.[1]);
    expect(table.get('MaximumRedirection')).toMatch(/^0\b/);
  }
  const literals = scan.literals.map((literal) => literal.value);
  expect(literals).toContain(source.url);
  if (source.body !== null) expect(literals).toContain(source.body);
  for (const header of headersAsSent(source.headers)) {
    // Content-Type goes as -ContentType, the others by name in -Headers.
    if (header.name !== 'Content-Type') expect(literals).toContain(header.name);
    if (!isSecretHeader(header)) expect(literals, header.name).toContain(header.value);
  }
  return scan;
}

describe('Copy as PowerShell', () => {
  it('splats the call into Invoke-RestMethod, the body as UTF-8 bytes of a here-string', () => {
    const source = plan(EXAMPLE);
    const script = renderPowerShell(source);
    expect(script).toBe(
      [
        '# PowerShell 7 or later.',
        '# Reads $env:API_KEY: no secret is part of this code.',
        "# Set it first:  $env:API_KEY = '...'",
        "if (-not $env:API_KEY) { throw 'Set $env:API_KEY first.' }",
        '',
        '$request = @{',
        "  Method = 'POST'",
        "  Uri = 'https://api.example.com/sandbox/v1/orders'",
        "  ContentType = 'application/json'",
        '  Headers = [ordered]@{',
        "    'companyId' = '3f2504e0-4f89-11d3-9a0c-0305e82c3301'",
        "    'x-apikey' = $env:API_KEY",
        "    'X-Note' = 'it''s'",
        '  }',
        "  Body = [Text.Encoding]::UTF8.GetBytes(@'",
        '{',
        '  "a": 1',
        '}',
        "'@)",
        '  MaximumRedirection = 0  # Not followed, as in the panel: a redirect could carry a credential elsewhere.',
        '}',
        'Invoke-RestMethod @request',
      ].join('\n'),
    );
    checkScript(script, source);
  });

  it('runs the grant of variant A with Base64 over UTF-8, form-encoding when the profile does', () => {
    const source = plan({ ...EXAMPLE, authMethod: 'oauthBasic', formEncodeCredentials: true });
    const script = renderPowerShell(source);
    checkScript(script, source);
    expect(script).toContain(
      [
        "if (-not $env:CLIENT_ID) { throw 'Set $env:CLIENT_ID first.' }",
        "if (-not $env:CLIENT_SECRET) { throw 'Set $env:CLIENT_SECRET first.' }",
      ].join('\n'),
    );
    expect(script).toContain(
      "  [uri]::EscapeDataString($Text).Replace('%20', '+').Replace('%2A', '*').Replace('~', '%7E')",
    );
    expect(script).toContain(
      "$credentials = (ConvertTo-FormEncoded $env:CLIENT_ID) + ':' + (ConvertTo-FormEncoded $env:CLIENT_SECRET)",
    );
    const token = splatTables(script).get('tokenRequest');
    expect(Object.fromEntries(token ?? [])).toEqual({
      Method: "'POST'",
      Uri: "'https://auth.example.com/o/oauth/accesstoken'",
      ContentType: "'application/x-www-form-urlencoded'",
      Headers: `[ordered]@{ 'Authorization' = "Basic $basic" }`,
      Body: "'grant_type=client_credentials'",
      MaximumRedirection: '0',
    });
    expect(script).toContain('$accessToken = (Invoke-RestMethod @tokenRequest).access_token');
    expect(script).toContain(`    'Authorization' = "Bearer $accessToken"`);
    const raw = renderPowerShell(plan({ ...EXAMPLE, authMethod: 'oauthBasic' }));
    expect(raw).toContain("$credentials = $env:CLIENT_ID + ':' + $env:CLIENT_SECRET");
    expect(raw).not.toContain('ConvertTo-FormEncoded');
  });

  it('sends variant B as an ordered form body', () => {
    const source = plan({ ...EXAMPLE, authMethod: 'oauthBody', formEncodeCredentials: true });
    const script = renderPowerShell(source);
    checkScript(script, source);
    expect(splatTables(script).get('tokenRequest')?.get('Body')).toBe(
      "[ordered]@{ grant_type = 'client_credentials'; client_id = $env:CLIENT_ID; client_secret = $env:CLIENT_SECRET }",
    );
    expect(script).not.toContain('Basic');
  });

  it('reads as PowerShell for awkward calls, headers and bodies', () => {
    const profiles = [
      EXAMPLE,
      { ...EXAMPLE, authMethod: 'oauthBasic' as const, formEncodeCredentials: true },
      { ...EXAMPLE, authMethod: 'oauthBody' as const },
    ];
    let checked = 0;
    let hereStrings = 0;
    for (const [n, call] of awkwardCalls(17, 90).entries()) {
      const built = planCall(profiles[n % 3] ?? EXAMPLE, call, VARIABLES);
      if (!built.ok) continue;
      const scan = checkScript(renderPowerShell(built.value), built.value);
      checked += 1;
      if (scan.literals.some((literal) => literal.kind === 'here')) hereStrings += 1;
    }
    expect(checked).toBeGreaterThan(80);
    expect(hereStrings).toBeGreaterThan(3);
  });
});
