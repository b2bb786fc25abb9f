/**
 * The collection-level pre-request script of an OAuth export: Postman's and newman's own OAuth 2.0
 * settings cannot fetch a client-credentials token from the command line (postmanlabs/newman#2996),
 * so the exported collection carries a script that does. It runs in the Postman sandbox, so it is
 * written in ES5 and uses only what that sandbox documents: `pm.*`, `btoa`, `encodeURIComponent`.
 *
 * What it does before every request: reuse the token cached in collection variables until 60 s
 * before it expires; otherwise POST `{{authUrl}}/o/oauth/accesstoken` (variant A or B of spec 4.1)
 * and cache the answer; then set `Authorization: Bearer <token>`. When it cannot, it fails a test
 * named "Partner API access token" with the token endpoint's answer (so `newman run` exits 1) and
 * skips the request rather than sending it without credentials. The script never prints a secret.
 */
import type { CollectionAuth } from '../../collections/model';
import { AUTH_VARIABLES } from '../../collections/model';
import { tokenScriptMarker } from './postman-names';

/** Collection variables the script keeps its cache in; none is exported. */
export const TOKEN_CACHE_VARIABLES = {
  token: 'partnerApiAccessToken',
  expiresAt: 'partnerApiAccessTokenExpiresAt',
  key: 'partnerApiAccessTokenKey',
} as const;

export const TOKEN_TEST_NAME = 'Partner API access token';
export const REFRESH_MARGIN_MS = 60_000;

/** The script body; `%NAME%` placeholders are filled with JSON string or boolean literals. */
const BODY = String.raw`(function () {
  function refuse(message) {
    // A failed test makes newman and the Postman runner report the run as failed.
    pm.test(%TEST_NAME%, function () {
      throw new Error(message);
    });
    if (pm.execution && typeof pm.execution.skipRequest === 'function') {
      pm.execution.skipRequest();
    }
  }
  function setting(name) {
    var value = pm.variables.get(name);
    return value === undefined || value === null ? '' : String(value);
  }
  // application/x-www-form-urlencoded, as RFC 6749 2.3.1 asks (space as +).
  function formEncode(text) {
    return encodeURIComponent(text)
      .replace(/[!'()~]/g, function (c) {
        return '%' + c.charCodeAt(0).toString(16).toUpperCase();
      })
      .replace(/%20/g, '+');
  }
  // Base64 of the UTF-8 bytes: btoa alone takes Latin-1 only.
  function base64Utf8(text) {
    return btoa(unescape(encodeURIComponent(text)));
  }
  function wholeNumber(value) {
    var text = String(value);
    return /^[0-9]+$/.test(text) ? Number(text) : NaN;
  }
  function useToken(token) {
    pm.request.headers.upsert({ key: 'Authorization', value: 'Bearer ' + token });
  }

  var authUrl = setting(%AUTH_URL%).replace(/\/+$/, '');
  var clientId = setting(%CLIENT_ID%);
  var clientSecret = setting(%CLIENT_SECRET%);
  var missing = [];
  if (authUrl === '') missing.push(%AUTH_URL%);
  if (clientId === '') missing.push(%CLIENT_ID%);
  if (clientSecret === '') missing.push(%CLIENT_SECRET%);
  if (missing.length > 0) {
    refuse('Set ' + missing.join(', ') + ' in an environment, or run newman with --env-var ' + missing[0] + '=...');
    return;
  }

  var cacheKey = VARIANT + ' ' + authUrl + ' ' + clientId;
  var cached = pm.collectionVariables.get(%CACHE_TOKEN%);
  var cachedUntil = Number(pm.collectionVariables.get(%CACHE_EXPIRES_AT%));
  if (cached && pm.collectionVariables.get(%CACHE_KEY%) === cacheKey && Date.now() < cachedUntil - REFRESH_MARGIN_MS) {
    useToken(cached);
    return;
  }

  var url = authUrl + '/o/oauth/accesstoken';
  var header = [{ key: 'Content-Type', value: 'application/x-www-form-urlencoded' }];
  var body = 'grant_type=client_credentials';
  try {
    if (VARIANT === 'basic') {
      var id = FORM_ENCODE_CREDENTIALS ? formEncode(clientId) : clientId;
      var secret = FORM_ENCODE_CREDENTIALS ? formEncode(clientSecret) : clientSecret;
      header.push({ key: 'Authorization', value: 'Basic ' + base64Utf8(id + ':' + secret) });
    } else {
      body += '&client_id=' + formEncode(clientId) + '&client_secret=' + formEncode(clientSecret);
    }
  } catch (error) {
    refuse('clientId or clientSecret contains text that cannot be encoded (' + error.message + ').');
    return;
  }

  var requestedAt = Date.now();
  pm.sendRequest({ url: url, method: 'POST', header: header, body: { mode: 'raw', raw: body } }, function (error, response) {
    if (error) {
      refuse('The token request to ' + url + ' failed: ' + (error.message || String(error)));
      return;
    }
    var text = response.text();
    var answer = 'POST ' + url + ' answered ' + response.code + ' ' + response.status + ': ' + text.slice(0, 1000);
    if (response.code < 200 || response.code > 299) {
      refuse('The token endpoint refused the client credentials. ' + answer);
      return;
    }
    var data = null;
    try {
      data = JSON.parse(text);
    } catch (parseError) {
      refuse('The token endpoint did not answer JSON. ' + answer);
      return;
    }
    if (!data || typeof data.access_token !== 'string' || data.access_token === '') {
      refuse('The token endpoint answered without an access_token. ' + answer);
      return;
    }
    // expires_in is seconds, issued_at milliseconds; a server clock ahead of ours must not make
    // a token look younger than it is. Without a lifetime the token is used once.
    var lifetime = wholeNumber(data.expires_in);
    var issuedAt = wholeNumber(data.issued_at);
    var start = issuedAt > 0 && issuedAt < requestedAt ? issuedAt : requestedAt;
    pm.collectionVariables.set(%CACHE_TOKEN%, data.access_token);
    pm.collectionVariables.set(%CACHE_EXPIRES_AT%, String(isNaN(lifetime) ? 0 : start + lifetime * 1000));
    pm.collectionVariables.set(%CACHE_KEY%, cacheKey);
    useToken(data.access_token);
  });
})();`;

