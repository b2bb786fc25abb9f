/**
 * Reading an answer's body within a byte cap, and turning it into what the panel shows: text, or an
 * image as base64. A huge or endless body is cut at the cap and read no further.
 */
import { toBase64 } from '../../vocabulary/base64';

export interface CappedBody {
  data: Uint8Array;
  bytes: number;
  truncated: boolean;
}

/** Images up to this size come back as base64 so the panel can show them. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export async function readCappedBody(response: Response, maxBytes: number): Promise<CappedBody> {
  if (response.body === null) return { data: new Uint8Array(0), bytes: 0, truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - bytes;
    if (value.byteLength > room) {
      chunks.push(value.subarray(0, room));
      bytes += room;
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    bytes += value.byteLength;
  }
  const all = new Uint8Array(bytes);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { data: all, bytes, truncated };
}

export function bodyFields(
  contentType: string,
  body: CappedBody,
): { bodyText: string; bodyBase64?: string } {
  if (/^image\//i.test(contentType) && !body.truncated && body.bytes <= MAX_IMAGE_BYTES) {
    return { bodyText: '', bodyBase64: toBase64(body.data) };
  }
  return { bodyText: new TextDecoder('utf-8').decode(body.data) };
}
