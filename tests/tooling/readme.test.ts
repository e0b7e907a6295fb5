import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const readme = read('README.md');
const pkg = JSON.parse(read('package.json')) as {
  scripts: Record<string, string>;
  bin?: Record<string, string>;
};

/** Relative Markdown links of a document: `[text](target)`, without the #anchor. */
function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z]+:/.test(target) && !target.startsWith('#'))
    .map((target) => target.split('#')[0] ?? '');
}

/** Every document reachable from README.md through relative links to `.md` files. */
function linkedDocuments(): string[] {
  const seen = new Set<string>(['README.md']);
  const queue = ['README.md'];
  while (queue.length > 0) {
    const doc = queue.shift() ?? '';
    for (const target of relativeLinks(read(doc))) {
      const path = relative(root, resolve(root, dirname(doc), target));
      if (path.endsWith('.md') && existsSync(join(root, path)) && !seen.has(path)) {
        seen.add(path);
        queue.push(path);
      }
    }
  }
  return [...seen];
}

/** The reference documents: docs/*.md and the README.md of each top-level folder. */
function referenceDocuments(): string[] {
  const docs = existsSync(join(root, 'docs'))
    ? readdirSync(join(root, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`)
    : [];
  const folders = readdirSync(root).filter(
    (name) =>
      !name.startsWith('.') &&
      name !== 'node_modules' &&
      statSync(join(root, name)).isDirectory() &&
      existsSync(join(root, name, 'README.md')),
  );
  return [...docs, ...folders.map((name) => `${name}/README.md`)];
}

/** GitHub's anchors of a document's headings: lowercased, punctuation dropped, spaces as `-`. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const text = (heading[1] ?? '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
    const base = text
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Links of a document to a heading of a Markdown file (itself included): [file, anchor]. */
function headingLinks(doc: string, markdown: string): [string, string][] {
  return [...markdown.matchAll(/\]\(([^)\s#]*)#([^)\s]+)\)/g)]
    .filter((match) => !/^[a-z]+:/.test(match[1] ?? ''))
    .map((match): [string, string] => [
      match[1] ? relative(root, resolve(root, dirname(doc), match[1])) : doc,
      match[2] ?? '',
    ])
    .filter(([path]) => path.endsWith('.md'));
}

const documents = linkedDocuments();
const readmes = execFileSync('git', ['ls-files', '*README.md'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);

describe('README', () => {
  it('opens with exactly the two set-up commands for a fresh machine', () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const commands = firstBlock
      .split('\n')
      .map((line) => line.replace(/#.*$/, '').trim())
      .filter(Boolean);
    expect(commands).toEqual(['npm install && npm start', 'npm install && npm test']);
    expect(readme.indexOf('```sh')).toBeLessThan(readme.indexOf('\n## '));
  });

  it('is a map: under 200 lines, linking every reference document', () => {
    expect(readme.split('\n').length).toBeLessThan(200);
    const reference = referenceDocuments();
    expect(reference.length).toBeGreaterThan(3);
    for (const doc of reference) expect(documents, `${doc} is linked from README`).toContain(doc);
  });
});

describe.each(readmes)('%s (a map)', (doc) => {
  const markdown = read(doc);

  it('stays under 400 lines', () => {
    expect(markdown.split('\n').length).toBeLessThan(doc === 'README.md' ? 200 : 400);
  });

  it("names no issue numbers: it says what works in the product's words", () => {
    const issueLines = markdown
      .split('\n')
      .filter((line) => /\bissues?\s+#?\d+/i.test(line) || /(^|[\s(])#\d+\b/.test(line));
    expect(issueLines).toEqual([]);
  });
});

describe('screenshots', () => {
  it('journeys write only to test-results/; npm run docs:screenshots names every picture in docs/', () => {
    const journeys = readdirSync(join(root, 'tests/e2e')).filter((name) => name.endsWith('.ts'));
    for (const name of journeys) {
      expect(read(`tests/e2e/${name}`), name).not.toContain('docs/screenshots');
    }
    expect(pkg.scripts['docs:screenshots']).toBe('tsx scripts/docsScreenshots.ts');
    const script = read('scripts/docsScreenshots.ts');
    const pictures = readdirSync(join(root, 'docs/screenshots')).filter((n) => n.endsWith('.png'));
    expect(pictures.length).toBeGreaterThan(0);
    for (const picture of pictures) expect(script, picture).toContain(`'${picture}'`);
  });
});

describe.each(documents)('%s', (doc) => {
  const markdown = read(doc);

  it('links only to headings that exist', () => {
    for (const [path, anchor] of headingLinks(doc, markdown)) {
      if (!existsSync(join(root, path))) continue; // reported by the test below
      expect([...headingAnchors(read(path))], `${doc} links to ${path}#${anchor}`).toContain(
        anchor,
      );
    }
  });

  it('links only to files that exist', () => {
    for (const target of relativeLinks(markdown)) {
      const path = resolve(root, dirname(doc), target);
      expect(existsSync(path), `${doc} links to ${target}`).toBe(true);
    }
  });

  it('names only scripts and commands that exist', () => {
    for (const match of markdown.matchAll(/npm run ([a-z0-9:-]+)/g)) {
      expect(Object.keys(pkg.scripts), `${doc}: npm run ${match[1]}`).toContain(match[1]);
    }
    for (const match of markdown.matchAll(/npx (tx-workbench)\b/g)) {
      expect(Object.keys(pkg.bin ?? {}), `${doc}: npx ${match[1]}`).toContain(match[1]);
    }
  });
});
