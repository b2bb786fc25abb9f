import { describe, expect, it } from 'vitest';
import { packText, unpackText } from './packed-text';

describe('packed text', () => {
  it('unpacks to the very text that was packed, whatever its characters', async () => {
    const text = `{"name": "Ünïcödé ✓ 𝄞", "tabs": "\\t\\n"}\n${'{"row": 1}\n'.repeat(5000)}`;
    const packed = await packText(text);
    expect(packed.length).toBeLessThan(text.length / 10);
    expect(await unpackText(packed, 1_000_000)).toEqual({ ok: true, value: text });
  });

  it('refuses a packed text that would unpack past the limit, however small it is packed', async () => {
    const bomb = await packText('a'.repeat(3_000_000));
    expect(bomb.length).toBeLessThan(10_000);
    const result = await unpackText(bomb, 100_000);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error.message).toMatch(/larger than/);
  });

  it('refuses a text just over the limit in characters', async () => {
    expect((await unpackText(await packText('ab'), 1)).ok).toBe(false);
    expect((await unpackText(await packText('a'), 1)).ok).toBe(true);
  });

  it.each([
    ['not base64', '%%%'],
    ['base64 of something that is not gzip', btoa('plain text')],
    ['a packed text cut short', 'H4sIAAAAAAAAA8tIzcnJVyjPL8pJAQ'],
  ])('refuses %s as damaged', async (_label, packed) => {
    const result = await unpackText(packed, 1000);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error.code).toBe('bad_message');
  });
});
