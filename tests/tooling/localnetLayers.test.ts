import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCycles } from './importCycles.ts';

/**
 * The local chain's import rules (eslint.config.js): no import cycle (`import-x/no-cycle`) and
 * its layers in one direction (`import-x/no-restricted-paths`). Both rules read the imported
 * files from disk, so the fixtures are real files, in dot-directories (TypeScript's globs skip
 * them) removed afterwards.
 */
const eslint = new ESLint({ cwd: process.cwd() });
const fixtures = `.layers-fixture-${process.pid}`;
const cycleDir = join('localnet', fixtures);
const moveDir = join('localnet', 'move', fixtures);
const storageDir = join('localnet', 'storage', fixtures);

function write(dir: string, files: { [name: string]: string }): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, code] of Object.entries(files)) writeFileSync(join(dir, name), code);
}

async function messages(paths: string[], rule: string): Promise<string[]> {
  const results = await eslint.lintFiles(paths);
  return results.flatMap((result) =>
    result.messages
      .filter((message) => message.ruleId === rule)
      .map((message) => `${result.filePath.slice(process.cwd().length + 1)}: ${message.message}`),
  );
}

beforeAll(() => {
  write(cycleDir, {
    'a.ts': "import { b } from './b.ts';\nexport const a = (): number => b() + 1;\n",
    'b.ts': "import { c } from './c.ts';\nexport const b = (): number => c();\n",
    'c.ts':
      "import { a } from './a.ts';\nexport const c = (): number => (a === undefined ? 0 : 1);\n",
    'typed.ts': "import type { T } from './typing.ts';\nexport const typed = (t: T): T => t;\n",
    'typing.ts': "import { typed } from './typed.ts';\nexport type T = ReturnType<typeof typed>;\n",
  });
  write(moveDir, {
    'up.ts':
      "import type { NativeModule } from '../../framework/context.ts';\nimport { findModule } from '../../framework/registry.ts';\nexport type M = NativeModule;\nexport const f = findModule;\n",
    'down.ts':
      "import { STATUS_CODES } from '../vm/statusCodes.ts';\nimport { readModule } from '../binary/reader.ts';\nexport const d = [STATUS_CODES, readModule];\n",
  });
  write(storageDir, {
    'up.ts': "import { LocalNode } from '../../node/node.ts';\nexport const n = LocalNode;\n",
  });
}, 60_000);

afterAll(() => {
  for (const dir of [cycleDir, moveDir, storageDir]) rmSync(dir, { recursive: true, force: true });
});

describe('localnet import rules (eslint.config.js)', () => {
  it('reports a run-time import cycle in localnet/ at every file on it', async () => {
    const found = await messages(
      ['a.ts', 'b.ts', 'c.ts'].map((name) => join(cycleDir, name)),
      'import-x/no-cycle',
    );
    expect(found).toHaveLength(3);
    for (const name of ['a.ts', 'b.ts', 'c.ts']) {
      expect(found.some((line) => line.startsWith(join(cycleDir, name)))).toBe(true);
    }
  }, 60_000);

  it('leaves to the import graph below a cycle that only a type-only import closes', async () => {
    const found = await messages(
      ['typed.ts', 'typing.ts'].map((name) => join(cycleDir, name)),
      'import-x/no-cycle',
    );
    expect(found).toEqual([]);
  }, 60_000);

  it('finds no cycle through the files that formed the old registry → VM → registry loop', async () => {
    const found = await messages(
      [
        'localnet/framework/registry.ts',
        'localnet/framework/modules/functionInfo.ts',
        'localnet/move/vm/interpreter.ts',
        'localnet/move/vm/session.ts',
        'localnet/executor/bytecode.ts',
        'localnet/executor/decode.ts',
      ],
      'import-x/no-cycle',
    );
    expect(found).toEqual([]);
  }, 120_000);

  it('refuses the framework in localnet/move/, types included', async () => {
    const found = await messages([join(moveDir, 'up.ts')], 'import-x/no-restricted-paths');
    expect(found).toHaveLength(2);
    for (const line of found) expect(line).toContain('localnet/move/ (binary, verifier, VM)');
  }, 60_000);

  it('lets localnet/move/ import its own layers', async () => {
    expect(await messages([join(moveDir, 'down.ts')], 'import-x/no-restricted-paths')).toEqual([]);
  }, 60_000);

  it('refuses the node in localnet/storage/', async () => {
    const found = await messages([join(storageDir, 'up.ts')], 'import-x/no-restricted-paths');
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('Storage holds bytes and keys');
  }, 60_000);
});

describe('localnet import graph, type-only imports counted', () => {
  it('finds the run-time cycle and the one a type-only import closes', () => {
    expect(importCycles(cycleDir, { types: true })).toEqual([
      ['a.ts', 'b.ts', 'c.ts'],
      ['typed.ts', 'typing.ts'],
    ]);
    expect(importCycles(cycleDir, { types: false })).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('has no cycle in localnet/, counting type-only imports', () => {
    const cycles = importCycles('localnet', { types: true }).filter(
      (files) => !files.some((file) => file.includes('.layers-fixture-')),
    );
    expect(cycles).toEqual([]);
  });
});
