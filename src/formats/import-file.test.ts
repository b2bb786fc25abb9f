/**
 * importCollectionFile, what the worker does with a picked file: our format, Postman and HAR
 * files are imported by their own readers; OpenAPI and Swagger documents are the panel's to read
 * (the worker only refuses their text, by name); a YAML file, a curl command or a binary file is
 * refused with a message that names what the file is and a hint, instead of "not valid JSON
 * (line 1, column 1)" or "not a Postman collection". Any text gets a typed answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportCollection } from '../collections/native-format';
import { sampleCollection } from '../testing/fixtures/collections/collection-samples';
import { expectTypedResult, NUM_RUNS } from '../testing/property-checks';
import * as results from '../testing/results';
import { importCollectionFile } from './import-file';

function counter(): () => string {
  let next = 0;
  return () => `id_${++next}`;
}

const refusal = (text: string) =>
  results.refusal(importCollectionFile(text, counter()), 'bad_message');

const PANEL_HINT = 'Pick the file with Import collection in the panel’s Collections tab.';

describe('importCollectionFile: the kinds it imports', () => {
  it('imports our native format exactly, with an empty summary', () => {
    const collection = sampleCollection(11);
    const imported = results.accepted(
      importCollectionFile(exportCollection(collection), counter()),
    );
    expect(imported).toEqual({ collection, summary: [] });
  });

  it('imports a Postman collection, with or without an info block', () => {
    const file = {
      name: 'No info',
      item: [{ name: 'Ping', request: '{{baseUrl}}/v1/ping' }],
    };
    const { collection, summary } = results.accepted(
      importCollectionFile(JSON.stringify(file), counter()),
    );
    expect(collection.items).toMatchObject([{ name: 'Ping', path: 'ping' }]);
    expect(summary[0]).toContain('it was read as a Postman v2.1 collection');
  });

  it('keeps the readers’ own messages for broken, empty and unknown JSON', () => {
    expect(refusal('not json').message).toMatch(/^The file is not valid JSON \(line 1, column 1/);
    expect(refusal('').message).toBe('The file is empty.');
    expect(refusal('{"name":"x"}').message).toBe(
      'This is not a Postman collection: it has no info.schema, and no "item" list that holds requests.',
    );
    const native = exportCollection(sampleCollection(2)).replace('"version": 1', '"version": 9');
    expect(refusal(native).message).toContain('newer version of Partner API DevTools');
  });
});

describe('importCollectionFile: HAR files', () => {
  it('imports the /v1 calls of a HAR file, and refuses one that has none', () => {
    const har = (url: string) =>
      JSON.stringify({
        log: {
          version: '1.2',
          creator: { name: 'WebInspector', version: '537.36' },
          entries: [
            {
              startedDateTime: '2026-11-23T10:00:00.000Z',
              time: 12,
              _resourceType: 'fetch',
              request: {
                method: 'GET',
                url,
                httpVersion: 'HTTP/1.1',
                headers: [],
                queryString: [],
              },
              response: { status: 200, statusText: 'OK', headers: [], content: { size: 2 } },
            },
          ],
        },
      });
    const { collection } = results.accepted(
      importCollectionFile(har('https://api.example.com/v1/products'), counter()),
    );
    expect(JSON.stringify(collection.items)).toContain('"path":"products"');
    expect(refusal(har('https://example.com/index.html')).message).toMatch(/\/v1/);
  });
});

describe('importCollectionFile: kinds the worker does not read, refused by name', () => {
  it('an OpenAPI description in YAML or JSON: the panel reads those', () => {
    expect(refusal('openapi: 3.0.3\ninfo:\n  title: Orders\npaths: {}\n')).toEqual({
      code: 'bad_message',
      message:
        'This looks like an OpenAPI 3.0.3 description (YAML), which the panel reads before anything reaches storage.',
      hint: PANEL_HINT,
    });
    expect(refusal('{"openapi":"3.1.0","info":{"title":"x"},"paths":{}}').message).toBe(
      'This looks like an OpenAPI 3.1.0 description (JSON), which the panel reads before anything reaches storage.',
    );
  });

  it('a Swagger 2.0 description', () => {
    expect(refusal('{"swagger":"2.0","info":{},"paths":{}}')).toEqual({
      code: 'bad_message',
      message:
        'This looks like a Swagger 2.0 description (JSON), which the panel reads before anything reaches storage.',
      hint: PANEL_HINT,
    });
  });

  it('another YAML file', () => {
    expect(refusal('name: partner\nitems:\n  - a\n')).toEqual({
      code: 'bad_message',
      message:
        'This looks like a YAML file, not a collection; importing YAML files is not supported yet.',
      hint: 'Import a Partner API DevTools collection file or a Postman Collection v2.0/v2.1 export (JSON).',
    });
  });

  it('a curl command, and a binary file', () => {
    expect(refusal('curl -sS https://api.example.com/v1/orders\n')).toEqual({
      code: 'bad_message',
      message: 'This looks like a curl command, not a collection file.',
      hint: 'Paste the command into Import cURL instead.',
    });
    expect(refusal('PK\u0003\u0004\u0014\u0000\u0006\u0000\b\u0000\u0000\u0000!\u0000')).toEqual({
      code: 'bad_message',
      message:
        'This looks like a binary file (an archive, an image, …), not text: it holds no collection.',
      hint: 'Pick a collection file (.json). If it is text in another encoding, save it as UTF-8 and import it again.',
    });
  });
});

describe('importCollectionFile, property-based', () => {
  const yamlish = fc
    .array(
      fc.tuple(
        fc.constantFrom('openapi', 'swagger', 'info', 'name', 'log', '- item', '  nested', '#'),
        fc.string({ maxLength: 12 }),
      ),
      { maxLength: 6 },
    )
    .map((lines) => lines.map(([key, value]) => `${key}: ${value}`).join('\n'));

  it('answers any text with a collection or a typed refusal, never the internal safety net', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.json(), fc.string({ unit: 'binary', maxLength: 200 }), yamlish),
        (text) => {
          const result = importCollectionFile(text, counter());
          expectTypedResult(result);
          if (!result.ok) expect(result.error.code, result.error.message).toBe('bad_message');
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
});
