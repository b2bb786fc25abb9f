/**
 * A reader of PowerShell's quoting rules, for the tests of "Copy as PowerShell" where no `pwsh`
 * is installed (it is not in Debian's archive). It checks what a syntax error in generated code
 * would come from: every string closed (single-quoted with doubled quotes, double-quoted with
 * backtick escapes and `$(…)`, here-strings whose `@'` ends a line and whose `'@` starts one),
 * brackets balanced, no backtick outside a string; and it gives back the value of every literal
 * and the variables read, so tests can check that a literal reads back as the text it was made
 * from. The typographic quotes count as quotes, as PowerShell's tokenizer takes them. Used by
 * tests only.
 */

export interface PowerShellLiteral {
  kind: 'single' | 'double' | 'here';
  /** The value; in a double-quoted string a variable reads as `${name}`. */
  value: string;
  line: number;
}

export interface PowerShellScan {
  errors: string[];
  literals: PowerShellLiteral[];
  /** Variables read outside single quotes, e.g. `env:API_KEY`, `request`. */
  variables: string[];
}

const SINGLE = new Set(["'", '\u2018', '\u2019', '\u201a', '\u201b']);
const DOUBLE = new Set(['"', '\u201c', '\u201d', '\u201e']);
const CLOSERS: Record<string, string> = { '(': ')', '{': '}', '[': ']' };
const ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\u0007',
  b: '\b',
  e: '\u001b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

export function scanPowerShell(script: string): PowerShellScan {
  const scan: PowerShellScan = { errors: [], literals: [], variables: [] };
  let i = 0;
  const lineAt = (index: number) => script.slice(0, index).split('\n').length;
  const error = (message: string, at = i) => scan.errors.push(`line ${lineAt(at)}: ${message}`);

  function readVariable(): string {
    // At a `$`: `${name}`, `$env:NAME`, `$name`; returns the name, or '' for a lone `$`.
    if (script[i + 1] === '{') {
      const end = script.indexOf('}', i);
      if (end < 0) error('unclosed ${');
      const name = script.slice(i + 2, end < 0 ? script.length : end);
      i = end < 0 ? script.length : end + 1;
      return name;
    }
    const name = /^(?:env:)?[A-Za-z_][A-Za-z0-9_]*|^[?_$^]/.exec(script.slice(i + 1))?.[0] ?? '';
    i += 1 + name.length;
    return name;
  }

  function readSingle(start: number): string {
    let value = '';
    i = start + 1;
    while (i < script.length) {
      const char = script[i] ?? '';
      if (SINGLE.has(char)) {
        if (!SINGLE.has(script[i + 1] ?? '')) {
          i += 1;
          return value;
        }
        value += script[i + 1];
        i += 2;
      } else {
        value += char;
        i += 1;
      }
    }
    error('unclosed single-quoted string', start);
    return value;
  }

  function readDouble(start: number): string {
    let value = '';
    i = start + 1;
    while (i < script.length) {
      const char = script[i] ?? '';
      if (DOUBLE.has(char)) {
        if (!DOUBLE.has(script[i + 1] ?? '')) {
          i += 1;
          return value;
        }
        value += script[i + 1];
        i += 2;
      } else if (char === '`') {
        const next = script[i + 1];
        if (next === undefined) break;
        value += ESCAPES[next] ?? next;
        i += 2;
      } else if (char === '$' && script[i + 1] === '(') {
        const open = i + 1;
        i += 2;
        readCode(')');
        const inner = script.slice(open + 1, i - 1).trim();
        const code = /^\[char\]0x([0-9a-f]+)$/i.exec(inner)?.[1];
        value +=
          code === undefined ? `$(${inner})` : String.fromCharCode(Number.parseInt(code, 16));
      } else if (char === '$') {
        const name = readVariable();
        if (name === '') value += '$';
        else {
          scan.variables.push(name);
          value += `\${${name}}`;
        }
      } else {
        value += char;
        i += 1;
      }
    }
    error('unclosed double-quoted string', start);
    return value;
  }

  function readHereString(start: number): string {
    const lineEnd = script.indexOf('\n', start);
    if (lineEnd < 0 || script.slice(start + 2, lineEnd).trim() !== '') {
      error("a here-string's @' must end its line", start);
    }
    const close = /\n['\u2018\u2019\u201a\u201b]@/g;
    close.lastIndex = lineEnd < 0 ? script.length : lineEnd;
    const end = close.exec(script);
    if (end === null) {
      error('unclosed here-string', start);
      i = script.length;
      return '';
    }
    i = end.index + 3;
    return script.slice(lineEnd + 1, end.index);
  }

  /** Reads code up to `until` (a closing bracket) or the end; checks brackets on the way. */
  function readCode(until: string | null): void {
    const stack: string[] = [];
    while (i < script.length) {
      const char = script[i] ?? '';
      const start = i;
      if (char === '#') {
        const end = script.indexOf('\n', i);
        i = end < 0 ? script.length : end;
      } else if (char === '@' && SINGLE.has(script[i + 1] ?? '')) {
        const value = readHereString(start);
        scan.literals.push({ kind: 'here', value, line: lineAt(start) });
      } else if (SINGLE.has(char)) {
        const value = readSingle(start);
        scan.literals.push({ kind: 'single', value, line: lineAt(start) });
      } else if (DOUBLE.has(char)) {
        const value = readDouble(start);
        scan.literals.push({ kind: 'double', value, line: lineAt(start) });
      } else if (char === '$') {
        const name = readVariable();
        if (name !== '') scan.variables.push(name);
      } else if (char === '`') {
        error('a backtick outside a string (a line continuation breaks on a trailing space)');
        i += 1;
      } else if (CLOSERS[char] !== undefined) {
        stack.push(CLOSERS[char] ?? '');
        i += 1;
      } else if (char === ')' || char === '}' || char === ']') {
        i += 1;
        const expected = stack.pop();
        if (expected === undefined && char === until) return;
        if (expected !== char) error(`unexpected ${char}`, start);
      } else {
        i += 1;
      }
    }
    if (until !== null) error(`missing ${until}`);
    for (const open of stack) error(`missing ${open}`);
  }

  readCode(null);
  return scan;
}
