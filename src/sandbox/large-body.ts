/**
 * A valid JSON document of a chosen size, for the `largeBodyBytes` switch: clients must stay
 * responsive when an answer is megabytes long. The document is `{"items":[{"id":0,"filler":"…"},…]}`
 * and exactly the size asked for (never less than the 12 bytes of an empty list). The last one built is
 * kept, so a client hammering the sandbox does not make it rebuild 100 MB per request.
 */

const HEAD = '{"items":[';
const TAIL = ']}';
const FILLER = 'x'.repeat(1000);

let cached: { bytes: number; body: Buffer } | null = null;

function buildLargeJson(bytes: number): string {
  const parts: string[] = [];
  let budget = bytes - HEAD.length - TAIL.length;
  for (let id = 0; ; id++) {
    const separator = parts.length > 0 ? 1 : 0;
    const bare = `{"id":${id},"filler":""}`.length + separator;
    if (budget < bare) break;
    const filler = Math.min(FILLER.length, budget - bare);
    parts.push(`{"id":${id},"filler":"${FILLER.slice(0, filler)}"}`);
    budget -= bare + filler;
  }
  // What is left is too little for one more item; JSON allows whitespace there.
  return HEAD + parts.join(',') + ' '.repeat(Math.max(0, budget)) + TAIL;
}

export function largeJsonBody(bytes: number): Buffer {
  if (cached?.bytes !== bytes) cached = { bytes, body: Buffer.from(buildLargeJson(bytes), 'utf8') };
  return cached.body;
}
