/**
 * The generated commands are run for real: `sh -c` runs them, the system's curl sends them, and
 * the sandbox records what arrived. curl is required (7.76 or later, for --fail-with-body): without
 * it these tests fail and say so, rather than being skipped.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RecordedRequest, Sandbox } from '../sandbox/server';
import { buildV1Request, type CallAuth, type V1Call } from '../service/call/v1-request';
import type { StoredProfile } from '../service/storage/stored-shapes';
import { buildTokenRequest, formEncode } from '../service/token/token-request';
import { call, profileFor, type Run } from '../testing/fixtures/copy-as/code-run-fixture';
import { obtainToken, useSandbox } from '../testing/fixtures/sandbox/sandbox-fixture';
import { accepted } from '../testing/results';
import { buildCurlCommand, CURL_VARIABLES, type CurlSecrets, tokenRequestCurl } from './curl';

const NEEDS_CURL =
  'These tests run the generated commands with the real curl: install curl 7.76 or later ' +
  '(Debian/Ubuntu: apt-get install curl) and run them again.';

// An empty home, so that a developer's ~/.curlrc cannot change what curl sends.
const curlHome = mkdtempSync(join(tmpdir(), 'curl-home-'));
afterAll(() => rmSync(curlHome, { recursive: true, force: true }));

/** Checked once, by every test that runs a command: each fails with the message when curl is missing. */
let curlChecked: Promise<void> | null = null;

async function checkCurl(): Promise<void> {
  const version = await new Promise<string>((resolve, reject) => {
    execFile('curl', ['--version'], (error, stdout) =>
      error ? reject(new Error(`${NEEDS_CURL} (${error.message})`)) : resolve(stdout),
    );
  });
  const [, major = 0, minor = 0] = (/^curl (\d+)\.(\d+)/.exec(version) ?? []).map(Number);
  if (major < 7 || (major === 7 && minor < 76)) {
    throw new Error(`curl ${major}.${minor} is too old. ${NEEDS_CURL}`);
  }
}

/** Runs a script with `sh -c`, with only the given secret variables set. */
async function runShell(script: string, variables: Record<string, string> = {}): Promise<Run> {
  curlChecked ??= checkCurl();
  await curlChecked;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.values(CURL_VARIABLES)) delete env[name];
  Object.assign(env, { HOME: curlHome, CURL_HOME: curlHome, XDG_CONFIG_HOME: curlHome });
  Object.assign(env, { no_proxy: '*', NO_PROXY: '*' }, variables);
  return new Promise((resolve, reject) => {
    execFile('sh', ['-c', script], { env, timeout: 15_000 }, (error, stdout, stderr) => {
      if (error === null) resolve({ code: 0, stdout, stderr });
      else if (typeof error.code === 'number') resolve({ code: error.code, stdout, stderr });
      else reject(error); // sh missing, or killed by the timeout
    });
  });
}

function curlCommand(profile: StoredProfile, v1Call: V1Call, secrets: CurlSecrets): string {
  return accepted(buildCurlCommand(profile, v1Call, secrets));
}

const VARIABLES: CurlSecrets = { mode: 'variables' };

