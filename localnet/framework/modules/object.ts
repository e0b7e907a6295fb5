import type { LongAddress } from '../../encoding.ts';
import { must, parseAddress } from '../../encoding.ts';
import type { MoveVal } from '../../executor/moveValues.ts';
import type { ResourceValue } from '../../storage/types.ts';
import { resourceKey } from '../../storage/types.ts';
import { declared, entry, eventHandle, OBJECT_T, struct, view } from '../abi.ts';
import { APT_METADATA_ADDRESS, FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeModule } from '../context.ts';
import { abort, ERROR_CATEGORY, moduleError } from '../context.ts';
import { transferObject } from '../objects.ts';

const OBJECT = '0x1::object';
const objectErrors = {
  missing: moduleError(
    ERROR_CATEGORY.notFound,
    2n,
    'EOBJECT_DOES_NOT_EXIST',
    'An object does not exist at this address',
  ),
};

/** Only APT's metadata object `0xa` is a fungible asset here. */
export function requireAptMetadata(metadata: MoveVal): void {
  if (metadata !== APT_METADATA_ADDRESS) abort(OBJECT, objectErrors.missing);
}

export const objectModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'object',
  friends: ['0x1::coin', '0x1::primary_fungible_store'],
  structs: [
    struct(
      'ObjectCore',
      ['key'],
      [
        ['guid_creation_num', 'u64'],
        ['owner', 'address'],
        ['allow_ungated_transfer', 'bool'],
        ['transfer_events', eventHandle('0x1::object::TransferEvent')],
      ],
    ),
    struct('Object', ['copy', 'drop', 'store'], [['inner', 'address']], {
      typeParams: [{ constraints: ['key'], is_phantom: true }],
    }),
    struct(
      'Transfer',
      ['drop', 'store'],
      [
        ['object', 'address'],
        ['from', 'address'],
        ['to', 'address'],
      ],
      { isEvent: true },
    ),
  ],
  functions: [
    view('is_object', ['address'], ['bool'], (ctx, _t, [addr]) => [
      ctx.get(resourceKey(addr as LongAddress, '0x1::object::ObjectCore')) !== null,
    ]),
    view(
      'owner',
      [OBJECT_T],
      ['address'],
      (ctx, _t, [addr]) => {
        const core = ctx.get(
          resourceKey(addr as LongAddress, '0x1::object::ObjectCore'),
        ) as ResourceValue | null;
        if (core === null) abort(OBJECT, objectErrors.missing);
        return [must(parseAddress(core.data.owner as string))];
      },
      [['key']],
    ),
    entry(
      'transfer',
      ['&signer', OBJECT_T, 'address'],
      (ctx, _t, [object, to]) => {
        transferObject(ctx, must(ctx.signers[0]), object as LongAddress, to as LongAddress);
        return [];
      },
      [['key']],
    ),
    entry('transfer_call', ['&signer', 'address', 'address'], (ctx, _t, [object, to]) => {
      transferObject(ctx, must(ctx.signers[0]), object as LongAddress, to as LongAddress);
      return [];
    }),
    declared('create_object_address', ['&address', 'vector<u8>'], ['address']),
  ],
};
