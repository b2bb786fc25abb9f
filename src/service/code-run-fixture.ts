/**
 * Shared by the tests that run copied code for real (node, python3 with requests, HTTPie): a
 * profile for a sandbox, a call, running a program with only the secrets a test gives it, and the
 * check that the sandbox received what the panel sends. A missing runtime fails the tests with
 * how to install it, rather than skipping them.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { RecordedRequest, Sandbox } from '../sandbox/server';
import { random } from '../testing/seeded-random';
import type { AuthMethod } from '../vocabulary/terms';
import { CODE_VARIABLES, headersAsSent, isSecretHeader, planCall } from './call-plan';
import type { StoredProfile } from './stored-shapes';
import { buildTokenRequest } from './token-request';
import type { CallAuth, V1Call } from './v1-request';

/** Credentials that need quoting in every language and change under form-encoding (RFC 6749). */
export const AWKWARD = {
  clientId: "client id+1'&=~*",
  clientSecret: `s3cr%t:with 'quotes' "$HOME" \`id\` & ü {x} $(id) ~*`,
};

export function profileFor(
  sandbox: Sandbox,
  authMethod: AuthMethod,
  overrides: Partial<StoredProfile> = {},
): StoredProfile {
  return {
    id: 'p1',
    name: 'Sandbox',
    authUrl: sandbox.url,
    baseUrl: sandbox.url,
    companyId: sandbox.credentials.companyId,
    authMethod,
    clientId: authMethod === 'apiKey' ? '' : sandbox.credentials.clientId,
    formEncodeCredentials: false,
    variables: [],
    ...overrides,
  };
}

