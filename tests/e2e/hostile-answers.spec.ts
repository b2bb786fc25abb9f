/**
 * Hostile answers, each told truthfully and within bounds: an answer too large for one runtime
 * message (11 MB of control characters, a gzip bomb of zeros) is cut with a note, never "The
 * background worker could not be reached"; a call whose 100 KB token no server reads is never
 * "Nothing answered … the server is down"; a Base URL moved to another origin does not take the
 * saved key along unasked; the worker's events mask what a hostile token endpoint echoes, as its
 * replies do; a token the worker obtained for a call is masked in that call's own answer when the
 * server echoes it; the sandbox's echo of the API key in every form the redaction knows (upper-
 * cased, base64, Basic, inside a JWT however encoded) shows in no tab of the answer.
 */
import type { Page } from '@playwright/test';
import { expect, OFTEN, test } from './fixtures';
import {
  ECHO_TOKEN_CLIENT,
  ECHOED_TOKEN,
  LONG_TOKEN_CLIENT,
  startHostileServer,
} from './hostile-server';
import {
  createApiKeyProfile,
  createOAuthProfile,
  saveApiKeyProfile,
  saveOAuthProfile,
} from './profiles';
import { requestTab, responseTab } from './workbench';

const response = (panel: Page) => panel.getByRole('region', { name: 'Response', exact: true });
const KEY = 'AK-moving-canary-7d5b3f1e9c';

test('an answer too large for one message is cut with a note, the worker still answers', async ({
  panel,
  sandbox,
}) => {
  test.setTimeout(120_000);
  const hostile = await startHostileServer();
  try {
    const { companyId } = sandbox.credentials;
    await saveApiKeyProfile(panel, { baseUrl: hostile.url, companyId, apiKey: KEY });
    for (const path of ['control', 'bomb']) {
      await panel.getByRole('textbox', { name: 'Path' }).fill(path);
      await panel.getByRole('button', { name: 'Send' }).click();
      await expect(response(panel)).toContainText('200', { timeout: 60_000 });
      await expect(response(panel).getByRole('status').first()).toContainText(
        'The body is larger than the panel keeps',
      );
      await expect(panel.getByText('could not be reached')).toHaveCount(0);
    }
    // The worker is still there: a plain call answers.
    await panel.getByRole('textbox', { name: 'Path' }).fill('orders');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(response(panel)).toContainText(/(?<!\d)403(?!\d)/);
  } finally {
    await hostile.close();
  }
});

test('a call whose token no server reads is not blamed on a server that is down', async ({
  panel,
  sandbox,
}) => {
  const hostile = await startHostileServer();
  try {
    await saveOAuthProfile(panel, {
      method: 'OAuth (Basic header)',
      authUrl: hostile.url,
      companyId: sandbox.credentials.companyId,
      clientId: LONG_TOKEN_CLIENT,
      clientSecret: 'long-token-secret-1',
    });
    await panel.getByRole('textbox', { name: 'Path' }).fill('orders');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(response(panel)).toContainText(/431|not delivered/);
    await expect(response(panel)).not.toContainText(/Nothing answered|server is down/);
    expect(hostile.paths).toContain('/o/oauth/accesstoken');
  } finally {
    await hostile.close();
  }
});

test('a saved key does not follow a Base URL moved to another origin unless the user says so', async ({
  panel,
  sandbox,
}) => {
  const hostile = await startHostileServer();
  try {
    const { companyId } = sandbox.credentials;
    await saveApiKeyProfile(panel, { baseUrl: sandbox.url, companyId, apiKey: KEY });
    await panel.getByRole('button', { name: 'Edit profile' }).click();
    const editor = panel.getByRole('form', { name: 'Profile editor' });
    await editor.getByRole('textbox', { name: 'Base URL' }).fill(hostile.url);
    const keep = editor.getByRole('checkbox', {
      name: 'Send the saved API key to the new address',
    });
    await expect(keep).not.toBeChecked();
    await expect(editor).toContainText(`now points at ${hostile.url}`);
    await editor.getByRole('button', { name: 'Save profile' }).click();
    await expect(editor.getByRole('alert')).toContainText('does not go with it');
    await expect(editor.getByRole('alert')).toContainText('Enter the API key');

    // Back to the old address: no question; then the move, said yes to.
    await editor.getByRole('textbox', { name: 'Base URL' }).fill(`${sandbox.url}/`);
    await expect(keep).toHaveCount(0);
    await editor.getByRole('textbox', { name: 'Base URL' }).fill(hostile.url);
    await keep.check();
    await editor.getByRole('button', { name: 'Save profile' }).click();
    await expect(editor).toHaveCount(0);
    await panel.getByRole('textbox', { name: 'Path' }).fill('orders');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(response(panel)).toContainText(/(?<!\d)403(?!\d)/);
    expect(hostile.paths).toContain('/v1/orders');
  } finally {
    await hostile.close();
  }
});

