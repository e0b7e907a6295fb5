import type { LongAddress } from '../../encoding.ts';
import { must } from '../../encoding.ts';
import { resourceKey } from '../../storage/types.ts';
import { entry, OBJECT_T, struct, view } from '../abi.ts';
import {
  APT_METADATA_ADDRESS,
  aptBalance,
  depositApt,
  FRAMEWORK_ADDRESS,
  primaryStoreAddress,
  primaryStoreAddressOf,
  withdrawApt,
} from '../assets.ts';
import type { NativeModule } from '../context.ts';
import { requireAptMetadata } from './object.ts';

export const primaryStoreModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'primary_fungible_store',
  friends: [],
  structs: [struct('DeriveRefPod', ['key'], [['metadata_derive_ref', '0x1::object::DeriveRef']])],
  functions: [
    view(
      'balance',
      ['address', OBJECT_T],
      ['u64'],
      // `if (primary_store_exists(..)) balance(store) else 0`: 0 for any other metadata.
      (ctx, _t, [owner, metadata]) => [
        metadata === APT_METADATA_ADDRESS ? aptBalance(ctx, owner as LongAddress) : 0n,
      ],
      [['key']],
    ),
    view(
      'primary_store_address',
      ['address', OBJECT_T],
      ['address'],
      // A pure derivation in the framework: defined for any metadata address.
      (_c, _t, [owner, metadata]) => [
        primaryStoreAddressOf(owner as LongAddress, metadata as LongAddress),
      ],
      [['key']],
    ),
    view(
      'primary_store_exists',
      ['address', OBJECT_T],
      ['bool'],
      (ctx, _t, [owner, metadata]) => [
        metadata === APT_METADATA_ADDRESS &&
          ctx.get(
            resourceKey(
              primaryStoreAddress(owner as LongAddress),
              '0x1::fungible_asset::FungibleStore',
            ),
          ) !== null,
      ],
      [['key']],
    ),
    view('is_frozen', ['address', OBJECT_T], ['bool'], () => [false], [['key']]),
    entry(
      'transfer',
      ['&signer', OBJECT_T, 'address', 'u64'],
      (ctx, _t, [metadata, to, amount]) => {
        requireAptMetadata(must(metadata));
        withdrawApt(ctx, must(ctx.signers[0]), amount as bigint);
        depositApt(ctx, to as LongAddress, amount as bigint);
        return [];
      },
      [['key']],
    ),
  ],
};
