/**
 * `0x5::order_match_types` (order_match_types.move): the details of a matched order, single or
 * bulk (`OrderMatchDetails`, an enum of two variants whose common fields sit at different
 * places), a match with its size, and an active matched order. Reading a field the variant lacks
 * fails as the compiled code's variant borrow does: `STRUCT_VARIANT_MISMATCH` at its offset.
 */
import type { Value } from '../../../move/vm/values.ts';
import { copyValue, valueEquals } from '../../../move/vm/values.ts';
import { fn } from '../../abi.ts';
import type { NativeFunction, NativeModule } from '../../context.ts';
import { deref, none } from '../../vmState.ts';
import {
  aborter,
  CDS,
  enumAbi,
  GENERIC,
  getter,
  packV1,
  read,
  TRADING,
  unpackV1,
  variantMismatch,
} from './shared.ts';

const M = '0x5::order_match_types::';
const B = '0x5::order_book_types::';
const DETAILS = `${M}OrderMatchDetails<T0>`;
const ACTIVE = `${M}ActiveMatchedOrder`;
const ID = '0x5::order_match_types';
const abort = aborter('0x5::order_match_types');
const T = [CDS];

type Site = readonly [named: string, offset: number];
/** Only reached where the Move code checks the variant first. */
const MISMATCH: Site = ['', 0];

const SINGLE = 0;
const BULK = 1;

/**
 * Where a field of `OrderMatchDetails` sits in each variant's value (`[variant, ...fields]`), or
 * `null` when the variant has no such field.
 */
type Field = readonly [single: number | null, bulk: number | null];
const ORDER_ID: Field = [1, 1];
const ACCOUNT: Field = [2, 2];
const CLIENT_ORDER_ID: Field = [3, null];
const PRIORITY: Field = [4, 3];
const PRICE: Field = [5, 4];
const ORIG_SIZE: Field = [6, null];
const REMAINING: Field = [7, 5];
const IS_BID: Field = [8, 6];
const TIME_IN_FORCE: Field = [9, null];
const SEQUENCE_NUMBER: Field = [null, 7];
const CREATION_TIME: Field = [10, 8];
const METADATA: Field = [11, 9];

/**
 * The index of `field` in `details`, or the variant mismatch the compiled code raises (`site`:
 * the function a node names for it and the borrow's offset; the reference bytecode's).
 */
function slot(details: Value, field: Field, site: Site = MISMATCH): number {
  const index = field[(deref(details) as Value[])[0] as number];
  return index ?? variantMismatch(`${ID}::${site[0]}`, site[1]);
}

const fieldOf = (details: Value, field: Field, site?: Site): Value =>
  copyValue((deref(details) as Value[])[slot(details, field, site)] as Value);

const detailsGetter = (name: string, returns: string, field: Field, site?: Site): NativeFunction =>
  fn(name, { params: [`&${DETAILS}`], returns: [returns], typeParams: T }, (_h, _t, [self]) => [
    fieldOf(self as Value, field, site),
  ]);

const isVariant = (name: string, variant: number): NativeFunction =>
  fn(name, { params: [`&${DETAILS}`], returns: ['bool'], typeParams: T }, (_h, _t, [self]) => [
    (deref(self as Value) as Value[])[0] === variant,
  ]);

/** `destroy_single_order_match_details`: the fields of a `SingleOrder` (single_order_types too). */
export function destroySingleOrderMatchDetails(details: Value): Value[] {
  const values = details as Value[];
  if (values[0] !== SINGLE) variantMismatch(`${ID}::destroy_single_order_match_details`, 1);
  return values.slice(1);
}

