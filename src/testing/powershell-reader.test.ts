/**
 * The PowerShell reader must catch what would be a syntax error, or the tests of Copy as
 * PowerShell could not fail; and it must read literals as PowerShell's documentation says.
 */
import { describe, expect, it } from 'vitest';
import { scanPowerShell } from './powershell-reader';

function values(script: string): string[] {
  const scan = scanPowerShell(script);
  expect(scan.errors).toEqual([]);
  return scan.literals.map((literal) => literal.value);
}

describe('the PowerShell reader', () => {
  it('reads single-quoted strings, doubled quotes and typographic quotes', () => {
    expect(values(`$a = 'it''s'; $b = '’’x'; $c = '$HOME \`n'`)).toEqual([
      "it's",
      '’x',
      '$HOME `n',
    ]);
  });

  it('reads double-quoted strings with escapes, variables and [char] subexpressions', () => {
    const scan = scanPowerShell(
      '$x = "a`n`t`$b `"q`" ""d"" $env:API_KEY $([char]0x1b)$(Get-Date)"',
    );
    expect(scan.errors).toEqual([]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the reader writes a variable as ${name}
    expect(scan.literals[0]?.value).toBe('a\n\t$b "q" "d" ${env:API_KEY} \u001b$(Get-Date)');
    expect(scan.variables).toEqual(['x', 'env:API_KEY']);
  });

  it('reads a here-string up to a line that starts with its end', () => {
    expect(values("$b = (@'\n{\n  'x' '@ \"$y\"\n}\n'@)")).toEqual(["{\n  'x' '@ \"$y\"\n}"]);
  });

  it('finds what PowerShell would refuse', () => {
    for (const [script, problem] of [
      ["$a = 'open", 'unclosed single-quoted string'],
      ["$a = 'it's'", 'unclosed single-quoted string'],
      ['$a = "x`"', 'unclosed double-quoted string'],
      ['$a = "$(1 + (2)"', 'missing )'],
      ["$a = @' text\n'@", "a here-string's @' must end its line"],
      ["$a = @'\ntext '@", 'unclosed here-string'],
      ["$a = @'\ntext\n  '@", 'unclosed here-string'],
      ['$a = @{ x = (1 }', 'unexpected }'],
      ['$a = @{ x = 1', 'missing }'],
      ['Invoke-RestMethod `\n  -Uri x', 'a backtick outside a string'],
    ]) {
      const errors = scanPowerShell(script ?? '').errors.join('\n');
      expect(errors, script).toContain(problem);
    }
  });
});
