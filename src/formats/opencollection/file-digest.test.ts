import { describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from '../../sandbox/credentials';
import { digestFiles, fileDigest } from './file-digest';

describe('fileDigest', () => {
  it('is 32 hex digits, the same for the same text, and holds nothing of the text', () => {
    const text = `http:\n  headers:\n    - name: X-Key\n      value: ${DEMO_CREDENTIALS.apiKey}\n`;
    expect(fileDigest(text)).toMatch(/^[0-9a-f]{32}$/);
    expect(fileDigest(text)).toBe(fileDigest(`${text}`));
    expect(fileDigest(text)).not.toContain(DEMO_CREDENTIALS.apiKey.toLowerCase().slice(0, 6));
    expect(JSON.stringify([...digestFiles(new Map([['a.yml', text]]))])).not.toContain('X-Key');
  });

  it('changes with any one character, its place, or the length', () => {
    const base = 'info:\n  name: Orders\n  seq: 1\n';
    const texts = new Set([base, '', `${base}\n`, '\u0000']);
    for (let index = 0; index < base.length; index += 1) {
      texts.add(`${base.slice(0, index)}#${base.slice(index + 1)}`);
      texts.add(base.slice(0, index) + base.slice(index + 1));
    }
    const digests = new Set([...texts].map(fileDigest));
    expect(texts.size).toBeGreaterThan(base.length);
    expect(digests.size).toBe(texts.size);
  });
});
