/**
 * Copied code is run for real against the sandbox: the fetch snippet by node, the Python script by
 * python3 with requests, the HTTPie commands by sh and http. The sandbox records what arrived, and
 * each test holds it to what the panel sends (headers, body, the token request's variant and
 * encoding), not only to the exit code. A missing runtime fails these tests and says how to
 * install it (`npm test` installs them on Debian: scripts/setup.mjs).
 */
import { describe, expect, it } from 'vitest';
import type { V1Call } from '../service/call/v1-request';
import type { StoredProfile } from '../service/storage/stored-shapes';
import { formEncode } from '../service/token/token-request';
import {
  AWKWARD,
  bearerOfLastCall,
  call,
  expectGrantAsPanel,
  expectSentAsPanel,
  profileFor,
  type Run,
  requireRuntime,
  runProgram,
  tokenRequests,
  v1Requests,
  withScriptFile,
} from '../testing/fixtures/copy-as/code-run-fixture';
import { obtainToken, useSandbox } from '../testing/fixtures/sandbox/sandbox-fixture';
import { accepted } from '../testing/results';
import type { CodeLanguage } from '../vocabulary/terms';
import type { CodeSecrets } from './call-plan';
import { buildCodeSnippet } from './code-snippet';

interface Runtime {
  language: Exclude<CodeLanguage, 'curl'>;
  /** Runs the code with only the given secret variables set. */
  run(code: string, variables?: Record<string, string>): Promise<Run>;
  /** The shell commands leave RFC 6749 encoding to the user, as Copy as cURL does. */
  encodesItself: boolean;
}

const RUNTIMES: Runtime[] = [
  {
    language: 'fetch',
    encodesItself: true,
    async run(code, variables) {
      await requireRuntime('node', ['--version'], 'The fetch tests need node 18 or later.');
      return withScriptFile('call.mjs', code, (path) => runProgram('node', [path], variables));
    },
  },
  {
    language: 'python',
    encodesItself: true,
    async run(code, variables) {
      await requireRuntime(
        'python3',
        ['-c', 'import requests'],
        'The Python tests need python3 with requests (Debian/Ubuntu: apt-get install python3-requests).',
      );
      return withScriptFile('call.py', code, (path) => runProgram('python3', [path], variables));
    },
  },
  {
    language: 'httpie',
    encodesItself: false,
    async run(code, variables) {
      await requireRuntime(
        'http',
        ['--version'],
        'The HTTPie tests need HTTPie 3 (Debian/Ubuntu: apt-get install httpie).',
      );
      return runProgram('sh', ['-c', code], variables);
    },
  },
];

const VARIABLES: CodeSecrets = { mode: 'variables' };

function codeFor(
  runtime: Runtime,
  profile: StoredProfile,
  v1Call: V1Call,
  secrets: CodeSecrets,
): string {
  return accepted(buildCodeSnippet(runtime.language, profile, v1Call, secrets));
}

function expectSuccess(run: Run): void {
  expect(run.code, `stdout: ${run.stdout}\nstderr: ${run.stderr}`).toBe(0);
}

/** The sandbox echoes what it received; HEAD answers carry no body. */
function echoOf(run: Run) {
  return JSON.parse(run.stdout).echo;
}

