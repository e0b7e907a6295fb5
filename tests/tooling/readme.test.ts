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

const documents = linkedDocuments();

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

describe.each(documents)('%s', (doc) => {
  const markdown = read(doc);

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
