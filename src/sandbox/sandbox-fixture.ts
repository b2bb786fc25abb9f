/**
 * Shared by the sandbox's tests: a fresh sandbox on a free port for every test, and the calls the
 * tests make over and over (get a token, call /v1 with the contract headers).
 */
import { afterEach, beforeEach } from 'vitest';
import { createSandbox, type Sandbox, type SandboxOptions } from './server';

export const FORM_TYPE = 'application/x-www-form-urlencoded';

/** Starts a real sandbox before each test and closes it after; read it with `sandbox()`. */
export function useSandbox(options: SandboxOptions = {}): () => Sandbox {
  let current: Sandbox | null = null;
  beforeEach(async () => {
    current = await createSandbox({ port: 0, ...options });
  });
  afterEach(async () => {
    await current?.close();
    current = null;
  });
  return () => {
    if (current === null) throw new Error('useSandbox: the sandbox only exists inside a test');
    return current;
  };
}

export function basicHeader(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`, 'utf8').toString('base64')}`;
}

export function requestToken(
  sandbox: Sandbox,
  init: { headers?: Record<string, string>; body?: string } = {},
) {
  return fetch(`${sandbox.url}/o/oauth/accesstoken`, {
    method: 'POST',
    headers: { 'content-type': FORM_TYPE, ...init.headers },
    body: init.body ?? 'grant_type=client_credentials',
  });
}

/** A token from variant A, failing the test if the sandbox refuses. */
export async function obtainToken(sandbox: Sandbox): Promise<string> {
  const { clientId, clientSecret } = sandbox.credentials;
  const response = await requestToken(sandbox, {
    headers: { authorization: basicHeader(clientId, clientSecret) },
  });
  const body = (await response.json()) as { access_token?: unknown };
  if (response.status !== 200 || typeof body.access_token !== 'string') {
    throw new Error(`token request failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.access_token;
}

/** Calls `/v1/<path>` with the API key contract headers, plus or minus what `headers` says. */
export function callV1(
  sandbox: Sandbox,
  path: string,
  init: { method?: string; headers?: Record<string, string | null>; body?: string } = {},
) {
  const merged: Record<string, string | null> = {
    'content-type': 'application/json',
    companyid: sandbox.credentials.companyId,
    'x-apikey': sandbox.credentials.apiKey,
    ...init.headers,
  };
  const headers = Object.fromEntries(
    Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== null),
  );
  const request: RequestInit = { method: init.method ?? 'GET', headers };
  if (init.body !== undefined) request.body = init.body;
  return fetch(`${sandbox.url}/v1/${path}`, request);
}
