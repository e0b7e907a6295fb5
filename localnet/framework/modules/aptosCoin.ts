import type { LongAddress } from '../../encoding.ts';
import { entry, struct } from '../abi.ts';
import { adjustSupply, depositApt, ensureAccount, FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeModule } from '../context.ts';
import { abort, ERROR_CATEGORY, moduleError } from '../context.ts';
import { ROOT_ADDRESS } from '../root.ts';

const APTOS_COIN = '0x1::aptos_coin';
const aptosCoinErrors = {
  noCapabilities: moduleError(
    ERROR_CATEGORY.notFound,
    1n,
    'ENO_CAPABILITIES',
    'Account does not have mint capability',
  ),
};

export const aptosCoinModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'aptos_coin',
  friends: ['0x1::genesis'],
  structs: [
    struct('AptosCoin', ['key'], [['dummy_field', 'bool']]),
    struct(
      'MintCapStore',
      ['key'],
      [['mint_cap', '0x1::coin::MintCapability<0x1::aptos_coin::AptosCoin>']],
    ),
  ],
  functions: [
    entry('mint', ['&signer', 'address', 'u64'], (ctx, _t, [to, amount]) => {
      if (ctx.signers[0] !== ROOT_ADDRESS) abort(APTOS_COIN, aptosCoinErrors.noCapabilities);
      ensureAccount(ctx, to as LongAddress);
      depositApt(ctx, to as LongAddress, amount as bigint);
      adjustSupply(ctx, amount as bigint);
      return [];
    }),
  ],
};
