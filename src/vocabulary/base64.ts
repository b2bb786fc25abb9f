/**
 * Standard base64 (RFC 4648 §4) of bytes, as `btoa`/`atob` read and write it, for any size: the
 * bytes go through `String.fromCharCode` in chunks, since one call with millions of arguments
 * overflows the stack. Used by the vault, the packed import text and answer bodies kept as bytes.
 */

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
