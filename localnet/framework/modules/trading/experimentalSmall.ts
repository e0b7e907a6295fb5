/**
 * AptosExperimental's small modules whose public surface stands apart from the order book:
 * `benchmark_utils` (a private entry function creating and funding an account),
 * `price_time_index::get_slippage_pct_precision`, and `native_position`, whose set and delete go
 * through `trading_native_capability::assert_valid` first: with `TRADING_NATIVE` off in this
 * chain's genesis that aborts `EFEATURE_DISABLED`, so the position store behind it (a Rust native
 * on a node) is never reached here; reaching it would be a fault of the chain, reported as one.
 */
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { fn } from '../../abi.ts';
import type { NativeFunction, NativeModule } from '../../context.ts';
import { long } from '../system/systemAddresses.ts';
import { EXPERIMENTAL } from './shared.ts';

const module = (name: string, functions: NativeFunction[]): NativeModule => ({
  address: EXPERIMENTAL,
  name,
  friends: [],
  structs: [],
  functions,
});

const CAP = '&0x7::trading_native_capability::TradingNativeCapability';
const POSITION = '0x7::native_position_types::Position';

/** `trading_native_capability::assert_valid(cap)`, then the position native nothing here reaches. */
const positionChange = (name: string, params: string[]): NativeFunction =>
  fn(name, { params }, (host: NativeHost, _t, [cap]) => {
    host.call(EXPERIMENTAL, 'trading_native_capability', 'assert_valid', [], [cap as Value]);
    throw new Error(
      `0x7::native_position::${name}: TRADING_NATIVE is off here, yet assert_valid passed`,
    );
  });

export const EXPERIMENTAL_SMALL_MODULES: readonly NativeModule[] = [
  module('benchmark_utils', [
    fn(
      'transfer_and_create_account',
      { params: ['&signer', 'address', 'u64'], visibility: 'private', isEntry: true },
      (host, _t, [source, to, amount]) => {
        host.call(long('0x1'), 'account', 'create_account_if_does_not_exist', [], [to as Value]);
        host.call(
          long('0x1'),
          'aptos_account',
          'transfer',
          [],
          [source as Value, to as Value, amount as Value],
        );
        return [];
      },
    ),
  ]),
  module('price_time_index', [
    // SLIPPAGE_PCT_PRECISION: 100 = 1 %.
    fn('get_slippage_pct_precision', { params: [], returns: ['u64'] }, () => [100n]),
  ]),
  module('native_position', [
    positionChange('set_position', [CAP, 'address', 'address', POSITION]),
    positionChange('delete_position', [CAP, 'address', 'address']),
  ]),
];
