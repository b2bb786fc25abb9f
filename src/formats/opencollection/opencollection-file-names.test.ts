import { describe, expect, it } from 'vitest';
import { FolderNames, safeStem } from './opencollection-file-names';

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
