import { describe, expect, it } from 'vitest';
import { FolderNames, MAX_NAME_BYTES, nameKey, safeStem } from './opencollection-file-names';

const bytes = (name: string) => new TextEncoder().encode(name).byteLength;

describe('safeStem', () => {
  it('replaces what Windows, macOS or Linux refuse and trims what they mangle', () => {
    expect(safeStem('Orders: all <today>?', 'x')).toBe('Orders- all -today-');
    expect(safeStem('a/b\\c|d*e"f', 'x')).toBe('a-b-c-d-e-f');
    expect(safeStem('tab\there\nnew', 'x')).toBe('tab-here-new');
    expect(safeStem('..hidden', 'x')).toBe('hidden');
    expect(safeStem('trailing. . ', 'x')).toBe('trailing');
    expect(safeStem('   ', 'request')).toBe('request');
    expect(safeStem('...', 'request')).toBe('request');
  });

  it('never hands out a Windows device name', () => {
    for (const device of ['CON', 'con', 'Nul', 'COM1', 'lpt9', 'aux.txt']) {
      expect(safeStem(device, 'x')).toBe(`${device}_`);
    }
    expect(safeStem('Console', 'x')).toBe('Console');
  });

  it('keeps names to 100 characters without cutting a character in half', () => {
    expect(safeStem('a'.repeat(300), 'x')).toHaveLength(100);
    const emoji = `${'a'.repeat(99)}😀`;
    expect(safeStem(emoji, 'x')).toBe('a'.repeat(99));
    expect(safeStem('Ünïcödé 😀', 'x')).toBe('Ünïcödé 😀');
  });
});

describe('FolderNames', () => {
  it('gives each name once, as a case-insensitive file system compares them', () => {
    const names = new FolderNames(['folder.yml']);
    expect(names.claim('Orders', '.yml', 'request')).toBe('Orders.yml');
    expect(names.claim('orders', '.yml', 'request')).toBe('orders (2).yml');
    expect(names.claim('ORDERS', '.yml', 'request')).toBe('ORDERS (3).yml');
    expect(names.claim('Orders', '', 'folder')).toBe('Orders');
    expect(names.claim('folder', '.yml', 'request')).toBe('folder (2).yml');
    // The same word, composed and decomposed, is one name on macOS.
    expect(names.claim('Caf\u00e9', '.yml', 'request')).toBe('Café.yml');
    expect(names.claim('Cafe\u0301', '.yml', 'request')).toBe('Café (2).yml');
  });
});

describe('names a file system can hold', () => {
  it('keeps a name to 255 bytes of UTF-8 with its ` (n)` and extension, never cutting a character', () => {
    const names = new FolderNames();
    const cjk = '注文'.repeat(50); // 100 characters, 300 bytes
    const first = names.claim(cjk, '.yml', 'request');
    const second = names.claim(cjk, '.yml', 'request');
    expect(bytes(first)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(bytes(second)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(first).toMatch(/^(注文)+注?\.yml$/);
    expect(second).toBe(`${first.slice(0, -4)} (2).yml`);
    for (let count = 3; count < 30; count++)
      expect(bytes(names.claim(cjk, '.yml', 'request'))).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(bytes(safeStem('😀'.repeat(100), 'x'))).toBeLessThanOrEqual(MAX_NAME_BYTES - 16);
  });

  it('repairs lone surrogates, so two names that differ only there get two files', () => {
    expect(safeStem('a\uD800b', 'x')).toBe('a\uFFFDb');
    expect(safeStem('a\uDC00', 'x')).toBe('a\uFFFD');
    const names = new FolderNames();
    const first = names.claim('Orders \uD800', '.yml', 'request');
    const second = names.claim('Orders \uDBFF', '.yml', 'request');
    expect([first, second]).toEqual(['Orders \uFFFD.yml', 'Orders \uFFFD (2).yml']);
    expect(`${first}${second}`).not.toMatch(/[\uD800-\uDFFF]/);
  });

  it('compares names after Unicode case folding: ſ/s, ı/i, the Kelvin sign/k, ß/ss', () => {
    expect(nameKey('ſtock')).toBe(nameKey('STOCK'));
    expect(nameKey('ıd')).toBe(nameKey('ID'));
    expect(nameKey('\u212Aelvin')).toBe(nameKey('kelvin'));
    expect(nameKey('Straße')).toBe(nameKey('STRASSE'));
    const names = new FolderNames();
    expect(names.claim('stock', '.yml', 'request')).toBe('stock.yml');
    expect(names.claim('ſtock', '.yml', 'request')).toBe('ſtock (2).yml');
    expect(names.claim('id', '.yml', 'request')).toBe('id.yml');
    expect(names.claim('ıd', '.yml', 'request')).toBe('ıd (2).yml');
    expect(names.claim('kelvin', '', 'folder')).toBe('kelvin');
    // NFC itself turns the Kelvin sign into K.
    expect(names.claim('\u212Aelvin', '', 'folder')).toBe('Kelvin (2)');
  });
});
