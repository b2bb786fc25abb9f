import { describe, expect, it } from 'vitest';
import { accepted, refusal } from '../testing/results';
import { type JsonFileRules, readJsonFile } from './json-file';

const RULES: JsonFileRules = {
  maxChars: 1000,
  tooLarge: { message: 'Too large for this import.', hint: 'Pick a smaller file.' },
  hints: {
    empty: 'Empty: pick another.',
    invalid: 'Invalid: fix it.',
    unsafe: 'Unsafe: re-export.',
  },
};

describe('readJsonFile', () => {
  it('reads JSON, with or without a byte-order mark', () => {
    expect(accepted(readJsonFile('{"a":[1,2]}', RULES))).toEqual({ a: [1, 2] });
    expect(accepted(readJsonFile('\uFEFF{"a":1}', RULES))).toEqual({ a: 1 });
  });

  it('refuses what is not text, too large, or empty, each with its own hint', () => {
    expect(refusal(readJsonFile(42, RULES), 'bad_message').message).toBe('The file is not text.');
    const large = refusal(readJsonFile(`"${'x'.repeat(1000)}"`, RULES), 'bad_message');
    expect(large).toMatchObject({
      message: 'Too large for this import.',
      hint: 'Pick a smaller file.',
    });
    expect(refusal(readJsonFile('\uFEFF \n\t', RULES))).toMatchObject({
      message: 'The file is empty.',
      hint: 'Empty: pick another.',
    });
  });

  it('says where a file stops being JSON, and never quotes it', () => {
    const secret = 'sk_live_do_not_echo_me';
    const error = refusal(readJsonFile(`{\n  "key": "${secret}",\n  oops\n}`, RULES));
    expect(error.message).toMatch(/^The file is not valid JSON \(line 3, column 3: .+\)\.$/);
    expect(error.hint).toBe('Invalid: fix it.');
    expect(JSON.stringify(error)).not.toContain(secret);
  });

  it('refuses an unsafe shape, after pruning what the import never reads', () => {
    const deep = `{"keep":1,"drop":${'['.repeat(400)}${']'.repeat(400)}}`;
    expect(refusal(readJsonFile(deep, { ...RULES, maxChars: 10_000 })).hint).toBe(
      'Unsafe: re-export.',
    );
    const pruned = readJsonFile(deep, {
      ...RULES,
      maxChars: 10_000,
      prune: (data) => {
        delete (data as { drop?: unknown }).drop;
      },
    });
    expect(accepted(pruned)).toEqual({ keep: 1 });
    expect(refusal(readJsonFile('{"__proto__":{"x":1}}', RULES)).hint).toBe('Unsafe: re-export.');
  });
});
