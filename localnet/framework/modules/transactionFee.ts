import { fn, struct } from '../abi.ts';
import { FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeModule } from '../context.ts';
import { CATEGORY, fail } from './system/errors.ts';
import { gated } from './system/gate.ts';

/** The deprecated fee-collection functions: `abort error::not_implemented(ENO_LONGER_SUPPORTED)`. */
const noLonger = (name: string, params: string[], isEntry = false) =>
  fn(name, { params, isEntry }, () =>
    fail('transaction_fee', 'ENO_LONGER_SUPPORTED', CATEGORY.notImplemented),
  );

export const transactionFeeModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'transaction_fee',
  friends: ['0x1::block', '0x1::genesis', '0x1::transaction_validation'],
  structs: [
    struct(
      'FeeStatement',
      ['drop', 'store'],
      [
        ['total_charge_gas_units', 'u64'],
        ['execution_gas_units', 'u64'],
        ['io_gas_units', 'u64'],
        ['storage_fee_octas', 'u64'],
        ['storage_fee_refund_octas', 'u64'],
      ],
      { isEvent: true },
    ),
  ],
  functions: [
    noLonger('initialize_fee_collection_and_distribution', ['&signer', 'u8']),
    noLonger('upgrade_burn_percentage', ['&signer', 'u8']),
    noLonger('initialize_storage_refund', ['&signer']),
    noLonger('convert_to_aptos_fa_burn_ref', ['&signer'], true),
    gated('transaction_fee', 'convert_to_aptos_fa_mint_ref', ['&signer'], { isEntry: true }),
  ],
};
