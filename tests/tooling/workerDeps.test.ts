import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../vite.config';

/** Every `*.worker.ts` under src/, and the packages it imports (bare specifiers). */
function workerImports(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...workerImports(path));
    else if (entry.name.endsWith('.worker.ts')) {
      const text = readFileSync(path, 'utf8');
      for (const match of text.matchAll(/^import\s+(?!type\b)[^'"]*['"]([^'".][^'"]*)['"]/gm)) {
        if (match[1] !== undefined) found.push(match[1]);
      }
    }
  }
  return found;
}

describe('the dev server and Web Workers', () => {
  it('pre-bundles every package a worker imports, so a first visit does not reload the page', () => {
    const imports = workerImports('src');
    expect(imports).toContain('elkjs/lib/elk.bundled.js');
    expect(config.optimizeDeps?.include ?? []).toEqual(expect.arrayContaining(imports));
  });
});
