import { describe, expect, it } from 'vitest';
import {
  captured,
  PROFILES,
  SANDBOX_PROFILE,
  SHOP_PROFILE,
} from '../testing/fixtures/capture/capture-samples';
import {
  API,
  apiKeyCallWithoutCompany,
  bearerOrderCall,
  chromeEntry,
  pageResources,
  pageTokenRequest,
} from '../testing/fixtures/har/har-samples';
import { type CaptureRow, filterRows, matchCall, type ProfileTarget } from './call-matching';

async function matchOf(entry: Record<string, unknown>, profiles = PROFILES) {
  return matchCall(await captured(entry), profiles);
}

describe('matchCall', () => {
  it('matches a call under a profile’s Base URL /v1/ to that profile, with its path', async () => {
    expect(await matchOf(apiKeyCallWithoutCompany())).toEqual({
      kind: 'api',
      profile: SHOP_PROFILE,
      base: API,
      path: 'products',
      version: 'v1',
    });
  });

  it('prefers the most specific Base URL', async () => {
    const partner: ProfileTarget = { ...SHOP_PROFILE, id: 'p2', baseUrl: `${API}/partner/` };
    const entry = chromeEntry({ url: `${API}/partner/v1/orders/7` });
    expect(await matchOf(entry, [SHOP_PROFILE, partner])).toMatchObject({
      kind: 'api',
      profile: { id: 'p2' },
      base: `${API}/partner`,
      path: 'orders/7',
    });
  });

  it('takes a script’s call elsewhere on the Base URL (for the path check), not its images', async () => {
    expect(await matchOf(chromeEntry({ url: `${API}/v2/orders` }))).toMatchObject({
      kind: 'api',
      path: null,
    });
    expect(await matchOf(chromeEntry({ url: `${API}/V1/orders` }))).toMatchObject({
      kind: 'api',
      path: 'orders',
      version: 'V1',
    });
    const image = chromeEntry({ url: `${API}/logo.png`, resourceType: 'image' });
    expect(await matchOf(image)).toEqual({ kind: 'other' });
  });

  it('matches the token endpoint at a profile’s Auth URL, and any token endpoint without one', async () => {
    expect(await matchOf(pageTokenRequest())).toEqual({ kind: 'token', profile: SHOP_PROFILE });
    expect(await matchOf(pageTokenRequest(), [SANDBOX_PROFILE])).toEqual({
      kind: 'token',
      profile: null,
    });
  });

  it('leaves the page’s own resources, other hosts and CORS preflights to “Show all requests”', async () => {
    const [documentLoad, script, , preflight] = pageResources();
    for (const entry of [documentLoad, script, preflight]) {
      expect(await matchOf(entry as Record<string, unknown>)).toEqual({ kind: 'other' });
    }
    expect(await matchOf(bearerOrderCall(), [SANDBOX_PROFILE])).toEqual({ kind: 'other' });
  });

  it('ignores profiles whose addresses are not URLs yet', async () => {
    const unfinished: ProfileTarget = { ...SHOP_PROFILE, baseUrl: 'api.example', authUrl: '' };
    expect(await matchOf(bearerOrderCall(), [unfinished])).toEqual({ kind: 'other' });
  });
});

describe('filterRows', () => {
  async function rows(): Promise<CaptureRow[]> {
    const entries = [
      ...pageResources(),
      pageTokenRequest(),
      apiKeyCallWithoutCompany(),
      bearerOrderCall(),
    ];
    return Promise.all(
      entries.map(async (entry) => {
        const call = await captured(entry);
        return { call, match: matchCall(call, PROFILES) };
      }),
    );
  }

  it('shows the partner API’s calls, and everything with “Show all requests”', async () => {
    const all = await rows();
    expect(filterRows(all, { showAll: false, text: '' }).map((row) => row.call.pathname)).toEqual([
      '/o/oauth/accesstoken',
      '/v1/products',
      '/v1/orders',
    ]);
    expect(filterRows(all, { showAll: true, text: '' })).toHaveLength(all.length);
  });

  it('filters by every word given, in the method, URL, status or profile name, any case', async () => {
    const all = await rows();
    const paths = (text: string, showAll = false) =>
      filterRows(all, { showAll, text }).map((row) => row.call.pathname);
    expect(paths('post ORDERS')).toEqual(['/v1/orders']);
    expect(paths('400')).toEqual(['/v1/products']);
    expect(paths('shop production')).toHaveLength(3);
    expect(paths('main.3f9a1c', true)).toEqual(['/static/js/main.3f9a1c.js']);
    expect(paths('nothing-like-this')).toEqual([]);
  });
});
