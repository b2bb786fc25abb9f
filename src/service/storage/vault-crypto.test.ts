/**
 * The lock's cryptography: a key derivation that matches
 * published PBKDF2-SHA256 vectors and Node's own implementation, a key that cannot leave Web
 * Crypto, and sealed texts that open only with their key, IV and context.
 */
import { pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from '../../vocabulary/base64';
import {
  deriveKeyBits,
  importVaultKey,
  KDF_ITERATIONS,
  open,
  randomSalt,
  type Sealed,
  seal,
} from './vault-crypto';

/** Few iterations where only the derivation's inputs matter, not its cost. */
const FAST = 1_000;
const SALT = toBase64(new Uint8Array(16).fill(7));
const CONTEXT = 'partner-api-devtools/test/v1';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

async function keyFrom(passphrase: string, salt = SALT): Promise<CryptoKey> {
  return importVaultKey(await deriveKeyBits(passphrase, salt, FAST));
}

/** `sealed` with one bit of its ciphertext flipped at byte `index` (negative: from the end). */
function flipped(sealed: Sealed, index: number): Sealed {
  const bytes = fromBase64(sealed.data);
  const at = index < 0 ? bytes.length + index : index;
  bytes[at] = (bytes[at] as number) ^ 0x01;
  return { ...sealed, data: toBase64(bytes) };
}

describe('salts', () => {
  it('makes 16-byte random salts, a new one each time', () => {
    const salts = new Set(Array.from({ length: 20 }, () => randomSalt()));
    expect(salts.size).toBe(20);
    for (const salt of salts) expect(fromBase64(salt)).toHaveLength(16);
  });
});

describe('deriveKeyBits', () => {
  it('matches the PBKDF2-HMAC-SHA256 vectors published in RFC 7914, section 11', async () => {
    const salt = (text: string) => Buffer.from(text).toString('base64');
    expect(hex(await deriveKeyBits('passwd', salt('salt'), 1))).toBe(
      '55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc',
    );
    expect(hex(await deriveKeyBits('Password', salt('NaCl'), 80_000))).toBe(
      '4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56',
    );
  });

  it('at the lock’s 600 000 iterations gives what Node’s PBKDF2-SHA256 gives', async () => {
    expect(KDF_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    const passphrase = 'correct horse battery staple ü';
    const salt = randomSalt();
    const bits = await deriveKeyBits(passphrase, salt, KDF_ITERATIONS);
    const expected = pbkdf2Sync(
      Buffer.from(passphrase.normalize('NFC'), 'utf8'),
      Buffer.from(salt, 'base64'),
      KDF_ITERATIONS,
      32,
      'sha256',
    );
    expect(hex(bits)).toBe(expected.toString('hex'));
  });

  it('gives 256 bits, the same for the same passphrase and salt', async () => {
    const first = await deriveKeyBits('fixture passphrase', SALT, FAST);
    expect(first).toHaveLength(32);
    expect(await deriveKeyBits('fixture passphrase', SALT, FAST)).toEqual(first);
  });

  it('gives other bits for another salt, passphrase or iteration count', async () => {
    const first = hex(await deriveKeyBits('fixture passphrase', SALT, FAST));
    const otherSalt = toBase64(new Uint8Array(16).fill(8));
    expect(hex(await deriveKeyBits('fixture passphrase', otherSalt, FAST))).not.toBe(first);
    expect(hex(await deriveKeyBits('fixture passphrasE', SALT, FAST))).not.toBe(first);
    expect(hex(await deriveKeyBits('fixture passphrase ', SALT, FAST))).not.toBe(first);
    expect(hex(await deriveKeyBits('fixture passphrase', SALT, FAST + 1))).not.toBe(first);
  });

  it('gives the same bits for a passphrase typed composed (NFC) or decomposed (NFD)', async () => {
    const composed = 'caf\u00e9 cr\u00e8me br\u00fbl\u00e9e';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    const bits = hex(await deriveKeyBits(composed, SALT, FAST));
    expect(hex(await deriveKeyBits(decomposed, SALT, FAST))).toBe(bits);
    expect(hex(await deriveKeyBits('cafe creme brulee', SALT, FAST))).not.toBe(bits);
  });
});

describe('importVaultKey', () => {
  it('makes an AES-GCM-256 key that Web Crypto refuses to export', async () => {
    const key = await keyFrom('fixture passphrase');
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    expect([...key.usages].sort()).toEqual(['decrypt', 'encrypt']);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
    await expect(crypto.subtle.exportKey('jwk', key)).rejects.toThrow();
  });
});

describe('seal and open', () => {
  it.each([
    ['text', 'fixture-api-key-0001'],
    ['nothing', ''],
    ['JSON with non-ASCII', '{"apiKey":"clé-ü-😀"}'],
  ])('opens what it sealed: %s', async (_, text) => {
    const key = await keyFrom('fixture passphrase');
    expect(await open(key, await seal(key, text, CONTEXT), CONTEXT)).toBe(text);
  });

  it('draws a fresh 12-byte IV for every seal, so the same text never looks the same', async () => {
    const key = await keyFrom('fixture passphrase');
    const sealed = await Promise.all(
      Array.from({ length: 10 }, () => seal(key, 'fixture-api-key-0001', CONTEXT)),
    );
    expect(new Set(sealed.map((item) => item.iv)).size).toBe(10);
    expect(new Set(sealed.map((item) => item.data)).size).toBe(10);
    for (const item of sealed) expect(fromBase64(item.iv)).toHaveLength(12);
  });

  it('does not carry the plaintext or its context in the sealed value', async () => {
    const key = await keyFrom('fixture passphrase');
    const text = 'fixture-client-secret-0001';
    const sealed = JSON.stringify(await seal(key, text, CONTEXT));
    expect(sealed).not.toContain(text);
    expect(sealed).not.toContain(Buffer.from(text).toString('base64').slice(0, 12));
    expect(sealed).not.toContain(CONTEXT);
  });

  describe('gives null, not a wrong text or an exception, for', () => {
    const text = 'fixture-api-key-0001';

    it('a key from another passphrase or salt', async () => {
      const sealed = await seal(await keyFrom('fixture passphrase'), text, CONTEXT);
      expect(await open(await keyFrom('another passphrase'), sealed, CONTEXT)).toBeNull();
      const otherSalt = toBase64(new Uint8Array(16).fill(9));
      expect(
        await open(await keyFrom('fixture passphrase', otherSalt), sealed, CONTEXT),
      ).toBeNull();
    });

    it('another context (a record moved elsewhere)', async () => {
      const key = await keyFrom('fixture passphrase');
      const sealed = await seal(key, text, CONTEXT);
      expect(await open(key, sealed, `${CONTEXT}x`)).toBeNull();
      expect(await open(key, sealed, '')).toBeNull();
    });

    it.each([0, 5, -1, -16, -17])('a ciphertext with one bit flipped at byte %i', async (index) => {
      const key = await keyFrom('fixture passphrase');
      const sealed = await seal(key, text, CONTEXT);
      expect(await open(key, flipped(sealed, index), CONTEXT)).toBeNull();
    });

    it('a ciphertext cut short, or empty', async () => {
      const key = await keyFrom('fixture passphrase');
      const sealed = await seal(key, text, CONTEXT);
      const bytes = fromBase64(sealed.data);
      const cut = { ...sealed, data: toBase64(bytes.subarray(0, bytes.length - 1)) };
      expect(await open(key, cut, CONTEXT)).toBeNull();
      expect(await open(key, { ...sealed, data: '' }, CONTEXT)).toBeNull();
    });

    it('the IV of another seal', async () => {
      const key = await keyFrom('fixture passphrase');
      const sealed = await seal(key, text, CONTEXT);
      const other = await seal(key, text, CONTEXT);
      expect(await open(key, { ...sealed, iv: other.iv }, CONTEXT)).toBeNull();
    });
  });
});