/** The variables-mode token line, as a user would run it: without its comment prefix. */
function tokenLine(command: string): string {
  const line = command.split('\n').find((text) => text.startsWith('#   ACCESS_TOKEN=$(curl '));
  if (line === undefined) throw new Error(`no token line in:\n${command}`);
  return line.replace(/^#\s+/, '');
}

function v1Requests(sandbox: Sandbox): RecordedRequest[] {
  return sandbox.requests.filter((request) => request.path.startsWith('/v1'));
}

function lastV1Request(sandbox: Sandbox): RecordedRequest {
  const last = v1Requests(sandbox).at(-1);
  if (last === undefined) throw new Error('the sandbox received no /v1 request');
  return last;
}

/** Asserts that the sandbox got what the panel would send: target, method, headers in order, body. */
function expectSentAsPanel(sandbox: Sandbox, v1Call: V1Call, auth: CallAuth): RecordedRequest {
  const target = { baseUrl: sandbox.url, companyId: sandbox.credentials.companyId };
  const prepared = accepted(buildV1Request(target, auth, v1Call));
  const recorded = lastV1Request(sandbox);
  const url = new URL(prepared.url);
  expect(recorded.url).toBe(`${url.pathname}${url.search}`);
  expect(recorded.method).toBe(prepared.method);
  const names = prepared.headers.map(({ name }) => name.toLowerCase());
  expect(Object.keys(recorded.headers).filter((name) => names.includes(name))).toEqual(names);
  for (const { name, value } of prepared.headers) {
    expect(recorded.headers[name.toLowerCase()], name).toBe(value);
  }
  expect(recorded.body).toBe(prepared.body ?? '');
  return recorded;
}

describe('an API-key command, run by sh and curl', () => {
  const sandbox = useSandbox();

  it('sends the panel’s GET, query and headers, with API_KEY from the shell', async () => {
    const v1Call = call({
      query: [
        { name: 'limit', value: '2' },
        { name: 'q', value: "a b&c'd=€" },
      ],
      headers: [{ name: 'X-Request-Id', value: 'req-1' }],
    });
    const command = curlCommand(profileFor(sandbox(), 'apiKey'), v1Call, VARIABLES);
    const run = await runShell(command, { API_KEY: sandbox().credentials.apiKey });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout).data.total).toBe(3);
    expectSentAsPanel(sandbox(), v1Call, { kind: 'apiKey', apiKey: sandbox().credentials.apiKey });
  });

  it('exits with 22 and prints the fault when the key is missing or wrong', async () => {
    const command = curlCommand(profileFor(sandbox(), 'apiKey'), call(), VARIABLES);
    for (const variables of [{}, { API_KEY: 'not-the-key' }]) {
      const run = await runShell(command, variables);
      expect(run.code).toBe(22);
      expect(JSON.parse(run.stdout)).toHaveProperty('fault');
    }
  });

  it('sends a body byte for byte: quotes, $, backticks, newlines, unicode', async () => {
    const json = JSON.stringify(
      {
        said: `He said "hi" and 'bye' for $5 $(id) \`id\` \${HOME} \\n \\`,
        text: 'café ✓ 日本 𝄞 😀',
        empty: '',
      },
      null,
      2,
    );
    const raw = `@/etc/passwd\nit's 100% \r\n\t"$HOME" \\'\\\n# not a comment\n'`;
    for (const [path, body] of [
      ['orders', json],
      ['notes', raw],
    ] as const) {
      const v1Call = call({ method: 'POST', path, body });
      const command = curlCommand(profileFor(sandbox(), 'apiKey'), v1Call, VARIABLES);
      const run = await runShell(command, { API_KEY: sandbox().credentials.apiKey });
      expect(run.code, run.stdout).toBe(0);
      const apiKey = sandbox().credentials.apiKey;
      const recorded = expectSentAsPanel(sandbox(), v1Call, { kind: 'apiKey', apiKey });
      expect(recorded.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    }
  });

  it('quotes a header value with quotes and a path with spaces, unicode and brackets', async () => {
    const v1Call = call({
      path: "files/my report (v2)/café's [draft]/{x}/日本",
      headers: [
        { name: 'X-Note', value: `it's "quoted" $HOME \`id\` \\ ; # end` },
        { name: 'X-Empty', value: '' },
      ],
    });
    const command = curlCommand(profileFor(sandbox(), 'apiKey'), v1Call, VARIABLES);
    const run = await runShell(command, { API_KEY: sandbox().credentials.apiKey });
    expect(run.code, run.stdout).toBe(0);
    const apiKey = sandbox().credentials.apiKey;
    const recorded = expectSentAsPanel(sandbox(), v1Call, { kind: 'apiKey', apiKey });
    expect(JSON.parse(run.stdout).echo.path).toBe(recorded.path);
    expect(recorded.headers['x-empty']).toBe('');
  });

  it('sends HEAD, DELETE and a POST without body as fetch does', async () => {
    const apiKey = sandbox().credentials.apiKey;
    for (const v1Call of [
      call({ method: 'HEAD' }),
      call({ method: 'DELETE', path: 'things/1' }),
      call({ method: 'POST', path: 'ping' }),
    ]) {
      const command = curlCommand(profileFor(sandbox(), 'apiKey'), v1Call, VARIABLES);
      const run = await runShell(command, { API_KEY: apiKey });
      expect(run.code, `${v1Call.method}: ${run.stdout}`).toBe(0);
      const recorded = expectSentAsPanel(sandbox(), v1Call, { kind: 'apiKey', apiKey });
      // fetch sends Content-Length: 0 for a POST without a body, and none for DELETE or HEAD.
      const length = v1Call.method === 'POST' ? '0' : undefined;
      expect(recorded.headers['content-length'], v1Call.method).toBe(length);
    }
  });

  it('runs in values mode with nothing exported', async () => {
    const apiKey = sandbox().credentials.apiKey;
    const command = curlCommand(profileFor(sandbox(), 'apiKey'), call({ path: 'ping' }), {
      mode: 'values',
      apiKey,
    });
    expect(await runShell(command)).toMatchObject({ code: 0 });
    expectSentAsPanel(sandbox(), call({ path: 'ping' }), { kind: 'apiKey', apiKey });
  });
});

