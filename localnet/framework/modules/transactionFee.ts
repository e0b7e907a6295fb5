import { struct } from '../abi.ts';
import { FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeModule } from '../context.ts';

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
  functions: [],
};
