/**
 * Finds every place of every one of a set of literal strings (needles) in a text in one reading of
 * it: one regular expression of them all (their first characters, longest first), and at each
 * place it stops, every needle that starts there. The answer is the same as one `indexOf` loop per
 * needle (every occurrence, overlapping ones too, in order), at the cost of one scan instead of
 * one per needle: the redaction (known-secret-redaction.ts) looks for a dozen or more forms of its secrets in
 * answers of up to 16 MB.
 */
import { escapeLiteral } from './secret-forms';

/** Where each needle occurs, in increasing order; a needle that does not occur has no entry. */
export type NeedleHits = ReadonlyMap<string, readonly number[]>;

/** How much of each needle the expression looks for (the rest is compared where it stops). */
const MAX_NEEDLE_START = 64;

export function needleScanner(needles: readonly string[]): (text: string) => NeedleHits {
  const unique = [...new Set(needles)].filter((needle) => needle !== '');
  if (unique.length === 0) return () => new Map();
  unique.sort((a, b) => b.length - a.length);
  // The expression holds the needles' first characters only: a 100 KB token would make it too
  // large to compile. Every place it stops is then checked against the whole needles.
  const starts = [...new Set(unique.map((needle) => needle.slice(0, MAX_NEEDLE_START)))];
  const anyNeedle = new RegExp(starts.map(escapeLiteral).join('|'), 'g');
  return (text) => {
    const hits = new Map<string, number[]>();
    anyNeedle.lastIndex = 0;
    for (let hit = anyNeedle.exec(text); hit !== null; hit = anyNeedle.exec(text)) {
      const at = hit.index;
      for (const needle of unique) {
        if (!text.startsWith(needle, at)) continue;
        const places = hits.get(needle);
        if (places === undefined) hits.set(needle, [at]);
        else places.push(at);
      }
      anyNeedle.lastIndex = at + 1;
    }
    return hits;
  };
}
