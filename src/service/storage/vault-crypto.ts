/**
 * The passphrase lock's cryptography, on Web Crypto alone (the same code runs in the worker and in
 * Node's tests). Invariant: a passphrase is only ever stretched here and then dropped; what is kept
 * is the derived key (in `storage.session`, by the worker) and ciphertexts that name what they
 * protect, so a record moved to another profile or field list no longer opens.
 *
 * PBKDF2-SHA256 with 600 000 iterations (OWASP's figure for it) and a random 16-byte salt derives
 * 256 bits; they become a non-extractable AES-GCM-256 key; every encryption draws a fresh 12-byte IV.
 */
import { fromBase64, toBase64 } from '../../vocabulary/base64';

export const KDF_ITERATIONS = 600_000;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const KEY_BITS = 256;

/** A ciphertext with the IV it was made with, both base64. */
export interface Sealed {
  iv: string;
  data: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function randomSalt(): string {
  return toBase64(crypto.getRandomValues(new Uint8Array(SALT_BYTES)));
}

/**
 * Stretches a passphrase into raw key bits. The passphrase is NFC-normalised first, so the same
 * words typed on another keyboard or system give the same key.
 */
export async function deriveKeyBits(
  passphrase: string,
  salt: string,
  iterations: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const material = await crypto.subtle.importKey(
    'raw',
    encoder.encode(passphrase.normalize('NFC')),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64(salt), iterations },
    material,
    KEY_BITS,
  );
  return new Uint8Array(bits);
}

/** The key the records are sealed with: usable for AES-GCM, never exportable from Web Crypto. */
export function importVaultKey(bits: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', bits, { name: 'AES-GCM', length: KEY_BITS }, false, [
    'encrypt',
    'decrypt',
  ]);
}

/** Encrypts `plaintext` under a fresh IV, bound to `context` (authenticated, not encrypted). */
export async function seal(key: CryptoKey, plaintext: string, context: string): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(context) },
    key,
    encoder.encode(plaintext),
  );
  return { iv: toBase64(iv), data: toBase64(new Uint8Array(data)) };
}

/**
 * The plaintext, or null when this key did not seal it for this context (a wrong passphrase, or a
 * record that was altered or moved): AES-GCM authenticates before it decrypts.
 */
export async function open(
  key: CryptoKey,
  sealed: Sealed,
  context: string,
): Promise<string | null> {
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(sealed.iv), additionalData: encoder.encode(context) },
      key,
      fromBase64(sealed.data),
    );
    return decoder.decode(plain);
  } catch (error) {
    if (error instanceof Error && error.name === 'OperationError') return null;
    throw error;
  }
}
