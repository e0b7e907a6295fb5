import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message);
}

// The first lint loads the config and typescript-eslint: seconds on a loaded machine, so it runs
// once here with room to spare instead of inside the first test's 5 s.
beforeAll(async () => {
  await eslint.lintText('export {};\n', { filePath: 'machines/warmup.ts' });
}, 60_000);

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

  it.each([
    [
      "import { readFile } from 'node:fs/promises';\nexport const r = readFile;\n",
      'Node built-ins',
    ],
    ["import { readFile } from 'fs';\nexport const r = readFile;\n", 'Node built-ins'],
    [
      "import { startLocalnet } from '../../localnet';\nexport const s = startLocalnet;\n",
      'never the Node-only parts',
    ],
    [
      "import { createNodeActors } from '../../cli/actors';\nexport const c = createNodeActors;\n",
      'never the Node-only parts',
    ],
  ])('refuses in src/: %s', async (code, expected) => {
    const messages = await boundaryMessages('src/features/example.ts', code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(expected);
  });

  it('lets src/ use the machines, the chain actors, the SDK and React', async () => {
    const code =
      "import { transactionMachine } from '../../machines';\nimport { createChainActors } from '../../chainActors';\nimport { Hex } from '@aptos-labs/ts-sdk';\nimport { useState } from 'react';\nexport const all = [transactionMachine, createChainActors, Hex, useState];\n";
    expect(await boundaryMessages('src/features/example.ts', code)).toEqual([]);
  });

  it.each([
    ["import { areas } from '../src/app/areas';\nexport const a = areas;\n", 'not src/'],
    ["import { startLocalnet } from '../localnet';\nexport const s = startLocalnet;\n", 'not src/'],
    ["import type { Area } from '../src/app/areas';\nexport type A = Area;\n", 'not src/'],
    ["import { useState } from 'react';\nexport const u = useState;\n", 'without a UI'],
    [
      "import { useQuery } from '@tanstack/react-query';\nexport const q = useQuery;\n",
      'without a UI',
    ],
  ])('refuses in cli/: %s', async (code, expected) => {
    const messages = await boundaryMessages('cli/example.ts', code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(expected);
  });

  it('lets cli/ use the machines, the chain actors, the SDK and node built-ins', async () => {
    const code =
      "import { transactionMachine } from '../machines';\nimport { createChainActors } from '../chainActors';\nimport { Hex } from '@aptos-labs/ts-sdk';\nimport { randomUUID } from 'node:crypto';\nexport const all = [transactionMachine, createChainActors, Hex, randomUUID];\n";
    expect(await boundaryMessages('cli/example.ts', code)).toEqual([]);
  });

  it.each([
    ["import { readFile } from 'node:fs/promises';\nexport const r = readFile;\n"],
    ["import { useState } from 'react';\nexport const u = useState;\n"],
    ["import { transactionMachine } from '../machines';\nexport const t = transactionMachine;\n"],
  ])('refuses a run-time import in chainActors/: %s', async (code) => {
    const messages = await boundaryMessages('chainActors/example.ts', code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('chainActors/ may import only `@aptos-labs/ts-sdk`, `xstate`');
  });

  it.each([
    ["import { areas } from '../src/app/areas';\nexport const a = areas;\n"],
    ["import type { Area } from '../src/app/areas';\nexport type A = Area;\n"],
  ])('refuses src/ in chainActors/, even as types: %s', async (code) => {
    const messages = await boundaryMessages('chainActors/example.ts', code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('chainActors/ must not import src/');
  });

  it('lets chainActors/ use the SDK, xstate, its own files and machine types', async () => {
    const code =
      "import { Hex } from '@aptos-labs/ts-sdk';\nimport { fromPromise } from 'xstate';\nimport { toHex } from './chainActors';\nimport type { TransactionDraft } from '../machines';\nexport type D = TransactionDraft;\nexport const all = [Hex, fromPromise, toHex];\n";
    expect(await boundaryMessages('chainActors/example.ts', code)).toEqual([]);
  });

  it.each([
    [
      "import { readFile } from 'node:fs/promises';\nexport const r = readFile;\n",
      'no Node built-ins',
    ],
    ["import { useState } from 'react';\nexport const u = useState;\n", 'no UI libraries'],
    [
      "import { startLocalnet } from '../localnet';\nexport const s = startLocalnet;\n",
      'Node-only parts',
    ],
    [
      "import { balanceChanges } from '../src/features/transaction/balanceChanges';\nexport const b = balanceChanges;\n",
      'must not import src/',
    ],
    [
      "import type { NodeTransaction } from '../src/features/transaction';\nexport type N = NodeTransaction;\n",
      'must not import src/',
    ],
  ])('refuses in replay/ and schemas/: %s', async (code, expected) => {
    for (const file of ['replay/example.ts', 'schemas/example.ts']) {
      const messages = await boundaryMessages(file, code);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toContain(expected);
    }
  });

  // The one way into localnet/: the Move trace's types, so the chain, the app and the CLI share
  // one shape. A run-time import of it, or any other localnet file even as types, is refused.
  it.each([
    [
      "import { MOVE_TRACE_FORMAT } from '../localnet/move/vm/traceTypes';\nexport const f = MOVE_TRACE_FORMAT;\n",
      'as `import type` only',
    ],
    [
      "import type { Interpreter } from '../localnet/move/vm/interpreter';\nexport type I = Interpreter;\n",
      'Node-only parts',
    ],
    [
      "import type { MoveTrace } from '../localnet/move/vm/traceTypesMore';\nexport type T = MoveTrace;\n",
      'Node-only parts',
    ],
    [
      "import type { MoveTrace } from '../localnet/move/vm/traceTypes.ts/x';\nexport type T = MoveTrace;\n",
      'Node-only parts',
    ],
  ])(
    'refuses localnet/ in replay/ and schemas/ but the trace types: %s',
    async (code, expected) => {
      for (const file of ['replay/example.ts', 'schemas/example.ts']) {
        const messages = await boundaryMessages(file, code);
        expect(messages).toHaveLength(1);
        expect(messages[0]).toContain(expected);
      }
    },
  );

  it.each([
    [
      "import type { MoveTrace } from '../localnet/move/vm/traceTypes';\nexport type T = MoveTrace;\n",
    ],
    ["export type { MoveTrace } from '../localnet/move/vm/traceTypes.ts';\n"],
  ])('lets replay/ take the Move trace types from localnet/: %s', async (code) => {
    expect(await boundaryMessages('replay/example.ts', code)).toEqual([]);
  });

  it('still refuses the Move trace types in src/: the app reads them through replay/', async () => {
    const code =
      "import type { MoveTrace } from '../../localnet/move/vm/traceTypes';\nexport type T = MoveTrace;\n";
    const messages = await boundaryMessages('src/features/example.ts', code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('never the Node-only parts');
  });

  it('lets replay/ use the SDK, the machines and the chain actors', async () => {
    const code =
      "import { Hex } from '@aptos-labs/ts-sdk';\nimport { redactSecrets } from '../machines';\nimport { buildFromDraft } from '../chainActors';\nexport const all = [Hex, redactSecrets, buildFromDraft];\n";
    expect(await boundaryMessages('replay/example.ts', code)).toEqual([]);
  });

  // The rules above on the real tree: the command line's folders reach nothing of the app.
  it('finds no import of src/ in replay/, cli/, schemas/ or chainActors/', async () => {
    const results = await eslint.lintFiles([
      'replay/**/*.ts',
      'cli/**/*.ts',
      'schemas/**/*.ts',
      'chainActors/**/*.ts',
    ]);
    expect(results.length).toBeGreaterThan(10);
    const boundary = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
        .map((message) => `${result.filePath}: ${message.message}`),
    );
    expect(boundary).toEqual([]);
  }, 60_000);
});
