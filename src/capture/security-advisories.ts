/**
 * The security advisories of spec section 5.1 for a captured call. The inspected page is a web
 * application, so a credential in its requests is one its users can read too:
 * - an `x-apikey` sent by the page: the API key sits in client-side code, which the spec advises
 *   against for web applications (prominent);
 * - a token request made by the page: the client secret is in the browser (critical).
 * Each names where the call came from (the script and line DevTools recorded, or where to find
 * them when DevTools gave none) and what to do.
 */
import type { CallMatch } from './call-matching';
import type { CapturedCall } from './captured-call';
import type { Finding } from './finding';

/**
 * When DevTools handed no initiator (Firefox's DevTools never give one to extensions; Chrome's
 * sometimes lack a script), the finding says where to look instead of leaving the script out
 * in silence.
 */
const SENDER_UNKNOWN =
  ' (DevTools did not tell the extension which script sent it: the Network panel’s Initiator column shows it)';

/** ` (sent by https://shop.example/app.js, line 42)`, or where to find out when it is not known. */
function sentBy(call: CapturedCall): string {
  const url = call.initiator?.url;
  if (url === null || url === undefined) return SENDER_UNKNOWN;
  const line = call.initiator?.lineNumber;
  const shown = url.length > 120 ? `${url.slice(0, 120)}…` : url;
  return ` (sent by ${shown}${line === null || line === undefined ? '' : `, line ${line}`})`;
}

export function adviseOnCall(call: CapturedCall, match: CallMatch): Finding[] {
  const findings: Finding[] = [];
  const keys = call.facts.apiKeys;
  if (match.kind === 'api' && (keys.length > 0 || call.facts.otherKeyHeaders.length > 0)) {
    const masked = keys[0] === undefined ? '' : ` (${keys[0]})`;
    findings.push({
      code: 'api-key-in-page',
      kind: 'security',
      severity: 'high',
      message: `This page sends the API key${masked} from its own JavaScript${sentBy(call)}. The spec advises against API keys in web applications: anyone who opens the page can read the key, as DevTools does here.`,
      hint: 'Call the API from your server and keep the key there (in a secret vault), or use OAuth client credentials from a backend. The key has been exposed: ask the professional services team to replace it.',
    });
  }
  const basic = call.facts.authorization.some((fact) => fact.scheme.toLowerCase() === 'basic');
  if (match.kind === 'token' && (basic || call.facts.form?.clientSecret === true)) {
    findings.push({
      code: 'client-secret-in-page',
      kind: 'security',
      severity: 'critical',
      message: `This page requests access tokens itself${sentBy(call)}, so its client secret is in the browser: anyone who opens the page can read the secret and get tokens for your client.`,
      hint: 'Run the token request on your server only, and give the page no client secret. The secret has been exposed: ask the professional services team to replace it.',
    });
  }
  return findings;
}
