/**
 * What the legacy token standard's modules (`0x3::token`, `property_map`, `token_transfers`)
 * share, on the VM's own values (`token.move` of AptosToken): its types, its error constants,
 * its tables (`Table`s whose items the VM session writes back) and `account::new_event_handle`.
 *
 * Value shapes (a struct is the array of its fields):
 * - `TokenDataId` `[creator, collection, name]`, `TokenId` `[TokenDataId, property_version]`;
 * - `Token` `[TokenId, amount, PropertyMap]`, `PropertyMap` `[[[key, [value, type]]…]]`;
 * - `TokenData` `[maximum, largest_property_version, supply, uri, royalty, name, description,
 *   default_properties, mutability_config]`;
 * - `CollectionData` `[description, name, uri, supply, maximum, mutability_config]`.
 */
import type { LongAddress } from '../../../encoding.ts';
import { BytecodeAbort, vmError } from '../../../move/vm/errors.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { abortIn, fieldsOf, ty } from '../../vmState.ts';
import { accountGuid } from '../account/shared.ts';

export const TOKEN_ADDRESS = `0x${'0'.repeat(63)}3` as LongAddress;
const TOKEN_MODULE = '0x3::token';

export const STRING = '0x1::string::String';
export const TOKEN_ID = '0x3::token::TokenId';
export const TOKEN_DATA_ID = '0x3::token::TokenDataId';
export const TOKEN_T = '0x3::token::Token';
export const ROYALTY = '0x3::token::Royalty';
export const TOKEN_MUTABILITY = '0x3::token::TokenMutabilityConfig';
export const COLLECTION_MUTABILITY = '0x3::token::CollectionMutabilityConfig';
export const WITHDRAW_CAPABILITY = '0x3::token::WithdrawCapability';
export const PROPERTY_MAP = '0x3::property_map::PropertyMap';
export const PROPERTY_VALUE = '0x3::property_map::PropertyValue';
export const COLLECTIONS = '0x3::token::Collections';
export const TOKEN_STORE = '0x3::token::TokenStore';

/** `std::error` categories as `token.move` uses them. */
const CATEGORY = {
  /** A bare code (`abort 0`, `assert!(c, ECODE)`). */
  none: 0x0n,
  invalidArgument: 0x1n,
  invalidState: 0x3n,
  permissionDenied: 0x5n,
  notFound: 0x6n,
  alreadyExists: 0x8n,
} as const;

/** `token.move`'s error constants: reason code and doc comment (its error map). */
const TOKEN_ERRORS = {
  EALREADY_HAS_BALANCE: [0n, 'The token has balance and cannot be initialized'],
  ECOLLECTIONS_NOT_PUBLISHED: [1n, "There isn't any collection under this account"],
  ECOLLECTION_NOT_PUBLISHED: [2n, "Cannot find collection in creator's account"],
  ECOLLECTION_ALREADY_EXISTS: [3n, 'The collection already exists'],
  ECREATE_WOULD_EXCEED_COLLECTION_MAXIMUM: [
    4n,
    "Exceeds the collection's maximal number of token_data",
  ],
  EINSUFFICIENT_BALANCE: [5n, 'Insufficient token balance'],
  EINVALID_TOKEN_MERGE: [6n, 'Cannot merge the two tokens with different token id'],
  EMINT_WOULD_EXCEED_TOKEN_MAXIMUM: [7n, 'Exceed the token data maximal allowed'],
  ETOKEN_DATA_ALREADY_EXISTS: [9n, 'TokenData already exists'],
  ETOKEN_DATA_NOT_PUBLISHED: [10n, 'TokenData not published'],
  ETOKEN_STORE_NOT_PUBLISHED: [11n, "TokenStore doesn't exist"],
  ETOKEN_SPLIT_AMOUNT_LARGER_OR_EQUAL_TO_TOKEN_AMOUNT: [
    12n,
    'Cannot split token to an amount larger than its amount',
  ],
  EFIELD_NOT_MUTABLE: [13n, 'The field is not mutable'],
  ENO_MUTATE_CAPABILITY: [14n, 'Not authorized to mutate'],
  ENO_TOKEN_IN_TOKEN_STORE: [15n, 'Token not in the token store'],
  EUSER_NOT_OPT_IN_DIRECT_TRANSFER: [16n, "User didn't opt-in direct transfer"],
  EWITHDRAW_ZERO: [17n, 'Cannot withdraw 0 token'],
  ENFT_NOT_SPLITABLE: [18n, 'Cannot split a token that only has 1 amount'],
  ENO_MINT_CAPABILITY: [19n, 'No mint capability'],
  ECOLLECTION_NAME_TOO_LONG: [25n, 'The collection name is too long'],
  ENFT_NAME_TOO_LONG: [26n, 'The NFT name is too long'],
  EURI_TOO_LONG: [27n, 'The URI is too long'],
  ENO_BURN_TOKEN_WITH_ZERO_AMOUNT: [29n, 'Cannot burn 0 Token'],
  EOWNER_CANNOT_BURN_TOKEN: [30n, 'Token is not burnable by owner'],
  ECREATOR_CANNOT_BURN_TOKEN: [31n, 'Token is not burnable by creator'],
  ETOKEN_CANNOT_HAVE_ZERO_AMOUNT: [33n, 'TOKEN with 0 amount is not allowed'],
  EINVALID_ROYALTY_NUMERATOR_DENOMINATOR: [
    34n,
    'Royalty invalid if the numerator is larger than the denominator',
  ],
  EINVALID_MAXIMUM: [36n, 'Collection or tokendata maximum must be larger than supply'],
  ETOKEN_PROPERTIES_COUNT_NOT_MATCH: [37n, "Token Properties count doesn't match"],
  EINSUFFICIENT_WITHDRAW_CAPABILITY_AMOUNT: [
    38n,
    "Withdraw capability doesn't have sufficient amount",
  ],
  EWITHDRAW_PROOF_EXPIRES: [39n, 'Withdraw proof expires'],
  EPROPERTY_RESERVED_BY_STANDARD: [40n, 'The property is reserved by token standard'],
} as const;

