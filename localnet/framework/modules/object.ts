import type { LongAddress } from '../../encoding.ts';
import { must, parseAddress } from '../../encoding.ts';
import type { MoveVal } from '../../executor/moveValues.ts';
import type { Value } from '../../move/vm/values.ts';
import type { ResourceValue } from '../../storage/types.ts';
import { resourceKey } from '../../storage/types.ts';
import { declared, entry, eventHandle, fn, OBJECT_T, struct, view } from '../abi.ts';
import { APT_METADATA_ADDRESS, FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeModule } from '../context.ts';
import { abort, ERROR_CATEGORY, moduleError } from '../context.ts';
import { transferObject } from '../objects.ts';
import {
  abortIn,
  fieldsOf,
  objectAddress,
  readResource,
  resourceExists,
  signerAddress,
  writeResource,
} from '../vmState.ts';

const OBJECT = '0x1::object';
const OBJECT_CORE = '0x1::object::ObjectCore';
const TOMBSTONE = '0x1::object::TombStone';
const OBJECT_DOES_NOT_EXIST = 'An object does not exist at this address';
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
    struct('TombStone', ['key'], [['original_owner', 'address']]),
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
    // On the VM's values: the same code for entry calls, views and calls from bytecode.
    fn(
      'object_exists',
      { params: ['address'], returns: ['bool'], typeParams: [['key']] },
      (host, [resourceTy], [address]) => [
        resourceExists(host, address as LongAddress, OBJECT_CORE) &&
          resourceExists(host, address as LongAddress, must(resourceTy)),
      ],
    ),
    fn(
      'ungated_transfer_allowed',
      { params: [OBJECT_T], returns: ['bool'], typeParams: [['key']] },
      (host, _t, [self]) => {
        const core = readResource(host, objectAddress(self as Value), OBJECT_CORE);
        if (core === undefined) {
          abortIn(
            OBJECT,
            0x60002n,
            'EOBJECT_DOES_NOT_EXIST',
            'An object does not exist at this address',
          );
        }
        return [fieldsOf(core as Value)[2] as Value];
      },
    ),
    fn(
      'is_burnt',
      { params: [OBJECT_T], returns: ['bool'], typeParams: [['key']], isView: true },
      (host, _t, [self]) => [resourceExists(host, objectAddress(self as Value), TOMBSTONE)],
    ),
    fn(
      'burn',
      { params: ['&signer', OBJECT_T], typeParams: [['key']], isEntry: true },
      (host, _t, [owner, self]) => {
        const original = signerAddress(owner as Value);
        const address = objectAddress(self as Value);
        const core = readResource(host, address, OBJECT_CORE);
        if (core === undefined) {
          abortIn(OBJECT, 0x60002n, 'EOBJECT_DOES_NOT_EXIST', OBJECT_DOES_NOT_EXIST);
        }
        if (fieldsOf(core as Value)[1] !== original) {
          abortIn(
            OBJECT,
            0x50004n,
            'ENOT_OBJECT_OWNER',
            'The caller does not have ownership permissions',
          );
        }
        if (resourceExists(host, address, TOMBSTONE)) {
          abortIn(
            OBJECT,
            10n,
            'EOBJECT_ALREADY_BURNT',
            'Cannot burn an object that is already burnt.',
          );
        }
        writeResource(host, address, TOMBSTONE, [original]);
        return [];
      },
    ),
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
