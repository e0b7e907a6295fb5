import {
  type Account,
  AccountAddress,
  createObjectAddress,
  createUserDerivedObjectAddress,
  type MoveValue,
  type UserTransactionResponse,
  type WriteSetChangeWriteResource,
} from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedAccount, startChain, type Chain } from './helpers.ts';
import { hookedModule } from './move/faHookModule.ts';
import { ownerTransactions } from './move/ownerTransactions.ts';

/**
 * A dispatchable fungible asset (`dispatchable_fungible_asset.move`) through the REST API with the
 * ts-sdk: `init_module` registers a withdraw hook that takes twice the amount and a deposit hook;
 * the framework's transfer calls them (the user's bytecode, from the native framework), the
 * non-dispatching `fungible_asset::transfer` refuses the asset, and a hook of the wrong signature
 * is refused at registration.
 */
let chain: Chain;
let owner: Account;
let me: string;
let metadata: string;
let send: ReturnType<typeof ownerTransactions>['send'];
let published: UserTransactionResponse;

const BOB = `0x${'b0b'.padStart(64, '0')}`;
const META_T = '0x1::fungible_asset::Metadata';
const storeOf = (account: string): string =>
  createUserDerivedObjectAddress(
    AccountAddress.from(account),
    AccountAddress.from(metadata),
  ).toStringShort();

const view = (fn: string, args: MoveValue[], typeArguments = [META_T]) =>
  chain.aptos.view({
    payload: {
      function: fn as `${string}::${string}::${string}`,
      typeArguments,
      functionArguments: args as never[],
    },
  });
const balance = async (account: string) =>
  (await view('0x1::primary_fungible_store::balance', [account, metadata]))[0];

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain, 1_000_000_000);
  me = owner.accountAddress.toStringLong();
  metadata = createObjectAddress(owner.accountAddress, 'HOOK').toStringShort();
  let publish: ReturnType<typeof ownerTransactions>['publish'];
  ({ send, publish } = ownerTransactions(chain, owner));
  published = await publish('hooked', hookedModule(me));
  await send({ function: `${me}::hooked::mint`, functionArguments: [me, 100] });
}, 60_000);
afterAll(async () => {
  await chain.localnet.stop();
});

describe('dispatchable fungible asset hooks', () => {
  it('registers the hooks and the transfer ref store at the metadata object', () => {
    expect(published.vm_status).toBe('Executed successfully');
    const data = (type: string) =>
      (
        published.changes.find(
          (change) =>
            change.type === 'write_resource' &&
            (change as WriteSetChangeWriteResource).data.type === type,
        ) as WriteSetChangeWriteResource | undefined
      )?.data.data;
    const hook = (name: string) => ({
      vec: [
        {
          module_address: AccountAddress.from(me).toStringShort(),
          module_name: 'hooked',
          function_name: name,
        },
      ],
    });
    expect(data('0x1::fungible_asset::DispatchFunctionStore')).toEqual({
      withdraw_function: hook('withdraw'),
      deposit_function: hook('deposit'),
      derived_balance_function: { vec: [] },
    });
    expect(data('0x1::dispatchable_fungible_asset::TransferRefStore')).toEqual({
      transfer_ref: { metadata: { inner: metadata } },
    });
  });

  it('runs the withdraw and deposit hooks on a primary store transfer', async () => {
    expect(await view('0x1::fungible_asset::is_asset_type_dispatchable', [metadata], [])).toEqual([
      true,
    ]);
    const done = await send({
      function: '0x1::primary_fungible_store::transfer',
      typeArguments: [META_T],
      functionArguments: [metadata, BOB, 10],
    });
    expect(done.vm_status).toBe('Executed successfully');
    // The hook withdrew 2 × 10, and the deposit hook put all of it in Bob's store.
    expect(done.events.filter((e) => e.type.startsWith('0x1::fungible_asset::'))).toEqual([
      expect.objectContaining({
        type: '0x1::fungible_asset::Withdraw',
        data: { store: storeOf(me), amount: '20' },
      }),
      expect.objectContaining({
        type: '0x1::fungible_asset::Deposit',
        data: { store: storeOf(BOB), amount: '20' },
      }),
    ]);
    expect(await balance(me)).toBe('80');
    expect(await balance(BOB)).toBe('20');
    const bobStore = storeOf(BOB);
    expect(
      await view(
        '0x1::dispatchable_fungible_asset::derived_balance',
        [bobStore],
        ['0x1::fungible_asset::FungibleStore'],
      ),
    ).toEqual(['20']);
  });

  it('refuses fungible_asset::transfer of a dispatchable asset (EINVALID_DISPATCHABLE_OPERATIONS)', async () => {
    const done = await send({
      function: '0x1::fungible_asset::transfer',
      typeArguments: ['0x1::fungible_asset::FungibleStore'],
      functionArguments: [storeOf(me), storeOf(BOB), 1],
    });
    expect(done.vm_status).toMatch(
      /^Move abort in 0x1::fungible_asset: EINVALID_DISPATCHABLE_OPERATIONS\(0x1001c\)/,
    );
  });

  it('refuses a hook whose signature is not a withdraw hook', async () => {
    const done = await send({ function: `${me}::hooked::bad`, functionArguments: [] });
    expect(done.vm_status).toBe(
      "Move abort in 0x1::fungible_asset: EWITHDRAW_FUNCTION_SIGNATURE_MISMATCH(0x10019): Provided withdraw function type doesn't meet the signature requirement.",
    );
  });

  it('answers derived_supply from the supply hook; fungible_asset::supply refuses the asset', async () => {
    expect(
      published.changes.some(
        (change) =>
          change.type === 'write_resource' &&
          (change as WriteSetChangeWriteResource).data.type === '0x1::fungible_asset::DeriveSupply',
      ),
    ).toBe(true);
    expect(await view('0x1::dispatchable_fungible_asset::derived_supply', [metadata])).toEqual([
      { vec: ['42'] },
    ]);
    await expect(view('0x1::fungible_asset::supply', [metadata])).rejects.toThrow(
      /EINVALID_DISPATCHABLE_OPERATIONS\(0x1001c\)/,
    );
  });
});