test('the worker’s events mask every held secret a refusing token endpoint echoes', async ({
  panel,
  sandbox,
}) => {
  const hostile = await startHostileServer();
  const clientId = 'echoed-client';
  const clientSecret = 'canarySECRET-echo-4e8a1c6b2d';
  try {
    await panel.evaluate(() => {
      const seen: unknown[] = [];
      (window as unknown as { seenEvents: unknown[] }).seenEvents = seen;
      chrome.runtime.onMessage.addListener((message: unknown) => {
        seen.push(message);
      });
    });
    // A call that hands the server the API key of one profile...
    const { companyId } = sandbox.credentials;
    await createApiKeyProfile(panel, { baseUrl: hostile.url, companyId, apiKey: KEY });
    await panel.getByRole('textbox', { name: 'Path' }).fill('orders');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(response(panel)).toContainText(/(?<!\d)403(?!\d)/);
    // ...which its token endpoint echoes to another, with that one's own client secret.
    const tokenRequests = () => hostile.paths.filter((path) => path === '/o/oauth/accesstoken');
    for (const [index, method] of (
      ['OAuth (form body)', 'OAuth (Basic header)'] as const
    ).entries()) {
      await createOAuthProfile(panel, {
        method,
        authUrl: hostile.url,
        companyId,
        clientId,
        clientSecret,
      });
      await panel.getByRole('banner').getByRole('button', { name: 'Get token' }).click();
      await expect.poll(() => tokenRequests().length, OFTEN).toBe(index + 1);
      await expect(panel.getByText('Token request failed').first()).toBeVisible();
    }
    const events = JSON.stringify(
      await panel.evaluate(() => (window as unknown as { seenEvents: unknown[] }).seenEvents),
    );
    expect(events.match(/"change":"refused"/g)).toHaveLength(2);
    expect(events).toContain('earlierKeys');
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    for (const canary of [KEY, clientSecret, basic, encodeURIComponent(clientSecret)])
      expect(events).not.toContain(canary);
  } finally {
    await hostile.close();
  }
});

test('a token got for a call is masked in that call’s first answer when the server echoes it', async ({
  context,
  panel,
  sandbox,
}) => {
  const hostile = await startHostileServer();
  try {
    // Every reply the panel receives from the worker, recorded before the panel's code loads.
    await context.addInitScript(() => {
      const replies: unknown[] = [];
      (window as unknown as { seenReplies: unknown[] }).seenReplies = replies;
      const runtime = globalThis.chrome?.runtime;
      if (runtime?.sendMessage === undefined) return;
      const original = runtime.sendMessage.bind(runtime) as (...args: unknown[]) => unknown;
      (runtime as unknown as { sendMessage: unknown }).sendMessage = (...args: unknown[]) => {
        const last = args.at(-1);
        if (typeof last === 'function') {
          args[args.length - 1] = (reply: unknown) => {
            replies.push(reply);
            (last as (reply: unknown) => void)(reply);
          };
          return original(...args);
        }
        return (original(...args) as Promise<unknown>).then((reply) => {
          replies.push(reply);
          return reply;
        });
      };
    });
    await panel.reload();
    await createOAuthProfile(panel, {
      method: 'OAuth (Basic header)',
      authUrl: hostile.url,
      companyId: sandbox.credentials.companyId,
      clientId: ECHO_TOKEN_CLIENT,
      clientSecret: 'echo-token-secret-1',
    });
    // The first Send: no cached token, so the worker gets one while it handles this message.
    await panel.getByRole('textbox', { name: 'Path' }).fill('orders');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(response(panel)).toContainText(/(?<!\d)403(?!\d)/);
    expect(hostile.paths).toEqual(['/o/oauth/accesstoken', '/v1/orders']);
    const replies = JSON.stringify(
      await panel.evaluate(() => (window as unknown as { seenReplies: unknown[] }).seenReplies),
    );
    expect(replies).toContain('403');
    expect(replies).toContain('bearer=\\"••••'); // the echo is there, masked
    const forms = [ECHOED_TOKEN, encodeURIComponent(ECHOED_TOKEN)];
    for (const form of forms) {
      expect(replies).not.toContain(form);
      expect(await panel.content()).not.toContain(form);
    }
  } finally {
    await hostile.close();
  }
});

