/**
 * The token response of spec 5.3, in both forms and in the key order an Apigee gateway uses (the
 * order of the response in Apigee's own documentation). Clients must not depend on key order, but
 * a reader comparing the panel with a real response should find the same picture.
 *
 * Short form: the fields the spec lists without "present in the longer form".
 * Long form: adds refresh_count, scope, api_product_list_json and application_name.
 */
import type { SandboxCredentials } from './credentials';
import type { SandboxSwitches } from './switches';
import type { IssuedToken } from './token-store';

export { API_PRODUCTS } from './api-products';
export const ORGANIZATION_NAME = 'partner-sandbox';
/** Apigee names the app by an id; fixed so that it can be recognised across runs. */
export const APPLICATION_NAME = '5f0c3c1e-9a4b-4e0d-8c7a-2b6d1e9f4a37';
export const DEVELOPER_EMAIL = 'developer@example.com';

type TokenResponseSwitches = Pick<SandboxSwitches, 'tokenForm' | 'numbersAsStrings'>;

export function buildTokenResponse(
  issued: IssuedToken,
  credentials: SandboxCredentials,
  switches: TokenResponseSwitches,
): Record<string, unknown> {
  const long = switches.tokenForm === 'long';
  // Real Apigee gateways send every number as a string; the spec's table says integer.
  const number = (value: number) => (switches.numbersAsStrings ? String(value) : value);
  const expiresIn = Math.round((issued.expiresAt - issued.issuedAt) / 1000);
  const response: Record<string, unknown> = {
    refresh_token_expires_in: number(0),
    // The products the token was minted with: the app's products at that moment.
    api_product_list: `[${issued.products.join(', ')}]`,
  };
  if (long) response.api_product_list_json = [...issued.products];
  response.organization_name = ORGANIZATION_NAME;
  response['developer.email'] = DEVELOPER_EMAIL;
  response.token_type = 'Bearer';
  response.issued_at = String(issued.issuedAt);
  response.client_id = credentials.clientId;
  response.access_token = issued.accessToken;
  if (long) {
    response.application_name = APPLICATION_NAME;
    response.scope = issued.scope;
  }
  response.expires_in = number(expiresIn);
  if (long) response.refresh_count = '0';
  response.status = 'approved';
  return response;
}
