import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  scripts: Record<string, string>;
};

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

  it('names only scripts that package.json has', () => {
    const named = [...readme.matchAll(/`npm run ([a-z0-9:-]+)/g)].map((match) => match[1]);
    expect(named.length).toBeGreaterThan(0);
    for (const script of named) expect(Object.keys(pkg.scripts)).toContain(script);
  });
});
