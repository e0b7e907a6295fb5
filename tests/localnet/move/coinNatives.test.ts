import { describe, expect, it } from 'vitest';
import { MoveAbort, VmStatusError } from '../../../localnet/move/vm/errors.ts';
import type { Value } from '../../../localnet/move/vm/values.ts';
import { Ref } from '../../../localnet/move/vm/values.ts';
import { call, ONE } from './nativeHarness.ts';

/**
 * `0x1::coin`'s functions that need no coin on chain, called directly on an empty state, with
 * coin.move's (v10) results and abort codes. The rest is checked through the REST API in
 * managedCoin.test.ts and coinAccounts.test.ts.
 */
function status(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof MoveAbort) return error.vmStatus;
    if (error instanceof VmStatusError) return error.status;
    throw error;
  }
  return 'ok';
}

const COIN = ['0x1::string::String'];
const USER = `0x${'5'.repeat(64)}`;
const signer = (address: string): Value => new Ref([address], 0);
const coin = (value: bigint): Value => [value];

describe('Coin<T> values', () => {
  it('value, zero, merge, extract, extract_all and destroy_zero', () => {
    expect(call('coin::value', [new Ref([coin(7n)], 0)], COIN)).toEqual([7n]);
    expect(call('coin::zero', [], COIN)).toEqual([[0n]]);
    const held = [coin(10n)];
    call('coin::merge', [new Ref(held, 0), coin(5n)], COIN);
    expect(held[0]).toEqual([15n]);
    expect(call('coin::extract', [new Ref(held, 0), 4n], COIN)).toEqual([[4n]]);
    expect(held[0]).toEqual([11n]);
    expect(status(() => call('coin::extract', [new Ref(held, 0), 12n], COIN))).toBe(
      'Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): Not enough coins to complete transaction',
    );
    expect(call('coin::extract_all', [new Ref(held, 0)], COIN)).toEqual([[11n]]);
    expect(held[0]).toEqual([0n]);
    expect(status(() => call('coin::destroy_zero', [coin(0n)], COIN))).toBe('ok');
    expect(status(() => call('coin::destroy_zero', [coin(1n)], COIN))).toContain(
      'EDESTRUCTION_OF_NONZERO_TOKEN(0x10007)',
    );
    // `dst_coin.value += value` past u64 is the VM's arithmetic error.
    const full = [coin((1n << 64n) - 1n)];
    expect(status(() => call('coin::merge', [new Ref(full, 0), coin(1n)], COIN))).toBe(
      'ARITHMETIC_ERROR',
    );
  });

  it('capabilities are destroyed whatever the coin', () => {
    for (const kind of ['mint', 'burn', 'freeze']) {
      expect(call(`coin::destroy_${kind}_cap`, [[false]], COIN)).toEqual([]);
    }
  });
});

