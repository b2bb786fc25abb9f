/**
 * `GET /demo-app`: a small web app that calls the partner API from the browser the way the spec
 * advises against (spec 5.1), so that the panel's Capture tab has a page to watch. Its script holds
 * the sandbox's demo API key in client-side JavaScript, sends one call without `companyId`, one
 * that keeps the contract, and, on request, runs the token grant in the page (a client secret in
 * the browser). Only demo values: they open nothing but this emulator.
 */
import type { SandboxCredentials } from './credentials';
import type { Reply } from './reply';
import { htmlReply } from './reply';

const CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

export const DEMO_APP_PATH = '/demo-app';
export const DEMO_APP_SCRIPT_PATH = '/demo-app.js';

export function demoAppPage(): Reply {
  return htmlReply(
    200,
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Demo partner web app</title>
<style>body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; }</style>
<script src="${DEMO_APP_SCRIPT_PATH}" defer></script>
</head>
<body>
<main>
<h1>Demo partner web app</h1>
<p>This page calls the sandbox from its own JavaScript, as a partner's web app might. Open
DevTools on it, choose the Partner API panel and its Capture tab, then press a button.</p>
<p><button type="button" id="call-api">Call the API</button>
<button type="button" id="get-token">Get a token in the page</button></p>
<pre id="log" aria-live="polite"></pre>
</main>
</body>
</html>
`,
    { 'content-security-policy': CSP },
  );
}

export function demoAppScript(credentials: SandboxCredentials): Reply {
  const script = `// A web app holding its API key in client-side code: what the spec says not to do.
const API_KEY = ${JSON.stringify(credentials.apiKey)};
const COMPANY_ID = ${JSON.stringify(credentials.companyId)};
const CLIENT_ID = ${JSON.stringify(credentials.clientId)};
const CLIENT_SECRET = ${JSON.stringify(credentials.clientSecret)};
const log = (line) => { document.getElementById('log').textContent += line + '\\n'; };
document.getElementById('call-api').addEventListener('click', async () => {
  // Forgets companyId:
  const products = await fetch('/v1/products', { headers: { 'x-apikey': API_KEY } });
  log('GET /v1/products: ' + products.status);
  const ping = await fetch('/v1/ping', {
    headers: { 'x-apikey': API_KEY, companyId: COMPANY_ID, 'Content-Type': 'application/json' },
  });
  log('GET /v1/ping: ' + ping.status);
});
document.getElementById('get-token').addEventListener('click', async () => {
  const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
  const token = await fetch('/o/oauth/accesstoken', { method: 'POST', body });
  log('POST /o/oauth/accesstoken: ' + token.status);
});
`;
  return {
    status: 200,
    contentType: 'text/javascript; charset=utf-8',
    body: script,
    headers: { 'content-security-policy': CSP },
  };
}
