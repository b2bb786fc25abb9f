/**
 * parseYamlFiles gives each text the answer parseYaml gives it, whatever a text does to the stream
 * the texts are parsed in together: unclosed quotes and brackets, document markers and directives,
 * kept block scalars at the end, empty and comment-only texts, anchors used in another text, an
 * alias bomb, a byte order mark, no final line break.
 */
import { describe, expect, it } from 'vitest';
import { generatedBrunoCollection } from '../../testing/fixtures/opencollection/opencollection-samples';
import { exportPostman } from '../postman/postman-export';
import { exportPostmanV3 } from '../postman-v3/postman-v3-export';
import { parseYaml, parseYamlFiles } from './opencollection-format';

const BOMB = [
  'a: &a ["x","x","x","x","x","x","x","x","x","x"]',
  ...Array.from({ length: 6 }, (_, level) => {
    const name = String.fromCharCode(98 + level);
    const previous = String.fromCharCode(97 + level);
    return `${name}: &${name} [${Array(10).fill(`*${previous}`).join(',')}]`;
  }),
  '',
].join('\n');

const TRICKY = [
  'name: plain\n',
  'name: "unclosed\n',
  'list: [1, 2\n',
  'next: 1\n',
  'a: |+\n  kept\n\n\n',
  'b: |\n  clipped\n',
  '',
  '# only a comment\n',
  '~\n',
  'x: 1\n---\ny: 2\n',
  '%YAML 1.2\n---\nz: 3\n',
  'a: &anchor {k: v}\nb: *anchor\n',
  'c: *anchor\n',
  BOMB,
  '\uFEFFbom: 1\n',
  'no: final line break',
  'tab:\t1\n',
  '...\n',
  'key: value\n...\n',
  '"quoted\n  on two lines"\n',
  '{a: 1,\n',
  '}\n',
];

describe('parseYamlFiles', () => {
  it('answers each tricky text as parseYaml does, in any order', () => {
    const orders = [TRICKY, [...TRICKY].reverse(), TRICKY.filter((_, at) => at % 2 === 0)];
    for (const texts of orders) expect(parseYamlFiles(texts)).toEqual(texts.map(parseYaml));
  });

  it('answers each tricky text as parseYaml does between well-formed files', () => {
    const plain = ['$kind: http-request\nurl: a\n', 'order: 1000\n'];
    for (const text of TRICKY) {
      const texts = [...plain, text, ...plain];
      expect(parseYamlFiles(texts)).toEqual(texts.map(parseYaml));
    }
  });

  it('reads every file of a 1 000-request Postman 12 export as parseYaml does', () => {
    const json = JSON.parse(exportPostman(generatedBrunoCollection(), { storedSecrets: [] }));
    const texts = exportPostmanV3(json, 'Sandbox').files.map(({ text }) => text);
    expect(texts.length).toBeGreaterThan(1000);
    expect(parseYamlFiles(texts)).toEqual(texts.map(parseYaml));
  });
});
