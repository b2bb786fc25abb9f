import { describe, expect, it } from 'vitest';
import { captured, PROFILES } from '../testing/fixtures/capture/capture-samples';
import {
  apiKeyCallWithoutCompany,
  bearerOrderCall,
  CANARIES,
  pageTokenRequest,
  SCRIPT,
} from '../testing/fixtures/har/har-samples';
import { matchCall } from './call-matching';
import { adviseOnCall } from './security-advisories';

async function advice(entry: Record<string, unknown>) {
  const call = await captured(entry);
  return adviseOnCall(call, matchCall(call, PROFILES));
}

describe('security advisories (spec 5.1)', () => {
  it('says prominently that an API key sent by the page sits in client-side code', async () => {
    expect(await advice(apiKeyCallWithoutCompany())).toEqual([
      {
        code: 'api-key-in-page',
        kind: 'security',
        severity: 'high',
        message: `This page sends the API key (••••${CANARIES.apiKey.slice(-4)}) from its own JavaScript (sent by ${SCRIPT}, line 42). The spec advises against API keys in web applications: anyone who opens the page can read the key, as DevTools does here.`,
        hint: 'Call the API from your server and keep the key there (in a secret vault), or use OAuth client credentials from a backend. The key has been exposed: ask the professional services team to replace it.',
      },
    ]);
  });

  it('calls a token request made by the page critical: the client secret is in the browser', async () => {
    const [finding] = await advice(pageTokenRequest());
    expect(finding).toMatchObject({ code: 'client-secret-in-page', severity: 'critical' });
    expect(finding?.message).toBe(
      `This page requests access tokens itself (sent by ${SCRIPT}, line 42), so its client secret is in the browser: anyone who opens the page can read the secret and get tokens for your client.`,
    );
  });

  it('says where to find the script when DevTools named none, as Firefox’s never does', async () => {
    const { _initiator: _chromeOnly, ...firefoxEntry } = apiKeyCallWithoutCompany();
    const [finding] = await advice(firefoxEntry);
    expect(finding?.message).toContain(
      'from its own JavaScript (DevTools did not tell the extension which script sent it: the Network panel’s Initiator column shows it).',
    );
    expect(finding?.message).not.toContain('sent by');
  });

  it('has no advisory for a Bearer call', async () => {
    expect(await advice(bearerOrderCall())).toEqual([]);
  });
});
