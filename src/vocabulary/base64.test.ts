/** Base64 that survives every byte and agrees with Node's own encoder. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from './base64';

describe('base64', () => {
  it.each([
    ['no bytes', new Uint8Array(0)],
    ['every byte value', Uint8Array.from({ length: 256 }, (_, index) => index)],
    ['one chunk exactly', new Uint8Array(randomBytes(0x8000))],
    ['one byte over a chunk', new Uint8Array(randomBytes(0x8001))],
    ['100 KB', new Uint8Array(randomBytes(100 * 1024))],
  ])('round-trips %s, and agrees with Node’s encoder', (_, bytes) => {
    const text = toBase64(bytes);
    expect(text).toBe(Buffer.from(bytes).toString('base64'));
    expect(fromBase64(text)).toEqual(bytes);
  });
});
