/**
 * The page at `GET /`: where `npm start` points the browser, so that DevTools has a page to open
 * on, and a reminder of what to type into a profile. It shows only non-secret values; the API key
 * and client secret are in the terminal that started the sandbox. No script, so a strict CSP holds.
 */
import type { SandboxCredentials } from './credentials';

/**
 * No script, nothing from elsewhere. `connect-src` and `img-src` allow the page's own origin
 * only so that what the browser itself asks of it (the favicon, DevTools' own
 * /.well-known/appspecific/com.chrome.devtools.json) is not logged in DevTools' console as a
 * policy violation on a page people open it on.
 */
export const DEMO_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function renderDemoPage(
  url: string,
  credentials: Pick<SandboxCredentials, 'clientId' | 'companyId'>,
): string {
  const row = (label: string, value: string) =>
    `<tr><th scope="row">${label}</th><td><code>${escapeHtml(value)}</code></td></tr>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner API sandbox</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #1b1f24; }
  th { text-align: left; padding-right: 1rem; font-weight: 600; }
  code { background: #f0f2f4; padding: 0.1rem 0.3rem; border-radius: 3px; }
</style>
</head>
<body>
<main>
<h1>Partner API sandbox</h1>
<p>This is a local emulator of the partner API. Open DevTools (F12, or Ctrl+Shift+I / Cmd+Option+I)
and choose the <strong>"Partner API"</strong> panel (it may sit behind the » menu).</p>
<h2>Profile values</h2>
<table>
${row('Auth URL', url)}
${row('Base URL', url)}
${row('Company ID', credentials.companyId)}
${row('Client ID', credentials.clientId)}
</table>
<p>The API key and the client secret are not shown here: the command that started the sandbox
(<code>npm run sandbox</code> or <code>npm start</code>) printed them in its terminal.</p>
<h2>Things to try</h2>
<ul>
<li><code>GET /v1/products</code>, <code>GET /v1/products/prd_1001</code>, <code>GET /v1/company</code>, <code>GET /v1/ping</code></li>
<li><code>POST /v1/orders</code> with a JSON object body</li>
<li>Fault switches: <code>GET ${escapeHtml(url)}/__sandbox/switches</code>, changed with a <code>POST</code> of JSON to the same address</li>
<li>What the sandbox received: <code>GET ${escapeHtml(url)}/__sandbox/requests</code> (secrets masked)</li>
<li>The panel's Capture tab: open <a href="/demo-app">a demo web app</a> that calls the API from its own JavaScript, with DevTools on it</li>
</ul>
</main>
</body>
</html>
`;
}
