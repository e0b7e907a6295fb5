import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AccountAddress,
  EntryFunction,
  Identifier,
  ModuleId,
  StructTag,
  TypeTagStruct,
  TypeTagU8,
  TypeTagVector,
  U64,
  type TypeTag,
} from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ed25519Signer, ROOT_PRIVATE_KEY, startLocalnet } from '../../localnet/index.ts';
import { decodeSignedTransaction } from '../../localnet/executor/decode.ts';
import { DurableLog, type LogEntry } from '../../localnet/storage/log.ts';
import { storeOutput } from '../../localnet/storage/storedOutput.ts';
import { postBcs, startChain, type Chain } from './helpers';

let chain: Chain;
let signer: Ed25519Signer;
beforeAll(async () => {
  chain = await startChain();
  signer = Ed25519Signer.generate();
  await chain.aptos.fundAccount({ accountAddress: signer.address, amount: 100_000_000 });
});
afterAll(async () => {
  await chain.localnet.stop();
});

const struct = (module: string, name: string, typeArgs: TypeTag[] = []) =>
  new TypeTagStruct(
    new StructTag(AccountAddress.ONE, new Identifier(module), new Identifier(name), typeArgs),
  );

function call(module: string, fn: string, typeArgs: TypeTag[]): EntryFunction {
  return new EntryFunction(
    new ModuleId(AccountAddress.ONE, new Identifier(module)),
    new Identifier(fn),
    typeArgs,
    [AccountAddress.from(Ed25519Signer.generate().address), new U64(1n)],
  );
}

function signed(by: Ed25519Signer, entryFunction: EntryFunction, sequenceNumber = 0n) {
  return by.signEntryFunction({
    entryFunction,
    sequenceNumber,
    expirationSecs: BigInt(Math.floor(Date.now() / 1000) + 600),
    chainId: 4,
  });
}

function nested(depth: number): TypeTag {
  let tag: TypeTag = new TypeTagU8();
  for (let i = 0; i < depth; i += 1) tag = new TypeTagVector(tag);
  return tag;
}

describe('a validly signed transaction with a malformed payload', () => {
  it.each([
    [
      'a struct type argument whose module is not an identifier',
      call('coin', 'transfer', [struct('a b', 'S')]),
      'Transaction entry function type arg invalid: invalid struct tag: 0x1::a b::S',
    ],
    [
      'a struct name that is not an identifier',
      call('coin', 'transfer', [struct('m', '9S')]),
      'Transaction entry function type arg invalid: invalid struct tag: 0x1::m::9S',
    ],
    [
      'a module name that is not an identifier',
      call('co in', 'transfer', []),
      'Transaction entry function module invalid: invalid Move module name: co in',
    ],
    [
      'a function name that is not an identifier',
      call('coin', 'trans-fer', []),
      'Transaction entry function name invalid: invalid Move function name: trans-fer',
    ],
    [
      'type arguments nested deeper than 8',
      call('coin', 'transfer', [nested(10)]),
      'Transaction entry function type arg invalid: Move type has gone over the limit of recursive types 8',
    ],
    [
      'more type arguments than the function has',
      call('coin', 'transfer', [
        struct('aptos_coin', 'AptosCoin'),
        struct('aptos_coin', 'AptosCoin'),
      ]),
      'Expected 1 type arguments, got 2',
    ],
  ])('is refused with 400 before the mempool: %s', async (_name, entryFunction, message) => {
    const bytes = signed(signer, entryFunction);
    const submitted = await postBcs(chain, '/transactions', bytes);
    expect(submitted.status).toBe(400);
    expect(submitted.body).toEqual({ message, error_code: 'invalid_input', vm_error_code: null });
    const simulated = await postBcs(chain, '/transactions/simulate', bytes);
    expect(simulated.status).toBe(400);
  });

  it('refuses too few arguments against the ABI', async () => {
    const entryFunction = new EntryFunction(
      new ModuleId(AccountAddress.ONE, new Identifier('aptos_account')),
      new Identifier('transfer'),
      [],
      [new U64(1n)],
    );
    const submitted = await postBcs(chain, '/transactions', signed(signer, entryFunction));
    expect(submitted.status).toBe(400);
    expect((submitted.body as { message: string }).message).toBe('Expected 2 arguments, got 1');
  });

  it('leaves the chain committing afterwards', async () => {
    const transfer = call('aptos_account', 'transfer', []);
    const submitted = await postBcs(chain, '/transactions', signed(signer, transfer));
    expect(submitted.status).toBe(202);
    const { hash } = submitted.body as { hash: string };
    const committed = await chain.aptos.waitForTransaction({ transactionHash: hash });
    expect(committed.success).toBe(true);
  });
});