describe.each(RUNTIMES)('$language code for an API-key profile, run for real', (runtime) => {
  const sandbox = useSandbox();
  const apiKey = () => sandbox().credentials.apiKey;

  it('sends the panel’s GET, query and headers, with API_KEY from the environment', async () => {
    const v1Call = call({
      query: [
        { name: 'limit', value: '2' },
        { name: 'q', value: "a b&c'd=€~" },
      ],
      headers: [
        { name: 'X-Request-Id', value: 'req-1' },
        { name: 'X-Note', value: `  it's "quoted" $HOME \`id\` \\ ; # {x} $(id) =x  ` },
        { name: 'X-Twice', value: 'one' },
        { name: 'x-twice', value: 'two' },
        { name: 'X-Empty', value: '' },
        { name: 'X-Eq', value: '=a:b;c@d' },
        { name: '-Dash', value: '1' },
      ],
    });
    const code = codeFor(runtime, profileFor(sandbox(), 'apiKey'), v1Call, VARIABLES);
    const run = await runtime.run(code, { API_KEY: apiKey() });
    expectSuccess(run);
    expect(JSON.parse(run.stdout).data.total).toBe(3);
    const recorded = expectSentAsPanel(sandbox(), v1Call, { kind: 'apiKey', apiKey: apiKey() });
    expect(recorded.headers['x-twice']).toBe('one, two');
    expect(recorded.headers['x-empty']).toBe('');
  });

  it('sends a body byte for byte: quotes, $, backticks, line breaks, unicode', async () => {
    const json = JSON.stringify(
      { said: `He said "hi" and 'bye' for $5 $(id) \`id\` \${HOME} \\n \\`, text: 'café ✓ 𝄞 😀' },
      null,
      2,
    );
    const raw = `@/etc/passwd\nit's 100% \r\n\t"$HOME" \\'\\\n'@\n"""\n# not a comment\n'`;
    for (const [method, body] of [
      ['POST', json],
      ['PATCH', raw],
    ] as const) {
      const v1Call = call({ method, path: 'orders', body });
      const code = codeFor(runtime, profileFor(sandbox(), 'apiKey'), v1Call, VARIABLES);
      expectSuccess(await runtime.run(code, { API_KEY: apiKey() }));
      expectSentAsPanel(sandbox(), v1Call, { kind: 'apiKey', apiKey: apiKey() });
    }
  });

  it('sends a path with spaces, quotes, brackets, pipes and unicode byte for byte as the panel does', async () => {
    const v1Call = call({
      path: "files/my report (v2)/café's [draft]|v2^/{x}/日本/a%2fb%41%7e?f=[a]|{b}^`c`",
    });
    const code = codeFor(runtime, profileFor(sandbox(), 'apiKey'), v1Call, VARIABLES);
    const run = await runtime.run(code, { API_KEY: apiKey() });
    expectSuccess(run);
    const recorded = expectSentAsPanel(sandbox(), v1Call, { kind: 'apiKey', apiKey: apiKey() });
    expect(recorded.url).toContain('%5Bdraft%5D%7Cv2%5E/%7Bx%7D/');
    expect(recorded.url).toContain('/a%2FbA~?f=%5Ba%5D%7C%7Bb%7D%5E%60c%60');
    expect(echoOf(run).path).toBe(recorded.path);
  });

  it('sends a path with %22 beside a stray % byte for byte as the panel does', async () => {
    const v1Call = call({
      path: 'notes/%22quoted%22/100%s/%zz',
      query: [{ name: 'q', value: '%s' }],
    });
    const code = codeFor(runtime, profileFor(sandbox(), 'apiKey'), v1Call, VARIABLES);
    expectSuccess(await runtime.run(code, { API_KEY: apiKey() }));
    const recorded = expectSentAsPanel(sandbox(), v1Call, { kind: 'apiKey', apiKey: apiKey() });
    expect(recorded.url).toContain('/notes/%22quoted%22/100%25s/%25zz?q=%25s');
  });

  it('fails, and sends no key, when API_KEY is not set; fails on a wrong key', async () => {
    const code = codeFor(runtime, profileFor(sandbox(), 'apiKey'), call(), VARIABLES);
    const unset = await runtime.run(code);
    expect(unset.code).not.toBe(0);
    expect(v1Requests(sandbox()).every((request) => !request.headers['x-apikey'])).toBe(true);
    const wrong = await runtime.run(code, { API_KEY: 'not-the-key' });
    expect(wrong.code).not.toBe(0);
    expect(`${wrong.stdout}${wrong.stderr}`).toMatch(/401|fault/);
  });

  it('runs in values mode with nothing set', async () => {
    const v1Call = call({ method: 'DELETE', path: 'things/1' });
    const profile = profileFor(sandbox(), 'apiKey');
    const code = codeFor(runtime, profile, v1Call, { mode: 'values', apiKey: apiKey() });
    expectSuccess(await runtime.run(code));
    expectSentAsPanel(sandbox(), v1Call, { kind: 'apiKey', apiKey: apiKey() });
  });
});

