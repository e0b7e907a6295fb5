import type { Account, UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, readModule } from '../../../localnet/move/binary/reader.ts';
import type { CodeUnit, CompiledModule } from '../../../localnet/move/binary/types.ts';
import type { LongAddress } from '../../../localnet/encoding.ts';
import { must, shortAddress } from '../../../localnet/encoding.ts';
import { writeModule } from '../../../localnet/move/binary/writer.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { specErrors } from '../openApi.ts';

interface Fixtures {
  publisher: string;
  binaries: Array<{ name: string; hex: string }>;
  metadata: Array<{ name: string; hex: string }>;
}
const fx = JSON.parse(readFileSync('tests/fixtures/move/sdkBinaries.json', 'utf8')) as Fixtures;
const find = <T extends { name: string }>(items: T[], name: string): T => {
  const item = items.find((i) => i.name === name);
  if (item === undefined) throw new Error(`no fixture ${name}`);
  return item;
};
const TRANSFER = find(fx.binaries, 'helper.ts#5').hex;
const TRANSFER_METADATA = find(fx.metadata, 'transaction_test').hex;
const ARGS = find(fx.binaries, 'helper.ts#2').hex;
const ARGS_METADATA = find(fx.metadata, 'Argument Tests for the Typescript SDK').hex;

const long = (a: Account) => a.accountAddress.toStringLong();

/** The module re-addressed to `owner` (its address identifier rewritten), through the writer. */
function rehome(
  hex: string,
  owner: Account,
  edit: (m: CompiledModule) => CompiledModule = (m) => m,
): string {
  const m = readModule(hex);
  const moved: CompiledModule = {
    ...m,
    addressIdentifiers: m.addressIdentifiers.map((a) => (a === fx.publisher ? long(owner) : a)),
    // `@publisher` constants too: init_module runs now, and the SDK's module checks its address.
    constantPool: m.constantPool.map((c) =>
      c.type.kind === 'Address' && bytesToHex(c.data) === fx.publisher.slice(2)
        ? { ...c, data: Uint8Array.from(Buffer.from(long(owner).slice(2), 'hex')) }
        : c,
    ),
  };
  return bytesToHex(writeModule(edit(moved)));
}

/** The metadata with another upgrade policy (the byte after the package name). */
function withPolicy(metadataHex: string, policy: number): string {
  const bytes = Buffer.from(metadataHex, 'hex');
  bytes[1 + (bytes[0] ?? 0)] = policy;
  return bytes.toString('hex');
}

let chain: Chain;
beforeAll(async () => {
  chain = await startChain();
});
afterAll(async () => {
  await chain.localnet.stop();
});

async function publish(
  account: Account,
  metadataHex: string,
  modules: string[],
): Promise<UserTransactionResponse> {
  const transaction = await chain.aptos.publishPackageTransaction({
    account: account.accountAddress,
    metadataBytes: metadataHex,
    moduleBytecode: modules,
  });
  const pending = await chain.aptos.signAndSubmitTransaction({ signer: account, transaction });
  return (await chain.aptos.waitForTransaction({
    transactionHash: pending.hash,
    options: { checkSuccess: false },
  })) as UserTransactionResponse;
}