export function call(overrides: Partial<V1Call> = {}): V1Call {
  return { method: 'GET', path: 'products', query: [], headers: [], body: '', ...overrides };
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Checked once per runtime; every test that needs it fails with `install` when it is missing. */
const checked = new Map<string, Promise<void>>();

export function requireRuntime(file: string, args: string[], install: string): Promise<void> {
  const key = [file, ...args].join(' ');
  let check = checked.get(key);
  if (check === undefined) {
    check = new Promise((resolve, reject) => {
      execFile(file, args, { timeout: 15_000 }, (error, _stdout, stderr) =>
        error
          ? reject(new Error(`${install} (${error.message.trim()} ${stderr.trim()})`))
          : resolve(),
      );
    });
    checked.set(key, check);
  }
  return check;
}

/**
 * Runs `file args` with the user's environment minus every secret variable, plus `variables`,
 * in an empty home (no rc file can change what a client sends) and with no proxy.
 */
export function runProgram(
  file: string,
  args: string[],
  variables: Record<string, string> = {},
): Promise<Run> {
  const home = mkdtempSync(join(tmpdir(), 'code-run-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.values(CODE_VARIABLES)) delete env[name];
  Object.assign(env, { HOME: home, XDG_CONFIG_HOME: home, HTTPIE_CONFIG_DIR: home });
  Object.assign(env, { no_proxy: '*', NO_PROXY: '*' }, variables);
  return new Promise<Run>((resolve, reject) => {
    execFile(file, args, { env, cwd: home, timeout: 20_000 }, (error, stdout, stderr) => {
      if (error === null) resolve({ code: 0, stdout, stderr });
      else if (typeof error.code === 'number') resolve({ code: error.code, stdout, stderr });
      else reject(error); // missing program, or killed by the timeout
    });
  }).finally(() => rmSync(home, { recursive: true, force: true }));
}

/** Writes `text` to a file of its own for a runtime that reads a script file. */
export function withScriptFile<T>(name: string, text: string, use: (path: string) => Promise<T>) {
  const dir = mkdtempSync(join(tmpdir(), 'code-script-'));
  const path = join(dir, name);
  writeFileSync(path, text);
  return use(path).finally(() => rmSync(dir, { recursive: true, force: true }));
}

export function v1Requests(sandbox: Sandbox): RecordedRequest[] {
  return sandbox.requests.filter((request) => request.path.startsWith('/v1'));
}

export function tokenRequests(sandbox: Sandbox): RecordedRequest[] {
  return sandbox.requests.filter((request) => request.path === '/o/oauth/accesstoken');
}

/**
 * Asserts that the last /v1 request is what the panel sends for `v1Call`: method, target, the
 * headers as fetch puts them on the wire (in order among themselves) and the body byte for byte.
 * `requotesUrl`: the client (requests, so also HTTPie) percent-encodes what a URL should not
 * carry raw, such as `[` in a path, which WHATWG URLs leave: the target is then compared decoded.
 */
export function expectSentAsPanel(
  sandbox: Sandbox,
  v1Call: V1Call,
  auth: CallAuth,
  { requotesUrl = false } = {},
) {
  const recorded = v1Requests(sandbox).at(-1);
  if (recorded === undefined) throw new Error('the sandbox received no /v1 request');
  const profile = profileFor(sandbox, auth.kind === 'apiKey' ? 'apiKey' : 'oauthBody');
  const secrets =
    auth.kind === 'apiKey'
      ? { mode: 'values' as const, apiKey: auth.apiKey }
      : { mode: 'values' as const, accessToken: auth.accessToken };
  const plan = planCall(profile, v1Call, secrets);
  if (!plan.ok) throw new Error(`the panel would refuse this call: ${plan.error.message}`);
  const { url, method, body } = plan.value;
  const target = url.slice(sandbox.url.length);
  if (requotesUrl) expect(decodeURI(recorded.url)).toBe(decodeURI(target));
  else expect(recorded.url).toBe(target);
  expect(recorded.method).toBe(method);
  const headers = headersAsSent(plan.value.headers).flatMap((header) =>
    isSecretHeader(header) ? [] : [header],
  );
  const names = headers.map(({ name }) => name.toLowerCase());
  expect(Object.keys(recorded.headers).filter((name) => names.includes(name))).toEqual(names);
  for (const { name, value } of headers) {
    expect(recorded.headers[name.toLowerCase()], name).toBe(value);
  }
  expect(recorded.body).toBe(body ?? '');
  return recorded;
}

/** Asserts that the only token request is the panel's for `profile` (variant, encoding). */
export function expectGrantAsPanel(sandbox: Sandbox, profile: StoredProfile, secret: string) {
  const recorded = tokenRequests(sandbox);
  expect(recorded).toHaveLength(1);
  const panel = buildTokenRequest({
    authUrl: sandbox.url,
    clientId: profile.clientId,
    clientSecret: secret,
    variant: profile.authMethod === 'oauthBasic' ? 'basic' : 'body',
    formEncodeCredentials: profile.formEncodeCredentials,
  });
  const [sent] = recorded;
  expect(sent?.method).toBe('POST');
  expect(sent?.headers['content-type']).toBe('application/x-www-form-urlencoded');
  expect(sent?.headers.authorization).toBe(panel.headers[1]?.value);
  // Equal as forms: clients may differ in which safe characters they percent-encode.
  const form = (body: string) => [...new URLSearchParams(body)];
  expect(form(sent?.body ?? '')).toEqual(form(panel.body));
}

/** The access token of the last /v1 call, which must carry one. */
export function bearerOfLastCall(sandbox: Sandbox): string {
  const header = v1Requests(sandbox).at(-1)?.headers.authorization ?? '';
  const token = /^Bearer (\S+)$/.exec(header)?.[1];
  if (token === undefined) throw new Error(`the last /v1 call had no Bearer token: ${header}`);
  return token;
}

/** Pieces of text that need care in some language: quotes, escapes, expansions, line breaks. */
const AWKWARD_PIECES = [
  ...`'"\`$\\{}()[]#@;&|<>%!?*~=: \t`,
  'é',
  '日本',
  '😀',
  '’',
  '“',
  '$(id)',
  '$HOME',
  '$env:API_KEY',
  '"""',
  "'@",
  '\\=',
  'abc',
  '-x',
];

/**
 * Seeded calls with awkward paths, query rows, headers and bodies that the panel accepts (header
 * values without line breaks or text beyond Latin-1), for the syntax checks of every language.
 */
export function awkwardCalls(seed: number, count: number): V1Call[] {
  const next = random(seed);
  const pick = () => AWKWARD_PIECES[Math.floor(next() * AWKWARD_PIECES.length)] ?? '';
  const text = (max: number) => Array.from({ length: Math.floor(next() * max) }, pick).join('');
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
  return Array.from({ length: count }, (_, n) => {
    const method = methods[n % methods.length] ?? 'GET';
    const withBody = !['GET', 'HEAD'].includes(method);
    const lines = Array.from({ length: 1 + Math.floor(next() * 3) }, () => text(6));
    return call({
      method,
      path: `items/${text(4).replace(/[#.]/g, '')}`,
      query: [{ name: `q${n}`, value: text(5) }],
      headers: [
        {
          name: `X-${n}`,
          value: text(6)
            .replace(/[^\p{ASCII}\u0080-\u00ff]/gu, '')
            .replace(/\\(?=[:;=@])/g, ''),
        },
      ],
      body: withBody && n % 2 === 0 ? lines.join(n % 4 === 0 ? '\n' : '\r\n') : '',
    });
  });
}
