/**
 * Reads a request body as UTF-8 text, up to a limit. Past the limit it keeps reading but stops
 * storing, and only then reports the overflow: answering 413 while the client is still uploading
 * makes many clients report a reset connection instead of the 413.
 */
import type { IncomingMessage } from 'node:http';

export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export type BodyResult = { ok: true; body: string } | { ok: false; receivedBytes: number };

export function readBody(
  req: IncomingMessage,
  limitBytes: number = MAX_BODY_BYTES,
): Promise<BodyResult> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limitBytes) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.on('end', () =>
      resolve(
        received <= limitBytes
          ? { ok: true, body: Buffer.concat(chunks).toString('utf8') }
          : { ok: false, receivedBytes: received },
      ),
    );
    req.on('error', reject);
  });
}