describe('coin functions on a type that is not a coin', () => {
  it('views borrow CoinInfo<T> (MISSING_DATA), registration asserts it (0x10003)', () => {
    for (const name of ['name', 'symbol', 'decimals', 'supply', 'coin_supply']) {
      expect(
        status(() => call(`coin::${name}`, [], COIN)),
        name,
      ).toBe('MISSING_DATA');
    }
    expect(call('coin::is_coin_initialized', [], COIN)).toEqual([false]);
    const notPublished =
      "Move abort in 0x1::coin: ECOIN_INFO_NOT_PUBLISHED(0x10003): `CoinType` hasn't been initialized as a coin";
    expect(status(() => call('coin::register', [signer(USER)], COIN))).toBe(notPublished);
    expect(status(() => call('coin::is_account_registered', [USER], COIN))).toBe(notPublished);
    expect(status(() => call('coin::is_coin_store_frozen', [USER], COIN))).toBe(notPublished);
    expect(call('coin::balance', [USER], COIN)).toEqual([0n]);
    expect(call('coin::is_balance_at_least', [USER, 0n], COIN)).toEqual([true]);
    expect(call('coin::is_balance_at_least', [USER, 1n], COIN)).toEqual([false]);
    expect(call('coin::paired_metadata', [], COIN)).toEqual([[[]]]);
    expect(call('coin::paired_coin', [[USER]])).toEqual([[[]]]);
    expect(status(() => call('coin::paired_mint_ref_exists', [], COIN))).toContain(
      'EPAIRED_FUNGIBLE_ASSET(0x60010)',
    );
  });

  it('CoinStore is never published here: freezing borrows one and fails, migrating does nothing', () => {
    expect(status(() => call('coin::freeze_coin_store', [USER, [false]], COIN))).toBe(
      'MISSING_DATA',
    );
    expect(status(() => call('coin::unfreeze_coin_store', [USER, [false]], COIN))).toBe(
      'MISSING_DATA',
    );
    expect(call('coin::migrate_to_fungible_store', [signer(USER)], COIN)).toEqual([]);
    expect(call('coin::migrate_coin_store_to_fungible_store', [[USER]], COIN)).toEqual([]);
  });

  it('supply upgrades are gone; the conversion map and pairing are the framework’s', () => {
    const unsupported = 'ECOIN_SUPPLY_UPGRADE_NOT_SUPPORTED(0x3000b)';
    expect(status(() => call('coin::allow_supply_upgrades', [signer(ONE), true]))).toContain(
      unsupported,
    );
    expect(status(() => call('coin::upgrade_supply', [signer(USER)], COIN))).toContain(unsupported);
    const notFramework =
      'Move abort in 0x1::system_addresses: ENOT_APTOS_FRAMEWORK_ADDRESS(0x50003)';
    expect(status(() => call('coin::create_coin_conversion_map', [signer(USER)]))).toContain(
      notFramework,
    );
    expect(status(() => call('coin::create_pairing', [signer(USER)], COIN))).toContain(
      notFramework,
    );
    // The map exists from genesis on a node: nothing to do for the framework.
    expect(call('coin::create_coin_conversion_map', [signer(ONE)])).toEqual([]);
  });

  it('a paired ref goes back only with its own receipt', () => {
    const ref = (address: string): Value => [[address]];
    expect(status(() => call('coin::return_paired_mint_ref', [ref(USER), ref(ONE)]))).toBe(
      'Move abort in 0x1::coin: EMINT_REF_RECEIPT_MISMATCH(0x10014): The MintRefReceipt does not match the MintRef to be returned.',
    );
    expect(status(() => call('coin::return_paired_burn_ref', [ref(USER), ref(ONE)]))).toContain(
      'EBURN_REF_RECEIPT_MISMATCH(0x10018)',
    );
    // A matching receipt for an object without PairedFungibleAssetRefs.
    expect(
      status(() => call('coin::return_paired_transfer_ref', [ref(USER), ref(USER)])),
    ).toContain('EPAIRED_FUNGIBLE_ASSET_REFS_NOT_FOUND(0xb0013)');
  });

  it('initialize checks the deployer, then the lengths, as initialize_internal does', () => {
    const str = (text: string): Value => [Array.from(Buffer.from(text))];
    const init = (account: string, name: string, symbol: string, decimals: number) =>
      status(() =>
        call(
          'coin::initialize',
          [signer(account), str(name), str(symbol), decimals, true],
          [`${USER}::m::C`],
        ),
      );
    expect(init(ONE, 'C', 'C', 8)).toContain('ECOIN_INFO_ADDRESS_MISMATCH(0x10001)');
    expect(init(USER, 'n'.repeat(33), 'C', 8)).toContain('ECOIN_NAME_TOO_LONG(0x1000c)');
    expect(init(USER, 'C', 's'.repeat(33), 8)).toContain('ECOIN_SYMBOL_TOO_LONG(0x1000d)');
    expect(init(USER, 'C', 'C', 33)).toContain('ECOIN_DECIMALS_TOO_LARGE(0x1001d)');
    expect(init(USER, 'n'.repeat(32), 's'.repeat(32), 32)).toBe('ok');
  });
});
