import { describe, expect, it } from 'vitest';
import { describeSize, formatBytes, prettyBody } from './response-format';

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

const json = [{ name: 'Content-Type', value: 'application/json; charset=utf-8' }];

describe('prettyBody', () => {
  it('indents a JSON body by two spaces when the content type says JSON', () => {
    expect(
      prettyBody({ bodyText: '{"a":1,"b":[true,null]}', headers: json, truncated: false }),
    ).toEqual({
      text: '{\n  "a": 1,\n  "b": [\n    true,\n    null\n  ]\n}',
      isJson: true,
    });
  });

  it('recognises +json types such as application/problem+json, in any case', () => {
    const result = prettyBody({
      bodyText: '{"title":"Not found","status":404}',
      headers: [{ name: 'content-type', value: 'Application/Problem+JSON' }],
      truncated: false,
    });
    expect(result).toEqual({
      text: '{\n  "title": "Not found",\n  "status": 404\n}',
      isJson: true,
    });
  });

  it('pretty-prints an untyped body that looks like JSON', () => {
    expect(prettyBody({ bodyText: '  [1,2]', headers: [], truncated: false })).toEqual({
      text: '[\n  1,\n  2\n]',
      isJson: true,
    });
  });

  it('shows invalid JSON exactly as received, even when declared as JSON', () => {
    const bodyText = '{"a":1,,}';
    expect(prettyBody({ bodyText, headers: json, truncated: false })).toEqual({
      text: bodyText,
      isJson: false,
    });
    expect(prettyBody({ bodyText: '{not json', headers: [], truncated: false })).toEqual({
      text: '{not json',
      isJson: false,
    });
  });

  it('shows a cut body as received, since it cannot be complete JSON', () => {
    const bodyText = '{"items":[{"id":1},{"id":2}]}';
    expect(prettyBody({ bodyText, headers: json, truncated: true })).toEqual({
      text: bodyText,
      isJson: false,
    });
  });

  it('shows a non-JSON body as received', () => {
    const html = '<html><body>502 Bad Gateway</body></html>';
    expect(
      prettyBody({
        bodyText: html,
        headers: [{ name: 'Content-Type', value: 'text/html' }],
        truncated: false,
      }),
    ).toEqual({ text: html, isJson: false });
  });

  it('does not take application/jsonp for JSON', () => {
    const bodyText = 'callback({"a":1})';
    expect(
      prettyBody({
        bodyText,
        headers: [{ name: 'Content-Type', value: 'application/jsonp' }],
        truncated: false,
      }),
    ).toEqual({ text: bodyText, isJson: false });
  });

  // Regression guard: JSON.parse + JSON.stringify turn numbers into doubles, so an id
  // above 2^53 is shown changed (12345678901234567890 -> 12345678901234567000) in a tool meant for
  // debugging the API's answers. Pretty-printing must not change any value.
  it('does not change large integer ids when it pretty-prints', () => {
    const { text } = prettyBody({
      bodyText: '{"orderId":12345678901234567890,"amount":1.10}',
      headers: json,
      truncated: false,
    });
    expect(text).toContain('12345678901234567890');
    expect(text).toContain('1.10');
  });
});
