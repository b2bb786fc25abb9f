/**
 * The documentation stands alone and stays a front door: the README is at most 250 lines, every
 * relative link in README.md and docs/ leads to a file (and heading) of this repository, and no
 * file of the project refers to the specification folder that lived beside the repository before
 * it was brought in as docs/spec/service-access.md. The architecture page names every message kind.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/protocol/messages';

const ROOT = resolve(import.meta.dirname, '..', '..');
const README_MAX_LINES = 250;
/** Spelled in pieces, so that this file does not carry what it looks for. */
const OUTSIDE_REFERENCES = [['..', 'shared'].join('/'), ['shared', 'spec'].join('/')];

function lineCount(text: string): number {
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

function markdownFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** The link targets of a Markdown text, code blocks and code spans left out. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  const inline = [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)];
  const references = [...prose.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)];
  return [...inline, ...references].map((match) => match[1] ?? '');
}

/** The anchors GitHub gives a Markdown text's headings (`## Set-up` is `#set-up`). */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const [, heading = ''] of prose.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    let anchor = slug;
    for (let n = 1; anchors.has(anchor); n += 1) anchor = `${slug}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/**
 * The relative links of a Markdown file (repository path `file`) that lead nowhere: to a file
 * that does not exist, out of the repository, or to a heading a Markdown file does not have.
 */
function brokenLinks(file: string, markdown: string, root = ROOT): string[] {
  return linkTargets(markdown).filter((target) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return false;
    const [pathPart = '', fragment] = target.split('#', 2);
    const path = decodeURIComponent(pathPart.replace(/\?.*$/, ''));
    const absolute = path === '' ? resolve(root, file) : resolve(root, dirname(file), path);
    const inside = relative(root, absolute);
    if (inside.startsWith(`..${sep}`) || inside === '..' || !existsSync(absolute)) return true;
    if (fragment === undefined || !absolute.endsWith('.md')) return false;
    const text = path === '' ? markdown : readFileSync(absolute, 'utf8');
    return !headingAnchors(text).has(decodeURIComponent(fragment));
  });
}

/** Every file of the project: tracked, or new and not ignored; node_modules and .git left out. */
function projectFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return listed
    .split('\0')
    .filter((path) => path !== '' && !/^(node_modules|\.git)(\/|$)/.test(path))
    .filter((path) => existsSync(join(ROOT, path)) && lstatSync(join(ROOT, path)).isFile());
}

describe('the documentation', () => {
  const docs = ['README.md', ...markdownFiles('docs')];

  it(`keeps the README at most ${README_MAX_LINES} lines`, () => {
    const lines = lineCount(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    expect(lines).toBeGreaterThan(0);
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('finds the pages and links it checks (a check over nothing could not fail)', () => {
    expect(docs).toEqual(
      expect.arrayContaining([
        'README.md',
        'docs/architecture.md',
        'docs/spec/service-access.md',
        'docs/user-guide.md',
      ]),
    );
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(linkTargets(readme)).toEqual(
      expect.arrayContaining(['docs/panel.png', 'docs/spec/service-access.md']),
    );
  });

  it('tells a good link from a missing file, a way out and a missing heading', () => {
    const text = [
      '## A heading, here',
      '[good](docs/architecture.md#layers) [gone](docs/missing.md) [out](../elsewhere/README.md)',
      '![picture](docs/panel.png) [web](https://example.com/x.md) `[code](nowhere.md)`',
      '[here](#a-heading-here) [not here](#elsewhere) [no heading](docs/architecture.md#nowhere)',
      '[ref]: docs/nowhere.md',
    ].join('\n');
    expect(brokenLinks('README.md', text)).toEqual([
      'docs/missing.md',
      '../elsewhere/README.md',
      '#elsewhere',
      'docs/architecture.md#nowhere',
      'docs/nowhere.md',
    ]);
  });

  it('has no relative link in the README or docs/ that leads to a missing file or heading', () => {
    const broken = docs.flatMap((file) =>
      brokenLinks(file, readFileSync(join(ROOT, file), 'utf8')).map((link) => `${file}: ${link}`),
    );
    expect(broken).toEqual([]);
  });

  it('lets no file of the project refer outside the repository for the specification', () => {
    const files = projectFiles();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'tests/unit/docs.test.ts']));
    const mentions = files.filter((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      return OUTSIDE_REFERENCES.some((reference) => text.includes(reference));
    });
    expect(mentions).toEqual([]);
  });

  it('names every message kind of the contract in full in the architecture page', () => {
    const page = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    const kinds = Object.keys(messages);
    expect(kinds.length).toBeGreaterThan(30);
    expect(kinds.filter((kind) => !page.includes(`\`${kind}\``))).toEqual([]);
  });
});