describe('reads of what is committed', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('answer 200 for a malformed transaction already in the log, after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'localnet-hostile-'));
    dirs.push(dir);
    const root = Ed25519Signer.fromPrivateKey(ROOT_PRIVATE_KEY);
    const bad = [
      signed(root, call('coin', 'transfer', [struct('a b', 'S')]), 0n),
      signed(root, call('coin', 'transfer', [struct('a b', 'S'), struct('c d', 'T')]), 1n),
    ];
    // Written straight into the log (as a chain before the validation fix committed them).
    const { log } = DurableLog.open({ dir });
    log.appendAll([
      ...bad.map((bytes, i): LogEntry => ({
        k: 'tx',
        h: decodeSignedTransaction(bytes).hash,
        s: root.address,
        n: String(i),
        b: Buffer.from(bytes).toString('hex'),
        o: storeOutput({
          success: false,
          vmStatus: 'NUMBER_OF_TYPE_ARGUMENTS_MISMATCH',
          gasUsed: 0n,
          writes: [],
          events: [],
          fee: { totalGasUnits: 0n, executionGasUnits: 0n, ioGasUnits: 0n, storageFeeOctas: 0n },
        }),
      })),
      { k: 'block', ts: String(Date.now() * 1000), n: bad.length },
    ]);
    log.close();
    const localnet = await startLocalnet({ blockTimeMs: 0, dataDir: dir, ports: 'auto' });
    try {
      const read = (path: string) =>
        fetch(`${localnet.urls.rest}${path}`).then((response) => response.status);
      expect(await read('/transactions/by_version/2')).toBe(200);
      expect(await read('/transactions/by_version/3')).toBe(200);
      expect(await read('/transactions?start=0&limit=10')).toBe(200);
      expect(await read(`/accounts/${root.address}/transactions`)).toBe(200);
      expect(await read('/blocks/by_height/1?with_transactions=true')).toBe(200);
      const committed = (await (
        await fetch(`${localnet.urls.rest}/transactions/by_version/3`)
      ).json()) as { success: boolean };
      expect(committed.success).toBe(false);
    } finally {
      await localnet.stop();
    }
  });
});

describe('mempool bounds', () => {
  it('parks at most 100 transactions per account, then answers 507 with the node error', async () => {
    const sender = Ed25519Signer.generate();
    await chain.aptos.fundAccount({ accountAddress: sender.address, amount: 100_000_000 });
    const transfer = call('aptos_account', 'transfer', []);
    const statuses: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      const parked = await postBcs(
        chain,
        '/transactions',
        signed(sender, transfer, 1_000n + BigInt(i)),
      );
      statuses.push(parked.status);
    }
    expect(new Set(statuses)).toEqual(new Set([202]));
    const refused = await postBcs(chain, '/transactions', signed(sender, transfer, 2_000n));
    expect(refused.status).toBe(507);
    expect(refused.body).toEqual({
      message:
        'Mempool over capacity for account. Number of transactions from account: 100 Capacity per account: 100',
      error_code: 'mempool_is_full',
      vm_error_code: null,
    });
    // Another account is not affected.
    const other = await postBcs(chain, '/transactions', signed(signer, transfer, 1_000n));
    expect(other.status).toBe(202);
  });
});