export function tokenScriptLines(auth: CollectionAuth): string[] {
  const variant = auth.method === 'oauthBody' ? 'body' : 'basic';
  const values: Record<string, string> = {
    TEST_NAME: TOKEN_TEST_NAME,
    AUTH_URL: AUTH_VARIABLES.authUrl,
    CLIENT_ID: AUTH_VARIABLES.clientId,
    CLIENT_SECRET: AUTH_VARIABLES.clientSecret,
    CACHE_TOKEN: TOKEN_CACHE_VARIABLES.token,
    CACHE_EXPIRES_AT: TOKEN_CACHE_VARIABLES.expiresAt,
    CACHE_KEY: TOKEN_CACHE_VARIABLES.key,
  };
  const body = BODY.replace(/%([A-Z_]+)%/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : `'${value}'`;
  });
  const header = [
    tokenScriptMarker(auth.method, auth.formEncodeCredentials),
    '// Generated by Partner API DevTools. Gets an OAuth 2.0 client-credentials token from',
    `// {{${AUTH_VARIABLES.authUrl}}}/o/oauth/accesstoken (${variant === 'basic' ? 'variant A: Basic header' : 'variant B: credentials in the form body'}), caches it until`,
    '// 60 s before it expires and sends it as Authorization: Bearer on every request.',
    `// Set ${AUTH_VARIABLES.authUrl}, ${AUTH_VARIABLES.clientId} and ${AUTH_VARIABLES.clientSecret} in an environment (never in the collection).`,
    `var VARIANT = '${variant}';`,
    `var FORM_ENCODE_CREDENTIALS = ${auth.formEncodeCredentials};`,
    `var REFRESH_MARGIN_MS = ${REFRESH_MARGIN_MS};`,
  ];
  return [...header, ...body.split('\n')];
}