/** `validate_*_reinsertion_request`: both of `variant`, then the listed fields equal. */
const validate = (name: string, variant: number, fields: Field[]): NativeFunction =>
  fn(
    name,
    { params: [`&${DETAILS}`, `&${DETAILS}`], returns: ['bool'], typeParams: T },
    (_h, _t, [self, other]) => {
      const a = deref(self as Value) as Value[];
      const b = deref(other as Value) as Value[];
      if (a[0] !== variant || b[0] !== variant) abort(8n, 'E_REINSERT_ORDER_MISMATCH');
      return [
        fields.every((field) => {
          const i = field[variant] as number;
          return valueEquals(a[i] as Value, b[i] as Value);
        }),
      ];
    },
  );

export const orderMatchTypesModule: NativeModule = {
  address: TRADING,
  name: 'order_match_types',
  friends: ['0x5::single_order_types'],
  structs: [
    enumAbi(
      'ActiveMatchedOrder',
      ['copy', 'drop'],
      [
        [
          'V1',
          [
            ['order_id', `${B}OrderId`],
            ['matched_size', 'u64'],
            ['remaining_size', 'u64'],
            ['order_book_type', `${B}OrderType`],
          ],
        ],
      ],
    ),
    enumAbi(
      'OrderMatch',
      ['copy', 'drop'],
      [
        [
          'V1',
          [
            ['order', DETAILS],
            ['matched_size', 'u64'],
          ],
        ],
      ],
      GENERIC,
    ),
    enumAbi(
      'OrderMatchDetails',
      ['copy', 'drop'],
      [
        [
          'SingleOrder',
          [
            ['order_id', `${B}OrderId`],
            ['account', 'address'],
            ['client_order_id', '0x1::option::Option<0x1::string::String>'],
            ['unique_priority_idx', `${B}IncreasingIdx`],
            ['price', 'u64'],
            ['orig_size', 'u64'],
            ['remaining_size', 'u64'],
            ['is_bid', 'bool'],
            ['time_in_force', `${B}TimeInForce`],
            ['creation_time_micros', 'u64'],
            ['metadata', 'T0'],
          ],
        ],
        [
          'BulkOrder',
          [
            ['order_id', `${B}OrderId`],
            ['account', 'address'],
            ['unique_priority_idx', `${B}IncreasingIdx`],
            ['price', 'u64'],
            ['remaining_size', 'u64'],
            ['is_bid', 'bool'],
            ['sequence_number', 'u64'],
            ['creation_time_micros', 'u64'],
            ['metadata', 'T0'],
          ],
        ],
      ],
      GENERIC,
    ),
  ],
  functions: [
    fn(
      'destroy_active_matched_order',
      { params: [ACTIVE], returns: [`${B}OrderId`, 'u64', 'u64', `${B}OrderType`] },
      (_h, _t, [self]) => unpackV1(self as Value),
    ),
    fn(
      'destroy_order_match',
      { params: [`${M}OrderMatch<T0>`], returns: [DETAILS, 'u64'], typeParams: T },
      (_h, _t, [self]) => unpackV1(self as Value),
    ),
    fn(
      'destroy_single_order_match_details',
      {
        params: [DETAILS],
        returns: [
          `${B}OrderId`,
          'address',
          '0x1::option::Option<0x1::string::String>',
          `${B}IncreasingIdx`,
          'u64',
          'u64',
          'u64',
          'bool',
          `${B}TimeInForce`,
          'u64',
          'T0',
        ],
        typeParams: T,
      },
      (_h, _t, [self]) => destroySingleOrderMatchDetails(self as Value),
    ),
    detailsGetter('get_account_from_match_details', 'address', ACCOUNT),
    fn(
      'get_book_type_from_match_details',
      { params: [`&${DETAILS}`], returns: [`${B}OrderType`], typeParams: T },
      (_h, _t, [self]) => [[(deref(self as Value) as Value[])[0] === SINGLE ? 0 : 1]],
    ),
    fn(
      'get_client_order_id_from_match_details',
      {
        params: [`&${DETAILS}`],
        returns: ['0x1::option::Option<0x1::string::String>'],
        typeParams: T,
      },
      (_h, _t, [self]) => [
        (deref(self as Value) as Value[])[0] === SINGLE
          ? fieldOf(self as Value, CLIENT_ORDER_ID)
          : none(),
      ],
    ),
    detailsGetter('get_creation_time_micros_from_match_details', 'u64', CREATION_TIME),
    getter('get_matched_size', `${M}OrderMatch<T0>`, 'u64', [2], T),
    detailsGetter('get_metadata_from_match_details', 'T0', METADATA),
    detailsGetter('get_order_id_from_match_details', `${B}OrderId`, ORDER_ID),
    detailsGetter('get_orig_size_from_match_details', 'u64', ORIG_SIZE, ['get_matched_size', 1]),
    detailsGetter('get_price_from_match_details', 'u64', PRICE),
    detailsGetter('get_remaining_size_from_match_details', 'u64', REMAINING),
    detailsGetter('get_sequence_number_from_match_details', 'u64', SEQUENCE_NUMBER, [
      'get_orig_size_from_match_details',
      1,
    ]),
    fn(
      'get_time_in_force_from_match_details',
      { params: [`&${DETAILS}`], returns: [`${B}TimeInForce`], typeParams: T },
      (_h, _t, [self]) => [
        (deref(self as Value) as Value[])[0] === SINGLE
          ? fieldOf(self as Value, TIME_IN_FORCE)
          : [0],
      ],
    ),
    detailsGetter('get_unique_priority_idx_from_match_details', `${B}IncreasingIdx`, PRIORITY),
    fn(
      'is_active_matched_book_type_single_order',
      { params: [`&${ACTIVE}`], returns: ['bool'] },
      (_h, _t, [self]) => [(read(self as Value, [4, 0]) as number) === 0],
    ),
    detailsGetter('is_bid_from_match_details', 'bool', IS_BID),
    isVariant('is_bulk_order_from_match_details', BULK),
    isVariant('is_single_order_from_match_details', SINGLE),
    fn(
      'new_active_matched_order',
      { params: [`${B}OrderId`, 'u64', 'u64', `${B}OrderType`], returns: [ACTIVE] },
      (_h, _t, args) => [packV1(args)],
    ),
    fn(
      'new_bulk_order_match_details',
      {
        params: [
          `${B}OrderId`,
          'address',
          `${B}IncreasingIdx`,
          'u64',
          'u64',
          'bool',
          'u64',
          'u64',
          'T0',
        ],
        returns: [DETAILS],
        typeParams: T,
      },
      (_h, _t, args) => [[BULK, ...args]],
    ),
    fn(
      'new_order_match',
      { params: [DETAILS, 'u64'], returns: [`${M}OrderMatch<T0>`], typeParams: T },
      (_h, _t, args) => [packV1(args)],
    ),
    fn(
      'new_order_match_details_with_modified_size',
      { params: [`&${DETAILS}`, 'u64'], returns: [DETAILS], typeParams: T },
      (_h, _t, [self, size]) => {
        const res = copyValue(deref(self as Value)) as Value[];
        res[slot(res, REMAINING)] = size as Value;
        return [res];
      },
    ),
    fn(
      'new_single_order_match_details',
      {
        params: [
          `${B}OrderId`,
          'address',
          '0x1::option::Option<0x1::string::String>',
          `${B}IncreasingIdx`,
          'u64',
          'u64',
          'u64',
          'bool',
          `${B}TimeInForce`,
          'u64',
          'T0',
        ],
        returns: [DETAILS],
        typeParams: T,
      },
      (_h, _t, args) => [[SINGLE, ...args]],
    ),
    validate('validate_bulk_order_reinsertion_request', BULK, [
      ORDER_ID,
      ACCOUNT,
      PRIORITY,
      PRICE,
      IS_BID,
      SEQUENCE_NUMBER,
    ]),
    validate('validate_single_order_reinsertion_request', SINGLE, [
      ORDER_ID,
      ACCOUNT,
      PRIORITY,
      PRICE,
      ORIG_SIZE,
      IS_BID,
    ]),
  ],
};
