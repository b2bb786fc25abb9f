import { describe, expect, it } from 'vitest';
import { useSandbox } from '../testing/fixtures/sandbox/sandbox-fixture';

describe('the demo web app, a page for the Capture tab to watch', () => {
  const sandbox = useSandbox();

  it('serves a page whose only script is its own, under a strict policy', async () => {
    const page = await fetch(`${sandbox().url}/demo-app`);
    expect(page.status).toBe(200);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    const html = await page.text();
    expect(html).toContain('<script src="/demo-app.js" defer></script>');
    expect(html).not.toMatch(/<script>(?!<)/);
  });

  it('serves a script that calls the API from the page with the demo API key', async () => {
    const script = await fetch(`${sandbox().url}/demo-app.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    const text = await script.text();
    expect(text).toContain(JSON.stringify(sandbox().credentials.apiKey));
    expect(text).toContain("fetch('/v1/products', { headers: { 'x-apikey': API_KEY } })");
    expect(text).toContain("fetch('/o/oauth/accesstoken'");
  });

  it('refuses anything but GET', async () => {
    const post = await fetch(`${sandbox().url}/demo-app`, { method: 'POST' });
    expect(post.status).toBe(405);
  });
});
