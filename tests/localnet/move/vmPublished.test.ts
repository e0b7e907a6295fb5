import { Account, type UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LongAddress } from '../../../localnet/encoding.ts';
import { shortAddress } from '../../../localnet/encoding.ts';
import { bytesToHex, readModule } from '../../../localnet/move/binary/reader.ts';
import { writeModule } from '../../../localnet/move/binary/writer.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';

/**
 * The ts-sdk e2e suite's packages published through `0x1::code` and run by the interpreter, the
 * SDK fetching their ABIs from the chain: `init_module` at publish, entry functions that move
 * coins through `coin::withdraw`/`deposit`, and views.
 */
interface Fixtures {
  publisher: string;
  binaries: Array<{ name: string; hex: string }>;
  metadata: Array<{ name: string; hex: string }>;
}
const fx = JSON.parse(readFileSync('tests/fixtures/move/sdkBinaries.json', 'utf8')) as Fixtures;
const hexOf = (items: Array<{ name: string; hex: string }>, name: string) =>
  items.find((item) => item.name === name)?.hex ?? '';

/** The module re-addressed to `owner` (identifiers and `@publisher` constants), through the writer. */
function rehome(hex: string, owner: Account): string {
  const m = readModule(hex);
  const to = owner.accountAddress.toStringLong();
  const toBytes = Uint8Array.from(Buffer.from(to.slice(2), 'hex'));
  return bytesToHex(
    writeModule({
      ...m,
      addressIdentifiers: m.addressIdentifiers.map((a) => (a === fx.publisher ? to : a)),
      constantPool: m.constantPool.map((c) =>
        c.type.kind === 'Address' && bytesToHex(c.data) === fx.publisher.slice(2)
          ? { ...c, data: toBytes }
          : c,
      ),
    }),
  );
}

describe('published ts-sdk packages run in the interpreter', () => {
  let chain: Chain;
  let owner: Account;

  beforeAll(async () => {
    chain = await startChain();
    owner = await fundedAccount(chain, 1_000_000_000);
  });
  afterAll(async () => {
    await chain.localnet.stop();
  });

  async function send(
    transaction: Awaited<ReturnType<Chain['aptos']['transaction']['build']['simple']>>,
  ) {
    const pending = await chain.aptos.signAndSubmitTransaction({ signer: owner, transaction });
    return (await chain.aptos.waitForTransaction({
      transactionHash: pending.hash,
      options: { checkSuccess: false },
    })) as UserTransactionResponse;
  }

  async function publish(metadata: string, binary: string): Promise<UserTransactionResponse> {
    const transaction = await chain.aptos.publishPackageTransaction({
      account: owner.accountAddress,
      metadataBytes: hexOf(fx.metadata, metadata),
      moduleBytecode: [rehome(hexOf(fx.binaries, binary), owner)],
    });
    return send(transaction);
  }

  it('publishes tx_args_module, runs its init_module, and answers its views', async () => {
    const committed = await publish('Argument Tests for the Typescript SDK', 'helper.ts#2');
    expect(committed.vm_status).toBe('Executed successfully');
    const created = committed.changes.filter(
      (change) =>
        change.type === 'write_resource' &&
        (change as { data: { type: string } }).data.type.endsWith(
          '::tx_args_module::EmptyResource',
        ),
    );
    expect(created).toHaveLength(3);
    const fn = `${owner.accountAddress.toString()}::tx_args_module` as const;
    const addresses = await chain.aptos.view<[string, string, string]>({
      payload: { function: `${fn}::get_test_object_addresses`, functionArguments: [] },
    });
    expect(addresses.map((a) => a.replace(/^0x0*/, ''))).toEqual(
      created.map((change) => (change as { address: string }).address.replace(/^0x0*/, '')),
    );
    const [strings] = await chain.aptos.view<[string[]]>({
      payload: { function: `${fn}::get_expected_vector_string`, functionArguments: [] },
    });
    expect(strings).toEqual(['expected_string', 'abc', 'def', '123', '456', '789']);
  });

  it('publishes the transfer module and moves APT with coin::withdraw and deposit', async () => {
    const committed = await publish('transaction_test', 'helper.ts#5');
    expect(committed.vm_status).toBe('Executed successfully');
    const to = Account.generate().accountAddress;
    const transaction = await chain.aptos.transaction.build.simple({
      sender: owner.accountAddress,
      data: {
        function: `${owner.accountAddress.toString()}::transfer::transfer`,
        functionArguments: [4321, to],
      },
    });
    const [simulated] = await chain.aptos.transaction.simulate.simple({
      signerPublicKey: owner.publicKey,
      transaction,
    });
    const done = await send(transaction);
    expect(done.vm_status).toBe('Executed successfully');
    expect(simulated?.gas_used).toBe(done.gas_used);
    expect(await chain.aptos.getAccountAPTAmount({ accountAddress: to })).toBe(4321);
    expect(done.events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['0x1::fungible_asset::Withdraw', '0x1::fungible_asset::Deposit']),
    );
  });

  it("prints a published function's arguments decoded through its ABI, committed and simulated", async () => {
    const to = Account.generate().accountAddress;
    const transaction = await chain.aptos.transaction.build.simple({
      sender: owner.accountAddress,
      data: {
        function: `${owner.accountAddress.toString()}::transfer::transfer`,
        functionArguments: [77, to],
      },
    });
    const [simulated] = await chain.aptos.transaction.simulate.simple({
      signerPublicKey: owner.publicKey,
      transaction,
    });
    const done = await send(transaction);
    // As a node prints them: a u64 as a decimal string, an address as an address (not BCS hex).
    const expected = ['77', shortAddress(to.toStringLong() as LongAddress)];
    expect((done.payload as { arguments: unknown[] }).arguments).toEqual(expected);
    expect((simulated?.payload as { arguments: unknown[] }).arguments).toEqual(expected);
    const byHash = await chain.aptos.getTransactionByHash({ transactionHash: done.hash });
    expect((byHash as UserTransactionResponse).payload).toMatchObject({ arguments: expected });
  });
});
