import { fn, struct } from '../abi.ts';
import { FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeModule } from '../context.ts';
import { CATEGORY, fail } from './system/errors.ts';

/** `0x1::chain_status`: the chain is past genesis and operating (genesis holds `GenesisEndMarker`). */
export const chainStatusModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'chain_status',
  friends: ['0x1::genesis'],
  structs: [struct('GenesisEndMarker', ['key'], [['dummy_field', 'bool']])],
  functions: [
    fn('is_operating', { params: [], returns: ['bool'], isView: true }, () => [true]),
    fn('is_genesis', { params: [], returns: ['bool'], isView: true }, () => [false]),
    fn('assert_operating', { params: [] }, () => []),
    // The source asserts `is_genesis()` with ENOT_OPERATING, not ENOT_GENESIS.
    fn('assert_genesis', { params: [] }, () =>
      fail('chain_status', 'ENOT_OPERATING', CATEGORY.invalidState),
    ),
  ],
};
