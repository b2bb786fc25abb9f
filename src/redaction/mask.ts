/**
 * Masked views of secrets. A mask never shows more than the last 4 characters, and shows fewer for
 * short values so that a mask can never give away most of a secret.
 */

export const MASK = '••••';

export function maskSecret(secret: string): string {
  if (secret.length === 0) return '';
  const shown = Math.min(4, Math.floor(secret.length / 4));
  return MASK + (shown > 0 ? secret.slice(-shown) : '');
}

/** `text` with every one of `secrets` (4 characters or more) replaced by its masked view. */
export function maskSecretsIn(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets)
    if (secret.length >= 4) out = out.split(secret).join(maskSecret(secret));
  return out;
}

/** A personal datum shown by default as its first letter and domain: `d••••@example.com`. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? `${email[0]}${MASK}${email.slice(at)}` : MASK;
}
