import { describe, expect, it } from 'vitest';
import { parseOpenApiText } from './openapi/openapi-text';
import { parseYaml } from './opencollection/opencollection-format';
import { importOpenCollection } from './opencollection/opencollection-import';
import { aliasesGrowTooMuch, MAX_ALIAS_GROWTH } from './yaml-expansion';

/** The "billion laughs" of YAML: `levels` lists of nine aliases of the list above (9^levels). */
function aliasBomb(levels: number, head = ''): string {
  const names = 'abcdefghijklmnop';
  const lines = [`${head}a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]`];
  for (let level = 1; level < levels; level += 1) {
    const previous = `*${names[level - 1]}`;
    lines.push(`${names[level]}: &${names[level]} [${Array(9).fill(previous).join(',')}]`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Runs `read` and checks it took less than `ms`: the bomb took 28 s, ×9 per extra level; refused,
 * it takes milliseconds, and the bound leaves room for a CI run's two loaded cores.
 */
function within<T>(ms: number, read: () => T): T {
  const started = performance.now();
  const result = read();
  expect(performance.now() - started).toBeLessThan(ms);
  return result;
}

describe('the alias bound of every YAML parse', () => {
  it('refuses the 537-byte bomb, and one ten times deeper, at once', () => {
    const bomb = aliasBomb(9);
    expect(bomb.length).toBeLessThan(600);
    for (const text of [bomb, aliasBomb(16)]) {
      const parsed = within(5_000, () => parseYaml(text));
      expect(parsed).toMatchObject({ ok: false, aliases: true, line: 2 });
      const openApi = within(5_000, () => parseOpenApiText(`openapi: 3.0.0\n${text}`));
      expect(openApi.ok).toBe(false);
      if (!openApi.ok) expect(openApi.error.message).toContain('alias bomb');
    }
  });

  it('names the refused file in a Bruno import, as the collection file or as a request', () => {
    const top = 'opencollection: 1.0.0\ninfo:\n  name: Team\n';
    const request = `info:\n  name: Boom\n  type: http\n${aliasBomb(9, 'x_')}`;
    const imported = within(5_000, () =>
      importOpenCollection(
        [
          { path: 'team/opencollection.yml', text: top },
          { path: 'team/boom.yml', text: request },
        ],
        () => 'id',
      ),
    );
    if (!imported.ok) throw new Error(imported.error.message);
    expect(imported.value.summary.join('\n')).toContain(
      'were not imported (an alias bomb?): write the repeated parts out, or remove the aliases (1): "boom.yml" (line 5)',
    );
    const refused = within(5_000, () =>
      importOpenCollection([{ path: 'opencollection.yml', text: top + aliasBomb(9) }], () => 'id'),
    );
    expect(refused).toMatchObject({ ok: false });
    if (!refused.ok) {
      expect(refused.error.message).toMatch(/^opencollection\.yml was refused: its anchors/);
      expect(refused.error.message).toContain('remove the aliases');
    }
  });

  it('keeps a document that reuses a block by alias, and counts a cycle as endless', () => {
    const reuse = 'base: &base {type: object, required: [id]}\none: *base\ntwo: *base\n';
    expect(parseYaml(reuse).ok).toBe(true);
    const shared = Array.from({ length: 100 }, (_, index) => index);
    expect(aliasesGrowTooMuch({ a: shared, b: shared })).toBe(false);
    const wide = Array.from({ length: MAX_ALIAS_GROWTH / 100 + 2 }, () => shared);
    expect(aliasesGrowTooMuch(wide)).toBe(true);
    const cycle: unknown[] = [];
    cycle.push(cycle);
    expect(aliasesGrowTooMuch(cycle)).toBe(true);
  });
});
