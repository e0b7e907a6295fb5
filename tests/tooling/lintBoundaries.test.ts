import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message);
}

describe('import boundaries (eslint.config.js)', () => {
  it.each([
    ["import { setup } from 'xstate';\nexport const s = setup;\n", 'xstate'],
    [
      "import { createActor } from 'xstate/graph';\nexport const c = createActor;\n",
      'xstate/graph',
    ],
    [
      "import type { Aptos } from '@aptos-labs/ts-sdk';\nexport type A = Aptos;\n",
      'a type-only SDK import',
    ],
    ["import { other } from './other';\nexport const o = other;\n", 'a sibling machine file'],
  ])('lets machines/ import %#: %s', async (code, _what) => {
    expect(await boundaryMessages('machines/example.ts', code)).toEqual([]);
  });

  it.each([
    ["import { Aptos } from '@aptos-labs/ts-sdk';\nexport const a = Aptos;\n"],
    ["import { useState } from 'react';\nexport const u = useState;\n"],
    ["import { QueryClient } from '@tanstack/react-query';\nexport const q = QueryClient;\n"],
    ["import { readFile } from 'node:fs/promises';\nexport const r = readFile;\n"],
    ["import { areas } from '../src/app/areas';\nexport const a = areas;\n"],
  ])('refuses a run-time import in machines/: %s', async (code) => {
    const messages = await boundaryMessages('machines/example.ts', code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('machines/ may import only `xstate`');
  });

  it.each([
    ["import { areas } from '../src/app/areas';\nexport const a = areas;\n"],
    ["import { x } from '../../machines/transactionMachine';\nexport const y = x;\n"],
  ])('refuses src/ or machines/ in localnet/: %s', async (code) => {
    const messages = await boundaryMessages('localnet/http/example.ts', code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('localnet/ must not import src/ or machines/');
  });

  it('lets localnet/ use the ts-sdk and node built-ins', async () => {
    const code =
      "import { Hex } from '@aptos-labs/ts-sdk';\nimport { createServer } from 'node:http';\nexport const h = [Hex, createServer];\n";
    expect(await boundaryMessages('localnet/http/example.ts', code)).toEqual([]);
  });
});
