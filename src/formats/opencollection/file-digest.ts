/**
 * A digest of a file's text: what the folder store keeps of each file at the last sync instead of
 * its text, so that IndexedDB (and the files of it on disk) never holds a collection file in clear,
 * nor a secret a teammate committed into one, with or without the lock. The sync only needs to tell
 * whether a file changed since, so 128 bits of a fast hash (four 32-bit lanes of a
 * multiply-xorshift over the UTF-16 code units, each with its own seed and multiplier) do: a change
 * that leaves all four lanes equal is not a practical concern. Synchronous, so that the pure sync
 * plan can use it.
 */

const LANES = [
  [0x9e3779b1, 0x5bd1e995],
  [0x85ebca77, 0x01000193],
  [0xc2b2ae3d, 0x27d4eb2d],
  [0x27d4eb2f, 0x165667b1],
] as const;

function lane(text: string, seed: number, multiplier: number): number {
  let hash = seed ^ text.length;
  for (let index = 0; index < text.length; index += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(index), multiplier);
    hash ^= hash >>> 15;
  }
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** 32 hex digits that change whenever `text` does. */
export function fileDigest(text: string): string {
  return LANES.map(([seed, multiplier]) =>
    lane(text, seed, multiplier).toString(16).padStart(8, '0'),
  ).join('');
}

/** `files` with each text replaced by its digest. */
export function digestFiles(files: ReadonlyMap<string, string>): Map<string, string> {
  return new Map([...files].map(([path, text]) => [path, fileDigest(text)]));
}
