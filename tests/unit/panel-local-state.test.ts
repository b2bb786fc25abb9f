/**
 * The panel keeps a `useState` only for what is truly its own (text being typed, a menu or
 * disclosure open, a drag under way, a form's fields): what the panel knows is the workspace
 * store's (src/workspace/). At most 40 in the panel's product files, counted as written.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const PANEL = join(import.meta.dirname, '..', '..', 'extension', 'panel');
const MAX_LOCAL_STATES = 40;

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return productFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** Each `useState(` or `useState<` call: the hook as the panel calls it. */
const calls = (text: string) => text.match(/\buseState\s*[(<]/g)?.length ?? 0;

describe('the panel’s own state', () => {
  it(`holds at most ${MAX_LOCAL_STATES} useState`, () => {
    const counted = productFiles(PANEL).reduce(
      (sum, file) => sum + calls(readFileSync(file, 'utf8')),
      0,
    );
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBeLessThanOrEqual(MAX_LOCAL_STATES);
  });

  it('counts calls, not imports', () => {
    expect(calls("import { useState } from 'preact/hooks';")).toBe(0);
    expect(calls('const [a] = useState(0); const [b] = useState<string>("");')).toBe(2);
  });
});
