/**
 * Header rules shared by every request the worker sends: what a header name and value may contain,
 * and which headers belong to the service contract (spec 4.2) so that a user header cannot
 * silently replace them.
 */

import { MASK, maskSecret } from '../../redaction/mask';
import { fail, ok, type Result } from '../../vocabulary/errors';
import { isHeaderName } from '../../vocabulary/header-name';
import type { NameValue } from '../../vocabulary/terms';

export const CONTRACT_HEADERS = ['content-type', 'companyid', 'x-apikey', 'authorization'] as const;
const SECRET_HEADERS = new Set(['x-apikey', 'authorization']);

export function checkHeaderValue(value: string, label: string): Result<string> {
  if (/[\r\n]/.test(value)) {
    return fail(
      'invalid_request',
      `${label} contains a line break.`,
      'Remove the line break (often a newline copied along with a pasted value).',
    );
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we look for
  if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(value)) {
    return fail('invalid_request', `${label} contains a control character.`, 'Retype the value.');
  }
  if (/[\u0100-\uffff]/.test(value)) {
    return fail(
      'invalid_request',
      `${label} contains characters that HTTP headers cannot carry (such as € or emoji).`,
      'Use plain ASCII in header values, or percent-encode the text if the API expects that.',
    );
  }
  return ok(value);
}

export function checkUserHeader(header: NameValue): Result<NameValue> {
  const name = header.name.trim();
  if (!isHeaderName(name)) {
    return fail(
      'invalid_request',
      `The header name "${name.slice(0, 40)}" is not valid.`,
      'A header name uses letters, digits and - only, e.g. X-Request-Id.',
    );
  }
  if ((CONTRACT_HEADERS as readonly string[]).includes(name.toLowerCase())) {
    return fail(
      'invalid_request',
      `The header ${name} is set by the profile and cannot be overridden.`,
      'Remove it from the extra headers; change the profile to change Content-Type, companyId or authentication.',
    );
  }
  const value = checkHeaderValue(header.value, `The value of header ${name}`);
  if (!value.ok) return value;
  return ok({ name, value: header.value });
}

/**
 * The same headers with the values of secret-bearing headers masked, for display and history.
 * A Basic value is hidden whole: the tail of its base64 would give away the end of the secret.
 */
export function redactHeaders(headers: readonly NameValue[]): NameValue[] {
  return headers.map(({ name, value }) => {
    if (!SECRET_HEADERS.has(name.toLowerCase())) return { name, value };
    const space = value.indexOf(' ');
    if (name.toLowerCase() !== 'authorization' || space <= 0)
      return { name, value: maskSecret(value) };
    const scheme = value.slice(0, space);
    const credential = value.slice(space + 1);
    return {
      name,
      value: `${scheme} ${scheme.toLowerCase() === 'basic' ? MASK : maskSecret(credential)}`,
    };
  });
}
