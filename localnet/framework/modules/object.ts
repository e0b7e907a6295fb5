import { eventHandle, struct } from '../abi.ts';
import { FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeModule } from '../context.ts';
import { objectCreation } from './object/create.ts';
import { objectTransfer } from './object/transfer.ts';

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
    struct('Untransferable', ['key'], [['dummy_field', 'bool']]),
    struct('ObjectGroup', [], [['dummy_field', 'bool']]),
    struct('Object', ['copy', 'drop', 'store'], [['inner', 'address']], {
      typeParams: [{ constraints: ['key'], is_phantom: true }],
    }),
    struct(
      'ConstructorRef',
      ['drop'],
      [
        ['self', 'address'],
        ['can_delete', 'bool'],
      ],
    ),
    struct('DeleteRef', ['drop', 'store'], [['self', 'address']]),
    struct('ExtendRef', ['drop', 'store'], [['self', 'address']]),
    struct('TransferRef', ['drop', 'store'], [['self', 'address']]),
    struct(
      'LinearTransferRef',
      ['drop'],
      [
        ['self', 'address'],
        ['owner', 'address'],
      ],
    ),
    struct('DeriveRef', ['drop', 'store'], [['self', 'address']]),
    struct('TransferPermission', ['copy', 'drop', 'store'], [['object', 'address']]),
    struct(
      'TransferEvent',
      ['drop', 'store'],
      [
        ['object', 'address'],
        ['from', 'address'],
        ['to', 'address'],
      ],
    ),
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
  functions: [...objectCreation, ...objectTransfer],
};
