/**
 * The contract check of a captured token request, from spec section 4.1: a POST with a form body
 * (`application/x-www-form-urlencoded`), `grant_type=client_credentials`, and the client
 * credentials sent one way: a Basic header (variant A) or `client_id` and `client_secret` in the
 * form (variant B). That the page makes a token request at all is a security advisory
 * (security-advisories.ts).
 */
import type { CapturedCall } from './captured-call';
import { contractFinding as contract, type Finding, quoteValue } from './finding';

export function checkTokenRequest(call: CapturedCall): Finding[] {
  const findings: Finding[] = [];
  if (call.method.toUpperCase() !== 'POST') {
    findings.push(
      contract(
        'token-method',
        'error',
        `The token request uses ${call.method.slice(0, 10)}; the token endpoint takes POST.`,
        'Send the token request as POST with a form body (spec section 4.1).',
      ),
    );
  }
  const [type] = call.facts.contentTypes;
  if (type === undefined || !/^application\/x-www-form-urlencoded\b/i.test(type.trim())) {
    findings.push(
      contract(
        'token-content-type',
        'error',
        type === undefined
          ? 'The token request has no Content-Type header; the token endpoint reads application/x-www-form-urlencoded.'
          : `The token request sends Content-Type ${quoteValue(type)}; the token endpoint reads application/x-www-form-urlencoded.`,
        'Send the body form-encoded (grant_type=client_credentials&…) with Content-Type: application/x-www-form-urlencoded.',
      ),
    );
  }
  const grant = call.facts.form?.grantType ?? null;
  if (grant !== 'client_credentials') {
    findings.push(
      contract(
        'token-grant-type',
        'error',
        grant === null
          ? 'The token request has no grant_type.'
          : `The token request asks for grant_type ${quoteValue(grant)}.`,
        'Send grant_type=client_credentials: the only grant the service offers.',
      ),
    );
  }
  const basic = call.facts.authorization.some((fact) => fact.scheme.toLowerCase() === 'basic');
  const inBody = call.facts.form?.clientSecret === true;
  if (basic && inBody) {
    findings.push(
      contract(
        'token-credentials-twice',
        'warning',
        'The token request sends the client credentials twice: in a Basic header (variant A) and in the body (variant B).',
        'Use one of the two variants.',
      ),
    );
  } else if (!basic && !inBody) {
    findings.push(
      contract(
        'token-credentials-missing',
        'error',
        'The token request carries no client credentials.',
        'Send them as Authorization: Basic base64(client_id:client_secret), or as client_id and client_secret in the form.',
      ),
    );
  }
  return findings;
}
