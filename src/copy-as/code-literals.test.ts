/**
 * Every literal reads back as the text it was made from: JavaScript's by the real node, Python's
 * by the real python3, PowerShell's by the reader of its quoting rules (no pwsh in Debian).
 * Inputs: characters each language treats specially, line breaks, controls, typographic quotes,
 * text that is not ASCII, and seeded random mixes of them.
 */
import { describe, expect, it } from 'vitest';
import {
  requireRuntime,
  runProgram,
  withScriptFile,
} from '../testing/fixtures/copy-as/code-run-fixture';
import { scanPowerShell } from '../testing/powershell-reader';
import { random } from '../testing/seeded-random';
import { jsString, powerShellHereString, powerShellString, pythonString } from './code-literals';

const SPECIAL = [
  ...`'"\`$\\{}()[]#@;&|<>%!?*~= \t\n\r\0`,
  ...'abcXYZ019-_./:+,',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u2029',
  '‘',
  '’',
  '‚',
  '‛',
  '“',
  '”',
  '„',
  'é',
  'ü',
  '日本',
  '𝄞',
  '😀',
  '$(id)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: text that must stay text in every language
  '${HOME}',
  '$env:API_KEY',
  '"""',
  "\n'@\n",
  '\n’@',
  '`u{41}',
  '\\x41\\u0041\\N{DASH}',
];

function texts(seed: number, count: number): string[] {
  const next = random(seed);
  const out = [...SPECIAL, '', SPECIAL.join('')];
  for (let n = 0; n < count; n++) {
    let text = '';
    const length = Math.floor(next() * 30);
    for (let i = 0; i < length; i++) text += SPECIAL[Math.floor(next() * SPECIAL.length)];
    out.push(text);
  }
  return out;
}

const INPUTS = texts(15, 300);

describe('JavaScript literals', () => {
  it('read back exactly in node', async () => {
    await requireRuntime('node', ['--version'], 'These tests need node.');
    const program = `const values = [\n${INPUTS.map(jsString).join(',\n')}\n];\nprocess.stdout.write(JSON.stringify(values));`;
    const run = await withScriptFile('literals.mjs', program, (path) => runProgram('node', [path]));
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual(INPUTS);
  });
});

describe('Python literals', () => {
  it('read back exactly in python3', async () => {
    await requireRuntime('python3', ['--version'], 'These tests need python3.');
    const program = `import json, sys\nvalues = [\n${INPUTS.map(pythonString).join(',\n')}\n]\nsys.stdout.write(json.dumps(values))`;
    const run = await withScriptFile('literals.py', program, (path) =>
      runProgram('python3', [path]),
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual(INPUTS);
  });

  it('escape lone surrogates, which a UTF-8 source file cannot hold', () => {
    expect(pythonString('a\ud800b')).toBe('"a\\ud800b"');
    expect(pythonString('😀')).toBe('"😀"');
  });
});

describe('PowerShell literals', () => {
  it('read back exactly, single-quoted without controls and double-quoted with them', () => {
    for (const text of INPUTS) {
      const literal = powerShellString(text);
      const scan = scanPowerShell(`$x = ${literal}`);
      expect(scan.errors, literal).toEqual([]);
      expect(scan.literals.map((read) => read.value)).toEqual([text]);
      expect(scan.variables).toEqual(['x']); // nothing in the literal expands
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we look for
      const controls = /[\u0000-\u0008\u000a-\u001f\u007f]/.test(text);
      expect(literal.startsWith(controls ? '"' : "'"), literal).toBe(true);
    }
  });

  it('use a here-string only for lines that cannot end it early', () => {
    let used = 0;
    for (const text of INPUTS) {
      const literal = powerShellHereString(text);
      if (literal === null) continue;
      used += 1;
      const scan = scanPowerShell(`$x = [Text.Encoding]::UTF8.GetBytes(${literal})`);
      expect(scan.errors, literal).toEqual([]);
      expect(scan.literals.map((read) => read.value)).toEqual([text]);
    }
    expect(used).toBeGreaterThan(10);
    expect(powerShellHereString('{\n  "a": 1\n}')).toBe(`@'\n{\n  "a": 1\n}\n'@`);
    for (const refused of ['one line', 'a\r\nb', "a\n'@ b", 'a\n’@', 'a\n\u0000']) {
      expect(powerShellHereString(refused), refused).toBeNull();
    }
  });
});