/** Credentials that need quoting in a shell and encoding in a form. */
const AWKWARD = {
  clientId: "client id+1'&=",
  clientSecret: `s3cr%t:with 'quotes' "$HOME" \`id\` & ü`,
};

describe.each([
  ['variant A', 'oauthBasic'],
  ['variant B', 'oauthBody'],
] as const)('an OAuth %s command, run by sh and curl', (_variant, authMethod) => {
  const sandbox = useSandbox({ credentials: AWKWARD });
  const v1Call = call({ method: 'PUT', path: 'things/42', body: '{"name":"it\'s"}' });

  it('a failed token request’s support report command gets a token with the shell’s credentials', async () => {
    const variant = authMethod === 'oauthBasic' ? 'basic' : 'body';
    const command = tokenRequestCurl({
      url: `${sandbox().url}/o/oauth/accesstoken`,
      variant,
      formEncode: false,
      label: variant,
    });
    const { clientId, clientSecret } = sandbox().credentials;
    expect(command).not.toContain(clientSecret);
    expect(command).not.toContain(clientId);
    const run = await runShell(command, { CLIENT_ID: clientId, CLIENT_SECRET: clientSecret });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).access_token).toEqual(expect.any(String));
  });

  it('gets a token with the comment’s command, then calls with it', async () => {
    const command = curlCommand(profileFor(sandbox(), authMethod), v1Call, VARIABLES);
    const { clientId, clientSecret } = sandbox().credentials;
    const run = await runShell(`${tokenLine(command)}\n${command}`, {
      CLIENT_ID: clientId,
      CLIENT_SECRET: clientSecret,
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).echo.auth).toEqual({ method: 'bearer', clientId });
    const token = /^Bearer (\S+)$/.exec(lastV1Request(sandbox()).headers.authorization ?? '')?.[1];
    expect(token).toBeDefined();
    expectSentAsPanel(sandbox(), v1Call, { kind: 'bearer', accessToken: token ?? '' });

    const tokenCall = sandbox().requests.find((request) => request.path === '/o/oauth/accesstoken');
    const panel = buildTokenRequest({
      authUrl: sandbox().url,
      clientId,
      clientSecret,
      variant: authMethod === 'oauthBasic' ? 'basic' : 'body',
      formEncodeCredentials: false,
    });
    expect(tokenCall?.headers.authorization).toBe(panel.headers[1]?.value);
    const form = Object.fromEntries(new URLSearchParams(tokenCall?.body));
    expect(form).toEqual(Object.fromEntries(new URLSearchParams(panel.body)));
  });

  it('fails with 22 when ACCESS_TOKEN is not set', async () => {
    const command = curlCommand(profileFor(sandbox(), authMethod), v1Call, VARIABLES);
    expect((await runShell(command)).code).toBe(22);
  });

  it('runs in values mode with nothing exported, and its comment gets a new token', async () => {
    const accessToken = await obtainToken(sandbox());
    const command = curlCommand(profileFor(sandbox(), authMethod), v1Call, {
      mode: 'values',
      accessToken,
      clientSecret: sandbox().credentials.clientSecret,
    });
    expect(await runShell(command)).toMatchObject({ code: 0 });
    expectSentAsPanel(sandbox(), v1Call, { kind: 'bearer', accessToken });

    const tokenComment = command.split('\n').find((line) => line.startsWith('#   curl '));
    const run = await runShell(tokenComment?.replace(/^#\s+/, '') ?? 'false');
    expect(run.code, run.stdout).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ token_type: 'Bearer', status: 'approved' });
  });
});

