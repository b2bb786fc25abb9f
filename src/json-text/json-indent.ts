/**
 * Pretty-prints JSON text by re-indenting it, without turning it into JavaScript values first:
 * `JSON.stringify(JSON.parse(x))` would round 12345678901234567890 and rewrite 1.10 as 1.1, and a
 * debugging tool must show what the server sent.
 */

/** The same JSON with two-space indentation, or null when `text` is not valid JSON. */
export function reindentJson(text: string): string | null {
  try {
    JSON.parse(text);
  } catch {
    return null;
  }
  const out: string[] = [];
  let depth = 0;
  let i = 0;
  const newline = () => `\n${'  '.repeat(depth)}`;
  while (i < text.length) {
    const char = text[i] as string;
    if (char === '"') {
      // Copy the whole string literal, escapes included, as it is.
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      out.push(text.slice(i, end + 1));
      i = end + 1;
      continue;
    }
    if (char === ' ' || char === '\n' || char === '\r' || char === '\t') {
      i += 1;
      continue;
    }
    if (char === '{' || char === '[') {
      // Keep empty containers on one line.
      let next = i + 1;
      while (/\s/.test(text[next] ?? '')) next += 1;
      if (text[next] === (char === '{' ? '}' : ']')) {
        out.push(char === '{' ? '{}' : '[]');
        i = next + 1;
        continue;
      }
      depth += 1;
      out.push(char, newline());
    } else if (char === '}' || char === ']') {
      depth -= 1;
      out.push(newline(), char);
    } else if (char === ',') {
      out.push(',', newline());
    } else if (char === ':') {
      out.push(': ');
    } else {
      out.push(char);
    }
    i += 1;
  }
  return out.join('');
}
