import type { Account, UserTransactionResponse, WriteSetChange } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REFERENCE_ROOT, referenceAvailable } from '../../../bench/tools/frameworkCoverage.ts';
import { moduleAbi } from '../../../localnet/move/abi.ts';
import { readModule } from '../../../localnet/move/binary/reader.ts';
import type { LongAddress } from '../../../localnet/encoding.ts';
import type { CompiledModule } from '../../../localnet/move/binary/types.ts';
import { writeModule } from '../../../localnet/move/binary/writer.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';
import { packageMetadata } from './signedModules.ts';
import { answers, ref } from './tradingOracle.ts';
import { AB, op } from './fwHelpers.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * AptosExperimental through the REST API with the ts-sdk: `0x7::large_packages` as `aptos move
 * publish --chunked-publish` drives it (a package staged in two transactions, metadata and module
 * code split across them, published by the second, its `init_module` run, the staging area gone),
 * and `benchmark_utils`' entry function.
 */
let chain: Chain;
let owner: Account;
let me: string;
let tx: ReturnType<typeof ownerTransactions>;

const LP = '0x7::large_packages';
const long = (a: string) => `0x${a.slice(2).padStart(64, '0')}`;

/** `chunky`: its `init_module` leaves a `Flag` at the publisher. */
function chunkyModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'chunky');
  const flag = b.struct('Flag', AB.key, [['dummy_field', S.bool]]);
  b.fn('init_module', {
    visibility: 'private',
    params: [S.ref(S.signer)],
    code: [
      op.mv(0),
      op.ldFalse,
      { op: 'Pack', def: flag.def },
      { op: 'MoveTo', def: flag.def },
      op.ret,
    ],
  });
  return b.build();
}

const stage = (fn: string, metadata: Uint8Array, indices: number[], chunks: Uint8Array[]) =>
  tx.send({
    function: `${LP}::${fn}`,
    functionArguments: [metadata, indices, chunks],
  });

const changesOf = (done: UserTransactionResponse, type: string): WriteSetChange[] =>
  done.changes.filter(
    (c) =>
      ('data' in c && (c.data as { type?: string } | null)?.type === type) ||
      ('resource' in c && c.resource === type),
  );

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain, 1_000_000_000);
  me = owner.accountAddress.toString();
  tx = ownerTransactions(chain, owner);
});
afterAll(async () => {
  await chain.localnet.stop();
});

describe('0x7::large_packages', () => {
  it('stages a package in two transactions and publishes it', async () => {
    const metadata = packageMetadata('chunky', ['chunky']);
    const code = writeModule(chunkyModule(long(me)));
    const cut = Math.floor(metadata.length / 2);
    const split = Math.floor(code.length / 2);

    const first = await stage(
      'stage_code_chunk',
      metadata.slice(0, cut),
      [0],
      [code.slice(0, split)],
    );
    expect(first.vm_status).toBe('Executed successfully');
    const [area] = changesOf(first, `${LP}::StagingArea`);
    expect(area?.type).toBe('write_resource');
    const data = (area as { data: { data: Record<string, unknown> } }).data.data;
    expect(data.metadata_serialized).toBe(
      `0x${Buffer.from(metadata.slice(0, cut)).toString('hex')}`,
    );
    expect(data.last_module_idx).toBe('0');

    const second = await stage(
      'stage_code_chunk_and_publish_to_account',
      metadata.slice(cut),
      [0],
      [code.slice(split)],
    );
    expect(second.vm_status).toBe('Executed successfully');
    expect(changesOf(second, `${LP}::StagingArea`).map((c) => c.type)).toEqual(['delete_resource']);
    // The staged code's table items (smart_table's buckets) are written, then removed with it.
    const items = (done: UserTransactionResponse, type: string) =>
      done.changes.filter((c) => c.type === type).map((c) => (c as { handle: string }).handle);
    const staged = items(first, 'write_table_item');
    expect(staged.length).toBeGreaterThan(0);
    expect(items(second, 'delete_table_item')).toEqual(staged);
    expect(
      changesOf(second, `0x${me.slice(2).replace(/^0+/, '')}::chunky::Flag`).map((c) => c.type),
    ).toEqual(['write_resource']);
    const published = await chain.rest(`/accounts/${me}/module/chunky`);
    expect(published.status).toBe(200);
    expect(((await published.json()) as { bytecode: string }).bytecode).toBe(
      `0x${Buffer.from(code).toString('hex')}`,
    );
  });

  it('refuses chunks without their indices (ECODE_MISMATCH)', async () => {
    const done = await stage('stage_code_chunk', new Uint8Array(), [0, 1], [new Uint8Array([1])]);
    expect(done.vm_status).toBe(
      'Move abort in 0x7::large_packages: ECODE_MISMATCH(0x10001): code_indices and code_chunks should be the same length.',
    );
  });
});

describe('0x7::benchmark_utils', () => {
  it('creates and funds an account in one entry call', async () => {
    const to = `0x${'c'.repeat(63)}1`;
    const done = await tx.send({
      function: '0x7::benchmark_utils::transfer_and_create_account',
      functionArguments: [to, 1234],
    });
    expect(done.vm_status).toBe('Executed successfully');
    const accounts = changesOf(done, '0x1::account::Account').map(
      (c) => (c as { address: string }).address,
    );
    expect(accounts).toContain(to);
    expect(await chain.aptos.getAccountAPTAmount({ accountAddress: to })).toBe(1234);
  });
});

describe.skipIf(!referenceAvailable())('the trading modules’ ABIs', () => {
  const modules: Array<[string, string, string]> = [
    ['AptosTrading', '0x5', 'order_book_types'],
    ['AptosTrading', '0x5', 'order_match_types'],
    ['AptosTrading', '0x5', 'single_order_types'],
    ['AptosTrading', '0x5', 'bulk_order_types'],
    ['AptosExperimental', '0x7', 'market_clearinghouse_order_info'],
    ['AptosExperimental', '0x7', 'native_position_types'],
    ['AptosExperimental', '0x7', 'trading_native_capability'],
    ['AptosExperimental', '0x7', 'large_packages'],
  ];
  it.each(modules)(
    '%s %s::%s: structs, enums and functions as the node prints them',
    async (pkg, address, name) => {
      const bytes = readFileSync(join(REFERENCE_ROOT, pkg, `${name}.mv`));
      const reference = moduleAbi(readModule(new Uint8Array(bytes)));
      const response = await chain.rest(`/accounts/${address}/module/${name}`);
      expect(response.status).toBe(200);
      const { abi } = (await response.json()) as { abi: typeof reference };
      const byName = <T extends { name: string }>(list: T[]) =>
        [...list].sort((a, b) => (a.name < b.name ? -1 : 1));
      expect(byName(abi.structs)).toEqual(byName(reference.structs));
      const served = new Set(abi.exposed_functions.map((f) => f.name));
      expect(byName(abi.exposed_functions)).toEqual(
        byName(reference.exposed_functions.filter((f) => served.has(f.name))),
      );
      // Only next_increasing_idx_type (a missing transaction_context native) and friend functions
      // are left out.
      const public_ = reference.exposed_functions.filter(
        (f) => f.visibility === 'public' || f.is_entry,
      );
      expect(public_.filter((f) => !served.has(f.name)).map((f) => f.name)).toEqual(
        name === 'order_book_types' ? ['next_increasing_idx_type'] : [],
      );
    },
  );
});

describe.skipIf(!referenceAvailable())('0x7::large_packages against its bytecode', () => {
  it('answers alike without a staging area', () => {
    const signer = `0x${'a'.repeat(64)}`;
    const spec = {
      pkg: 'AptosExperimental',
      module: 'large_packages',
      address: long('0x7') as LongAddress,
    };
    const calls: Array<[string, string[], () => unknown[]]> = [
      ['cleanup_staging_area', [], () => [ref(signer)]],
      ['stage_code_chunk', [], () => [ref(signer), [], [0, 1], [[1]]]],
    ];
    const native = answers(false, spec, calls as never);
    expect(native).toEqual(answers(true, spec, calls as never));
    expect(native[0]).toBe('MISSING_DATA in 0x7::large_packages::cleanup_staging_area at 3');
  });

  it('price_time_index and native_position answer alike', () => {
    const seven = long('0x7') as LongAddress;
    const price = { pkg: 'AptosExperimental', module: 'price_time_index', address: seven };
    const calls: Array<[string, string[], () => unknown[]]> = [
      ['get_slippage_pct_precision', [], () => []],
    ];
    expect(answers(false, price, calls as never)).toEqual(answers(true, price, calls as never));
    expect(answers(false, price, calls as never)).toEqual([{ out: [100n], args: [] }]);
    const position = { pkg: 'AptosExperimental', module: 'native_position', address: seven };
    const cap = () => ref([`0x${'a'.repeat(64)}`]);
    const perp = [0, 7n, true, 1n, 3n, 20, false, [-1n], -5n, 99n];
    const changes: Array<[string, string[], () => unknown[]]> = [
      ['set_position', [], () => [cap(), long('0x1'), long('0x2'), perp]],
      ['delete_position', [], () => [cap(), long('0x1'), long('0x2')]],
    ];
    const native = answers(false, position, changes as never);
    expect(native).toEqual(answers(true, position, changes as never));
    expect(native[0]).toMatch(/EFEATURE_DISABLED\(0x50001\)/);
  });
});