describe('an OAuth variant A command for a profile that form-encodes the credentials', () => {
  // The sandbox decodes Basic credentials as Apigee does, without form-decoding: this checks the
  // bytes sent against what the panel sends, not the sandbox's verdict.
  const sandbox = useSandbox({ credentials: AWKWARD });

  it('sends the form-encoded values in both modes, as the panel does', async () => {
    const profile = profileFor(sandbox(), 'oauthBasic', { formEncodeCredentials: true });
    const { clientId, clientSecret } = sandbox().credentials;
    const panel = buildTokenRequest({
      authUrl: sandbox().url,
      clientId,
      clientSecret,
      variant: 'basic',
      formEncodeCredentials: true,
    });
    const variables = curlCommand(profile, call(), VARIABLES);
    expect(variables).toContain('must hold the form-encoded values');
    await runShell(tokenLine(variables), {
      CLIENT_ID: formEncode(clientId),
      CLIENT_SECRET: formEncode(clientSecret),
    });
    const values = curlCommand(profile, call(), { mode: 'values', accessToken: 't', clientSecret });
    const tokenComment = values.split('\n').find((line) => line.startsWith('#   curl '));
    await runShell(tokenComment?.replace(/^#\s+/, '') ?? 'false');

    const sent = sandbox().requests.map((request) => request.headers.authorization);
    expect(sent).toEqual([panel.headers[1]?.value, panel.headers[1]?.value]);
  });
});

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

describe('the text of the command', () => {
  it('reads the API key from API_KEY and inlines the company ID', () => {
    const text = curlCommand(EXAMPLE, call({ query: [{ name: 'limit', value: '2' }] }), VARIABLES);
    expect(text).toBe(
      [
        '# Reads the API key from the shell variable API_KEY: no secret is part of this command.',
        '# Set it first:  export API_KEY=...',
        "curl -sS --fail-with-body --globoff 'https://api.example.com/sandbox/v1/products?limit=2' \\",
        "  -H 'Content-Type: application/json' \\",
        "  -H 'companyId: 3f2504e0-4f89-11d3-9a0c-0305e82c3301' \\",
        '  -H "x-apikey: $API_KEY"',
      ].join('\n'),
    );
  });

  it('shows how to get a token, variant B with --data-urlencode', () => {
    const profile: StoredProfile = { ...EXAMPLE, authMethod: 'oauthBody' };
    const text = curlCommand(
      profile,
      call({ method: 'POST', path: 'orders', body: '{}' }),
      VARIABLES,
    );
    expect(text).toBe(
      [
        '# Reads the access token from the shell variable ACCESS_TOKEN: no secret is part of this command.',
        '# Set the client credentials first:  export CLIENT_ID=... CLIENT_SECRET=...',
        '# Then get an access token (variant B, form body) into ACCESS_TOKEN:',
        `#   ACCESS_TOKEN=$(curl -sS --fail-with-body -X POST -H 'Content-Type: application/x-www-form-urlencoded' --data-urlencode "client_id=$CLIENT_ID" --data-urlencode "client_secret=$CLIENT_SECRET" --data-urlencode 'grant_type=client_credentials' 'https://auth.example.com/o/oauth/accesstoken' | sed -n 's/.*"access_token" *: *"\\([^"]*\\)".*/\\1/p')`,
        "curl -sS --fail-with-body --globoff -X POST 'https://api.example.com/sandbox/v1/orders' \\",
        "  -H 'Content-Type: application/json' \\",
        "  -H 'companyId: 3f2504e0-4f89-11d3-9a0c-0305e82c3301' \\",
        '  -H "Authorization: Bearer $ACCESS_TOKEN" \\',
        "  --data-raw '{}'",
      ].join('\n'),
    );
  });

  it('says that variant A credentials must be form-encoded only when the profile does so', () => {
    const basic: StoredProfile = { ...EXAMPLE, authMethod: 'oauthBasic' };
    expect(curlCommand(basic, call(), VARIABLES)).toContain('-u "$CLIENT_ID:$CLIENT_SECRET"');
    expect(curlCommand(basic, call(), VARIABLES)).not.toContain('form-encoded');
    const encoded = { ...basic, formEncodeCredentials: true };
    expect(curlCommand(encoded, call(), VARIABLES)).toContain(
      'CLIENT_ID and CLIENT_SECRET must hold the form-encoded values',
    );
    // The setting means nothing to variant B, as in buildTokenRequest.
    const body = { ...encoded, authMethod: 'oauthBody' as const };
    expect(curlCommand(body, call(), VARIABLES)).not.toContain('form-encoded');
  });
});

/** Every way a secret could be written: raw, shell-quoted, form- and URL-encoded. */
function writtenForms(secret: string): string[] {
  return [secret, secret.replaceAll("'", `'\\''`), formEncode(secret), encodeURIComponent(secret)];
}

function randomSecret(): string {
  const specials = '\'"$`\\ %+&=:;#!';
  const pick = specials[(randomBytes(1)[0] ?? 0) % specials.length] ?? '';
  return `${randomBytes(12).toString('base64url')}${pick}${randomBytes(8).toString('hex')}`;
}

describe('secrets in the text', () => {
  const methods = ['apiKey', 'oauthBasic', 'oauthBody'] as const;

  it('never holds a secret in variables mode, even when the secrets object carries some', () => {
    for (let i = 0; i < 300; i++) {
      const secrets = { apiKey: randomSecret(), accessToken: randomSecret() };
      const clientSecret = randomSecret();
      const loose = { mode: 'variables', ...secrets, clientSecret } as CurlSecrets;
      const profile = { ...EXAMPLE, authMethod: methods[i % 3] ?? 'apiKey' };
      profile.formEncodeCredentials = i % 2 === 0;
      const v1Call = call({ method: 'PATCH', path: `items/${i}`, body: `{"n":${i}}` });
      const text = curlCommand(profile, v1Call, loose);
      for (const secret of [secrets.apiKey, secrets.accessToken, clientSecret]) {
        for (const form of writtenForms(secret)) expect(text).not.toContain(form);
      }
    }
  });

  it('holds in values mode only the secrets the profile uses', () => {
    for (let i = 0; i < 100; i++) {
      const apiKey = randomBytes(16).toString('hex');
      const accessToken = randomBytes(16).toString('hex');
      const clientSecret = randomBytes(16).toString('hex');
      const apiKeyText = curlCommand(EXAMPLE, call(), {
        mode: 'values',
        apiKey,
        accessToken,
        clientSecret,
      });
      expect(apiKeyText).toContain(`-H 'x-apikey: ${apiKey}'`);
      expect(apiKeyText).not.toContain(accessToken);
      expect(apiKeyText).not.toContain(clientSecret);

      const oauth = { ...EXAMPLE, authMethod: methods[1 + (i % 2)] ?? 'oauthBasic' };
      const tokenOnly = curlCommand(oauth, call(), { mode: 'values', apiKey, accessToken });
      expect(tokenOnly).toContain(`-H 'Authorization: Bearer ${accessToken}'`);
      expect(tokenOnly).not.toContain(apiKey);
      const withSecret = curlCommand(oauth, call(), { mode: 'values', accessToken, clientSecret });
      expect(withSecret).toContain(clientSecret);
    }
  });
});

describe('refusals', () => {
  it('passes on the errors of buildV1Request', () => {
    for (const v1Call of [
      call({ path: '../admin' }),
      call({ path: 'a%2F..%2F..%2Fadmin' }),
      call({ query: [{ name: '', value: 'x' }] }),
      call({ headers: [{ name: 'x-apikey', value: 'other' }] }),
      call({ method: 'GET', body: '{}' }),
    ]) {
      const expected = buildV1Request(EXAMPLE, { kind: 'apiKey', apiKey: 'k' }, v1Call);
      expect(expected.ok).toBe(false);
      expect(buildCurlCommand(EXAMPLE, v1Call, VARIABLES)).toEqual(expected);
    }
  });

  it('asks for the secret that values mode needs', () => {
    const oauth = { ...EXAMPLE, authMethod: 'oauthBasic' as const };
    for (const [profile, secrets] of [
      [EXAMPLE, { mode: 'values', accessToken: 't' }],
      [EXAMPLE, { mode: 'values', apiKey: '' }],
      [oauth, { mode: 'values', apiKey: 'k', clientSecret: 's' }],
    ] as const) {
      const built = buildCurlCommand(profile, call(), secrets);
      expect(built).toMatchObject({ ok: false, error: { code: 'missing_secret' } });
    }
  });

  it('refuses a body with NUL, which no shell argument can carry', () => {
    const built = buildCurlCommand(EXAMPLE, call({ method: 'POST', body: 'a\u0000b' }), VARIABLES);
    expect(built).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });

  it('keeps every comment one line: a line break in a setting cannot start a command', () => {
    const hostile = {
      ...EXAMPLE,
      authMethod: 'oauthBasic' as const,
      authUrl: 'https://auth.example.com/\nrm -rf ~\n',
      clientId: 'id\nrm -rf ~',
    };
    const variables = curlCommand(hostile, call(), VARIABLES);
    const preamble = variables.slice(0, variables.indexOf('\ncurl '));
    for (const line of preamble.split('\n')) expect(line).toMatch(/^# /);
    const secret = 'Zq9xW7\nrm -rf ~';
    const built = buildCurlCommand(hostile, call(), {
      mode: 'values',
      accessToken: 't',
      clientSecret: secret,
    });
    expect(built).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(JSON.stringify(built)).not.toContain('Zq9xW7');
  });

  it('refuses an OAuth profile without a valid Auth URL', () => {
    const oauth = { ...EXAMPLE, authMethod: 'oauthBody' as const, authUrl: '' };
    expect(buildCurlCommand(oauth, call(), VARIABLES)).toMatchObject({
      ok: false,
      error: { code: 'invalid_profile' },
    });
  });
});