describe('publishing a package through 0x1::code::publish_package_txn', () => {
  it('stores the module, serves its bytecode and derived ABI, and records the package', async () => {
    const alice = await fundedAccount(chain);
    const code = rehome(TRANSFER, alice);
    const committed = await publish(alice, TRANSFER_METADATA, [code]);
    expect(committed.vm_status).toBe('Executed successfully');
    expect(committed.success).toBe(true);

    const modules = await chain.aptos.getAccountModules({ accountAddress: alice.accountAddress });
    expect(modules).toHaveLength(1);
    expect(modules[0]?.bytecode).toBe(`0x${code}`);
    const module = await chain.aptos.getAccountModule({
      accountAddress: alice.accountAddress,
      moduleName: 'transfer',
    });
    expect(module.abi?.name).toBe('transfer');
    expect(module.abi?.exposed_functions.map((f) => [f.name, f.is_entry, f.params.length])).toEqual(
      [
        ['transfer', true, 3],
        ['two_by_two', true, 7],
      ],
    );
    expect(module.abi?.exposed_functions[0]?.params).toEqual(['&signer', 'u64', 'address']);

    const registry = await chain.aptos.getAccountResource<{
      packages: Array<Record<string, unknown>>;
    }>({
      accountAddress: alice.accountAddress,
      resourceType: '0x1::code::PackageRegistry',
    });
    expect(registry.packages).toHaveLength(1);
    expect(registry.packages[0]).toMatchObject({
      name: 'transaction_test',
      upgrade_policy: { policy: 1 },
      upgrade_number: '0',
      // The SDK's package carries its gzipped source.
      modules: [
        {
          name: 'transfer',
          source: expect.stringMatching(/^0x1f8b/) as unknown,
          source_map: '0x',
          extension: { vec: [] },
        },
      ],
      deps: [
        { account: '0x1', package_name: 'AptosFramework' },
        { account: '0x1', package_name: 'AptosStdlib' },
        { account: '0x1', package_name: 'MoveStdlib' },
      ],
    });
    // The served module, its ABI and the committed transaction match the node's OpenAPI schemas.
    expect(specErrors('MoveModuleBytecode', module)).toEqual([]);
    expect(specErrors('UserTransaction', committed)).toEqual([]);
    const event = committed.events.find((e) => e.type === '0x1::code::PublishPackage');
    // An address in event data prints short (leading zeros trimmed), as a node prints it; the
    // SDK's `toString()` keeps a leading zero nibble, so one account in 16 printed otherwise.
    expect(event?.data).toEqual({
      code_address: shortAddress(long(alice) as LongAddress),
      is_upgrade: false,
    });
    const change = committed.changes.find((c) => c.type === 'write_module') as
      { data: { bytecode: string; abi: { name: string } } } | undefined;
    expect(change?.data.bytecode).toBe(`0x${code}`);
    expect(change?.data.abi.name).toBe('transfer');
  }, 30_000);

  it('publishes the ts-sdk argument-test module (v7, enums of the object framework) and marks its views', async () => {
    const owner = await fundedAccount(chain);
    const committed = await publish(owner, ARGS_METADATA, [rehome(ARGS, owner)]);
    expect(committed.vm_status).toBe('Executed successfully');
    const { abi } = await chain.aptos.getAccountModule({
      accountAddress: owner.accountAddress,
      moduleName: 'tx_args_module',
    });
    expect(abi?.exposed_functions.find((f) => f.name === 'view_all_arguments')?.is_view).toBe(true);
    expect(abi?.structs.map((st) => st.name)).toContain('EmptyResource');
  });

  it('accepts a compatible upgrade and counts it', async () => {
    const bob = await fundedAccount(chain);
    const code = rehome(TRANSFER, bob);
    expect((await publish(bob, TRANSFER_METADATA, [code])).success).toBe(true);
    const again = await publish(bob, TRANSFER_METADATA, [code]);
    expect(again.vm_status).toBe('Executed successfully');
    expect(again.events.find((e) => e.type === '0x1::code::PublishPackage')?.data.is_upgrade).toBe(
      true,
    );
    const registry = await chain.aptos.getAccountResource<{
      packages: Array<{ upgrade_number: string }>;
    }>({
      accountAddress: bob.accountAddress,
      resourceType: '0x1::code::PackageRegistry',
    });
    expect(registry.packages.map((p) => p.upgrade_number)).toEqual(['1']);
  });

  it('refuses an incompatible upgrade (an entry function removed) with BACKWARD_INCOMPATIBLE_MODULE_UPDATE', async () => {
    const carol = await fundedAccount(chain);
    const code = rehome(TRANSFER, carol);
    expect((await publish(carol, TRANSFER_METADATA, [code])).success).toBe(true);
    // Make `two_by_two` private and non-entry: removing it from the public surface.
    const broken = rehome(TRANSFER, carol, (m) => ({
      ...m,
      functionDefs: m.functionDefs.map((f, i) =>
        i === 0 ? { ...f, visibility: 'private', isEntry: false } : f,
      ),
    }));
    const refused = await publish(carol, TRANSFER_METADATA, [broken]);
    expect(refused.success).toBe(false);
    expect(refused.vm_status).toBe('BACKWARD_INCOMPATIBLE_MODULE_UPDATE');
    const stored = await chain.aptos.getAccountModule({
      accountAddress: carol.accountAddress,
      moduleName: 'transfer',
    });
    expect(stored.bytecode).toBe(`0x${code}`);
  });

  it('runs the bytecode verifier: ill-typed code is refused with its status and nothing is stored', async () => {
    const hana = await fundedAccount(chain);
    const withCode = (code: CodeUnit) =>
      rehome(TRANSFER, hana, (m) => ({
        ...m,
        functionDefs: m.functionDefs.map((f, i) => (i === 0 ? { ...f, code } : f)),
      }));
    const first = must(readModule(TRANSFER).functionDefs[0]?.code);
    // `abort true`: the code of an abort must be a u64.
    const abortBool = await publish(hana, TRANSFER_METADATA, [
      withCode({ ...first, code: [{ op: 'LdTrue' }, { op: 'Abort' }] }),
    ]);
    expect(abortBool.success).toBe(false);
    expect(abortBool.vm_status).toBe('ABORT_TYPE_MISMATCH_ERROR');
    // `1u8 + 1u64`: integer operands of different widths.
    const mixed = await publish(hana, TRANSFER_METADATA, [
      withCode({
        ...first,
        code: [
          { op: 'LdU8', value: 1 },
          { op: 'LdU64', value: 1n },
          { op: 'Add' },
          { op: 'Pop' },
          { op: 'Ret' },
        ],
      }),
    ]);
    expect(mixed.vm_status).toBe('INTEGER_OP_TYPE_MISMATCH_ERROR');
    // A value left on the stack at `ret`.
    const leftover = await publish(hana, TRANSFER_METADATA, [
      withCode({ ...first, code: [{ op: 'LdTrue' }, { op: 'Ret' }] }),
    ]);
    expect(leftover.vm_status).toBe('POSITIVE_STACK_SIZE_AT_BLOCK_END');
    for (const refused of [abortBool, mixed, leftover])
      expect(refused.changes.some((c) => c.type === 'write_module')).toBe(false);
    await expect(
      chain.aptos.getAccountModules({ accountAddress: hana.accountAddress }),
    ).resolves.toEqual([]);
    // The same module with its own code verifies and publishes.
    expect((await publish(hana, TRANSFER_METADATA, [rehome(TRANSFER, hana)])).success).toBe(true);
  });

  it('refuses to upgrade an immutable package', async () => {
    const dan = await fundedAccount(chain);
    const code = rehome(TRANSFER, dan);
    expect((await publish(dan, withPolicy(TRANSFER_METADATA, 2), [code])).success).toBe(true);
    const refused = await publish(dan, withPolicy(TRANSFER_METADATA, 2), [code]);
    expect(refused.vm_status).toBe(
      'Move abort in 0x1::code: EUPGRADE_IMMUTABLE(0x10002): Cannot upgrade an immutable package',
    );
    // Not even as `compatible`: an immutable package stays immutable.
    const weaker = await publish(dan, TRANSFER_METADATA, [code]);
    expect(weaker.vm_status).toContain('EUPGRADE_IMMUTABLE');
  });

  it('refuses the arbitrary policy, a module of another address, and bytes that are not a module', async () => {
    const frank = await fundedAccount(chain);
    const arbitrary = await publish(frank, withPolicy(TRANSFER_METADATA, 0), [
      rehome(TRANSFER, frank),
    ]);
    expect(arbitrary.vm_status).toContain('EINCOMPATIBLE_POLICY_DISABLED(0x10008)');
    const foreign = await publish(frank, TRANSFER_METADATA, [TRANSFER]);
    expect(foreign.vm_status).toBe('MODULE_ADDRESS_DOES_NOT_MATCH_SENDER');
    const garbage = await publish(frank, TRANSFER_METADATA, ['a11ceb0b0600000000']);
    expect(garbage.vm_status).toBe('CODE_DESERIALIZATION_ERROR');
    const unregistered = await publish(frank, TRANSFER_METADATA, [
      rehome(TRANSFER, frank),
      rehome(ARGS, frank),
    ]);
    expect(unregistered.vm_status).toBe('CONSTRAINT_NOT_SATISFIED');
    await expect(
      chain.aptos.getAccountModules({ accountAddress: frank.accountAddress }),
    ).resolves.toEqual([]);
  });

  it('commits mutated packages as failures (or successes) and keeps serving', async () => {
    const gina = await fundedAccount(chain);
    const base = Buffer.from(rehome(TRANSFER, gina), 'hex');
    for (let i = 0; i < 8; i++) {
      const bytes = Buffer.from(base);
      // Deterministic corruption: one byte in eight places across the binary.
      const at = Math.floor((((i * 37 + 11) % 97) / 97) * bytes.length);
      bytes[at] = (bytes[at] ?? 0) ^ 0x5a;
      const committed = await publish(gina, TRANSFER_METADATA, [bytes.toString('hex')]);
      expect(typeof committed.vm_status).toBe('string');
      if (!committed.success)
        expect(committed.changes.some((c) => c.type === 'write_module')).toBe(false);
    }
    expect((await chain.aptos.getLedgerInfo()).chain_id).toBe(4);
  });
});