type TokenError = keyof typeof TOKEN_ERRORS;

/** `abort error::<category>(NAME)` in `0x3::token`. */
export function fail(category: keyof typeof CATEGORY, name: TokenError): never {
  const [reason, doc] = TOKEN_ERRORS[name];
  return abortIn(TOKEN_MODULE, (CATEGORY[category] << 16n) | reason, name, doc);
}

/** `assert!(condition, error::<category>(NAME))`. */
export function check(condition: boolean, category: keyof typeof CATEGORY, name: TokenError) {
  if (!condition) fail(category, name);
}

const U64_MAX = (1n << 64n) - 1n;

/** u64 `a + b` / `a - b` as bytecode computes them: `ARITHMETIC_ERROR` out of range. */
export function add(a: Value, b: Value): bigint {
  const sum = (a as bigint) + (b as bigint);
  if (sum > U64_MAX) throw vmError('ARITHMETIC_ERROR');
  return sum;
}
export function sub(a: Value, b: Value): bigint {
  const difference = (a as bigint) - (b as bigint);
  if (difference < 0n) throw vmError('ARITHMETIC_ERROR');
  return difference;
}

/** `s.length()` of a `String`: its UTF-8 bytes. */
export const byteLength = (s: Value): number => (fieldsOf(s)[0] as number[]).length;

/** `v[i]` of a vector (`VECTOR_OPERATION_ERROR` past its end, as `VecImmBorrow`). */
export function at(v: Value, i: number): Value {
  const items = fieldsOf(v);
  if (i >= items.length) throw vmError('VECTOR_OPERATION_ERROR');
  return items[i] as Value;
}

/** `TokenDataId { creator, collection, name }` of a `TokenId`. */
export const dataIdOf = (tokenId: Value): Value => fieldsOf(tokenId)[0] as Value;
export const creatorOf = (dataId: Value): LongAddress => fieldsOf(dataId)[0] as LongAddress;
export const versionOf = (tokenId: Value): bigint => fieldsOf(tokenId)[1] as bigint;

/** A `Table<K, V>`'s item `key` as the session holds it: `cell[0]` undefined when absent. */
export interface Item {
  cell: Value[];
}

/** The item of `table` (a `Table` value, `[handle]`) at `key`. */
export function item(host: NativeHost, table: Value, keyTy: string, valueTy: string, key: Value) {
  const handle = fieldsOf(table)[0] as LongAddress;
  return host.session.tableItem(handle, ty(keyTy), ty(valueTy), key) as Item;
}

/**
 * The table natives' aborts as aptos-core's table-natives raise them: ALREADY_EXISTS
 * `(100 << 8) + 7` and NOT_FOUND `(101 << 8) + 7`.
 */
const tableAbort = (code: bigint): never => {
  throw new BytecodeAbort('0x1::table', code, null);
};

/** The value in an item; `0x1::table`'s NOT_FOUND abort when absent (`table::borrow`). */
export function present(entry: Item): Value[] {
  const value = entry.cell[0];
  if (value === undefined) tableAbort(0x6507n);
  return value as Value[];
}

/** `table::add`: ALREADY_EXISTS when the key is there. */
export function addItem(entry: Item, value: Value): void {
  if (entry.cell[0] !== undefined) tableAbort(0x6407n);
  entry.cell[0] = value;
}

/** `table::remove`: the value, NOT_FOUND when absent. */
export function removeItem(entry: Item): Value[] {
  const value = present(entry);
  entry.cell[0] = undefined as unknown as Value;
  return value;
}

/** `account::new_event_handle<T>(account)`: a handle on the account's next GUID. */
export const newEventHandle = (host: NativeHost, address: LongAddress): Value => [
  0n,
  accountGuid(host, address),
];
