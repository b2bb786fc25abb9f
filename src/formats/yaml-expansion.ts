/**
 * The bound on what YAML aliases may add. An alias (`*name`) makes the parser reuse the node its
 * anchor (`&name`) names, so a few hundred bytes of anchors of anchors (the "billion laughs")
 * parse at once into a tree of billions of nodes that every later walk (the importers, the secret
 * checks, the schema checks) visits one by one: 537 bytes froze the panel for 28 s, nine times
 * longer for every extra level. The parsed value is measured here before anything walks it:
 * shared nodes are counted once per place they appear, each distinct node measured once (time
 * linear in the distinct nodes), and a value that aliases grow by more than MAX_ALIAS_GROWTH nodes
 * is refused. Reusing a block a few times, as an OpenAPI document or a hand-written file does, stays
 * far below that.
 */

/** Nodes that aliases may add to a document (each place a shared node appears, less the first). */
export const MAX_ALIAS_GROWTH = 100_000;

/** What to tell the user when a document is refused for its aliases. */
export const ALIAS_GROWTH_REASON = `its anchors and aliases (&name, *name) expand to more than ${MAX_ALIAS_GROWTH.toLocaleString('en-US')} extra values, which would freeze the panel (an "alias bomb"): write the repeated parts out, or remove the aliases, and import it again`;

/**
 * True when `value` (as a YAML parser returned it: plain objects and arrays, possibly shared, possibly
 * cyclic) holds more than MAX_ALIAS_GROWTH nodes beyond its distinct ones. A cycle counts as
 * unbounded growth.
 */
export function aliasesGrowTooMuch(value: unknown): boolean {
  const cap = Number.MAX_SAFE_INTEGER;
  /** Expanded size of each distinct object met so far. */
  const sizes = new Map<object, number>();
  const open = new Set<object>();
  let distinct = 0;
  const sizeOf = (node: unknown): number => {
    if (node === null || typeof node !== 'object') {
      distinct += 1;
      return 1;
    }
    const known = sizes.get(node);
    if (known !== undefined) return known;
    if (open.has(node)) return cap; // a node inside itself: endless once expanded
    open.add(node);
    distinct += 1;
    let size = 1;
    const children = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) size = Math.min(cap, size + sizeOf(child));
    open.delete(node);
    sizes.set(node, size);
    return size;
  };
  const expanded = sizeOf(value);
  return expanded - distinct > MAX_ALIAS_GROWTH;
}
