/**
 * Every symbol the panel puts on screen is drawn by the fonts a plain Debian desktop has: a glyph
 * from the list below (each one is in DejaVu Sans, Debian's default font: `fc-list
 * ':charset=2630'` lists it), or an inline SVG with a name. An emoji such as ⛔ is an empty box
 * where no emoji font is installed, as Debian's Chromium showed Capture's mark.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const PANEL = resolve(import.meta.dirname, '..', '..', 'extension', 'panel');

/** Symbols from U+2190 on that DejaVu Sans draws, as the panel uses them. */
const DRAWN_BY_DEJAVU = new Set(['←', '↑', '→', '↓', '⋯', '▸', '▾', '●', '☰', '✓', '✕', '⚠']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(tsx?|css|html)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The text without its comments (block comments, and line comments at a line's start or after code). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[\s;{}])\/\/.*$/gm, '$1');
}

describe('the glyphs the panel shows', () => {
  it('are in DejaVu Sans, or drawn as SVG', () => {
    const strays: string[] = [];
    for (const file of sourceFiles(PANEL)) {
      const text = withoutComments(readFileSync(file, 'utf8'));
      for (const char of text.matchAll(/[\u2190-\u{10FFFF}]/gu)) {
        if (!DRAWN_BY_DEJAVU.has(char[0]))
          strays.push(
            `${file.slice(PANEL.length + 1)}: ${char[0]} (U+${char[0].codePointAt(0)?.toString(16).toUpperCase()})`,
          );
      }
    }
    expect(strays, 'use a glyph of the list, or an inline SVG with a name').toEqual([]);
  });

  it('finds an emoji where one is', () => {
    expect(withoutComments('<span>⛔</span> /* ⚡ */').match(/[\u2190-\u{10FFFF}]/gu)).toEqual([
      '⛔',
    ]);
  });
});
