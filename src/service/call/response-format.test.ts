import { describe, expect, it } from 'vitest';
import { bodyFileName, describeSize, formatBytes } from './response-format';

describe('formatBytes', () => {
  it('uses B below 1 KiB, KB below 1 MiB and MB above, with one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1)).toBe('1 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1024 * 1024)).toBe('1.0 MB');
    expect(formatBytes(16 * 1024 * 1024)).toBe('16.0 MB');
    expect(formatBytes(2.25 * 1024 * 1024)).toBe('2.3 MB');
  });
});

describe('describeSize', () => {
  it('gives the size of a whole body', () => {
    expect(describeSize({ bodyBytes: 2048, totalBytes: 2048, truncated: false })).toBe('2.0 KB');
  });

  it('gives the full size and what was kept when a cut body’s size is known', () => {
    expect(
      describeSize({ bodyBytes: 16 * 1024 * 1024, totalBytes: 40 * 1024 * 1024, truncated: true }),
    ).toBe('40.0 MB (16.0 MB kept)');
  });

  it('says "more than" when a cut body’s full size is unknown', () => {
    expect(describeSize({ bodyBytes: 1024, totalBytes: null, truncated: true })).toBe(
      'more than 1.0 KB',
    );
  });
});

describe('bodyFileName', () => {
  it('names a saved body by status and by what its content type calls for', () => {
    expect(bodyFileName(200, 'application/json; charset=utf-8')).toBe('response-200.json');
    expect(bodyFileName(404, 'application/problem+json')).toBe('response-404.json');
    expect(bodyFileName(502, 'text/html')).toBe('response-502.html');
    expect(bodyFileName(200, 'image/png')).toBe('response-200.png');
    expect(bodyFileName(200, 'image/svg+xml')).toBe('response-200.svg');
    expect(bodyFileName(200, '')).toBe('response-200.txt');
  });
});