test('the API key echoed in another form (upper-cased, in a JWT) shows in no tab of the answer', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId, clientId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { name: 'Echoed', baseUrl: sandbox.url, companyId, apiKey });
  const base64 = (text: string) => Buffer.from(text).toString('base64');
  const base64url = (text: string) => Buffer.from(text).toString('base64url');
  // Claims whose standard base64 holds `+` and `/`: a careless server's JWT.
  const claims = JSON.stringify({ sub: 'partner?>?', key: apiKey });
  expect(base64(claims)).toMatch(/[+/]/);
  const forms: Record<string, string> = {
    upper: apiKey.toUpperCase(),
    lower: apiKey.toLowerCase(),
    b64: base64(apiKey),
    basic: `Basic ${base64(`${clientId}:${apiKey}`)}`,
    jwt: `${base64url('{"alg":"none"}')}.${base64url(claims)}.`,
    jwtStd: `${base64('{ "alg": "none" }')}.${base64(claims)}.c2ln`,
    jwtUpper: `${base64url('{"alg":"none"}')}.${base64url(JSON.stringify({ k: apiKey.toUpperCase() }))}.`,
  };
  // Every form in the query, and the JWTs and the upper-cased key as headers too.
  const query = Object.entries(forms)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  await panel.getByRole('textbox', { name: 'Path' }).fill(`echo?${query}`);
  await requestTab(panel, 'Headers');
  for (const [index, name] of ['upper', 'jwt', 'jwtStd'].entries()) {
    await panel.getByRole('button', { name: 'Add header' }).click();
    await panel.getByRole('textbox', { name: `Header ${index + 1} name` }).fill(`x-${name}`);
    await panel.getByRole('textbox', { name: `Header ${index + 1} value` }).fill(forms[name] ?? '');
  }
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(response(panel)).toContainText(/(?<!\d)200(?!\d)/);
  const echoed = sandbox.requests.find((request) => request.path === '/v1/echo');
  expect(echoed?.headers['x-jwtstd']).toBe(forms.jwtStd); // the server did get every form
  const everyForm = [
    apiKey,
    ...Object.values(forms),
    ...Object.values(forms).map(encodeURIComponent),
    base64(claims),
    base64url(claims),
  ];
  for (const tab of ['Body', 'Headers', 'Sent'] as const) {
    await responseTab(panel, tab);
    const shown = response(panel).getByRole('tabpanel');
    await expect(shown).toBeVisible();
    if (tab !== 'Headers') await expect(shown).toContainText(/x-jwtstd/i); // the echo, the call
    const text = (await shown.textContent()) ?? '';
    for (const form of everyForm) expect(text, `${tab} shows ${form}`).not.toContain(form);
    // The masked echo is there: the key's own mask for the upper-cased key.
    if (tab !== 'Headers') expect(text).toContain(`••••${apiKey.slice(-4)}`);
  }
  // Nor does the raw body view or anything else in the panel's page.
  await responseTab(panel, 'Body');
  await response(panel).getByRole('button', { name: 'Raw' }).click();
  const raw = (await response(panel).getByRole('tabpanel').textContent()) ?? '';
  expect(raw).toContain('"jwtStd": "••••"');
  for (const form of everyForm) expect(raw, `Raw shows ${form}`).not.toContain(form);
});