describe.each(
  RUNTIMES.flatMap((runtime) => [
    { runtime, variant: 'A', authMethod: 'oauthBasic' as const },
    { runtime, variant: 'B', authMethod: 'oauthBody' as const },
  ]),
)(
  '$runtime.language code for an OAuth variant $variant profile, run for real',
  ({ runtime, authMethod }) => {
    const sandbox = useSandbox({ credentials: AWKWARD });
    const v1Call = call({ method: 'PUT', path: 'things/42', body: '{"name":"it\'s"}' });

    it('runs the grant as the profile does, then calls with its token', async () => {
      const profile = profileFor(sandbox(), authMethod);
      const code = codeFor(runtime, profile, v1Call, VARIABLES);
      const { clientId, clientSecret } = sandbox().credentials;
      const run = await runtime.run(code, { CLIENT_ID: clientId, CLIENT_SECRET: clientSecret });
      expectSuccess(run);
      expect(echoOf(run).auth).toEqual({ method: 'bearer', clientId });
      expectGrantAsPanel(sandbox(), profile, clientSecret);
      const accessToken = bearerOfLastCall(sandbox());
      expectSentAsPanel(sandbox(), v1Call, { kind: 'bearer', accessToken });
    });

    it('stops at a refused grant without calling /v1', async () => {
      const code = codeFor(runtime, profileFor(sandbox(), authMethod), v1Call, VARIABLES);
      const run = await runtime.run(code, { CLIENT_ID: AWKWARD.clientId, CLIENT_SECRET: 'wrong' });
      expect(run.code).not.toBe(0);
      expect(tokenRequests(sandbox())).toHaveLength(1);
      // HTTPie's second command still runs, with an empty token, and is refused.
      for (const request of v1Requests(sandbox())) {
        expect(request.headers.authorization ?? '').toMatch(/^Bearer ?$/);
      }
    });

    it('runs in values mode with nothing set, with the access token written in', async () => {
      const accessToken = await obtainToken(sandbox());
      const profile = profileFor(sandbox(), authMethod);
      const code = codeFor(runtime, profile, v1Call, { mode: 'values', accessToken });
      expect(code).not.toContain(AWKWARD.clientSecret);
      expectSuccess(await runtime.run(code));
      expect(tokenRequests(sandbox())).toHaveLength(1); // obtainToken's own
      expectSentAsPanel(sandbox(), v1Call, { kind: 'bearer', accessToken });
    });
  },
);

/** The raw credentials; the sandbox knows their form-encoded text, as a decoding server would. */
const RAW = AWKWARD;
const ENCODED = { clientId: formEncode(RAW.clientId), clientSecret: formEncode(RAW.clientSecret) };

describe.each(RUNTIMES)(
  '$language code for a variant A profile that form-encodes (RFC 6749)',
  (runtime) => {
    // The sandbox joins Basic credentials raw, as Apigee does. Given the encoded texts as its
    // credentials, it accepts exactly the header that a client which form-encodes sends.
    const sandbox = useSandbox({ credentials: ENCODED });

    it('sends the form-encoded id and secret in the Basic header, as the panel does', async () => {
      expect(ENCODED.clientSecret).not.toBe(RAW.clientSecret);
      const profile = profileFor(sandbox(), 'oauthBasic', {
        clientId: RAW.clientId,
        formEncodeCredentials: true,
      });
      const code = codeFor(runtime, profile, call(), VARIABLES);
      // fetch, Python and PowerShell encode; the shell commands ask for the encoded values.
      const given = runtime.encodesItself ? RAW : ENCODED;
      const run = await runtime.run(code, {
        CLIENT_ID: given.clientId,
        CLIENT_SECRET: given.clientSecret,
      });
      expectSuccess(run);
      expectGrantAsPanel(sandbox(), profile, RAW.clientSecret);
      expect(echoOf(run).auth).toEqual({ method: 'bearer', clientId: ENCODED.clientId });
    });
  },
);
