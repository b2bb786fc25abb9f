import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { hasNul, shellQuote } from './shell-quote';

/** Characters a shell treats specially somewhere, plus text that is not ASCII. */
const NASTY = [
  ...`'"\`$\\!*?[]{}()<>|&;#~=%^ \t\n\r`,
  ...'abcXYZ019-_./:@+,',
  'é',
  'ü',
  '日本',
  '✓',
  '𝄞',
  '😀',
  '\u00a0',
  '\u001b',
  '$(id)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the shell's syntax, not a template
  '${HOME}',
  "'\\''",
];

function randomText(random: () => number): string {
  const length = Math.floor(random() * 24);
  let text = '';
  for (let i = 0; i < length; i++) text += NASTY[Math.floor(random() * NASTY.length)];
  return text;
}

/** A small seeded generator, so that a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** What the shell makes of the quoted words: each printed followed by NUL. */
function echoedByShell(shell: string, words: string[]): Promise<string[]> {
  const script = `printf '%s\\0' ${words.map(shellQuote).join(' ')}`;
  return new Promise((resolve, reject) => {
    execFile(shell, ['-c', script], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(stdout.split('\0').slice(0, -1));
    });
  });
}

describe('shellQuote', () => {
  it("writes a single quote as '\\''", () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellQuote('')).toBe(`''`);
    expect(shellQuote('$HOME `id`')).toBe(`'$HOME \`id\`'`);
  });

  it.each(['sh', 'bash'])('gives %s back every text exactly, as one word', async (shell) => {
    const random = seeded(20_240_611);
    const words = Array.from({ length: 400 }, () => randomText(random));
    words.push('', "'", "''", '\n', 'a b', '-n', '--help', '#not a comment');
    expect(await echoedByShell(shell, words)).toEqual(words);
  });
});

describe('hasNul', () => {
  it('finds the one character no shell argument can carry', () => {
    expect(hasNul('a\u0000b')).toBe(true);
    expect(hasNul('a\nb\u0001')).toBe(false);
  });
});
