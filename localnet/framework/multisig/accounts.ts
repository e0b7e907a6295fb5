// `0x1::multisig_account`'s state: the `MultisigAccount` resource (REST JSON) and its
// `transactions` table items (BCS + decoded JSON), the framework's error constants, and account
// creation. The functions (natives on the VM's values) use these through their host's context;
// the transaction flow and the VM's side are in `transactions.ts`; the module's declaration in
// `modules/multisigAccount.ts`.
import type { Json, LongAddress } from '../../encoding.ts';
import {
  concatBytes,
  fromHex,
  must,
  sha3,
  shortAddress,
  toHex,
  uintLe,
  utf8,
} from '../../encoding.ts';
import { vmError } from '../../move/vm/errors.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import type { Value } from '../../move/vm/values.ts';
import { serialize } from '../../move/vm/values.ts';
import type { ResourceValue, StateReader, TableItemValue } from '../../storage/types.ts';
import { resourceKey, tableKey } from '../../storage/types.ts';
import { ACCOUNT_TYPE, accountValue, readAccount, resource } from '../assets.ts';
import type { NativeContext } from '../context.ts';
import { abort, ERROR_CATEGORY, missingData, MoveAbort, moduleError } from '../context.ts';
import { ty } from '../vmState.ts';

export const MULTISIG = '0x1::multisig_account';
export const MULTISIG_ACCOUNT_TYPE = `${MULTISIG}::MultisigAccount`;
export const TRANSACTION_TYPE = `${MULTISIG}::MultisigTransaction`;
export const MAX_PENDING_TRANSACTIONS = 20n;
export const ZERO_AUTH_KEY = `0x${'0'.repeat(64)}` as LongAddress;
export const DOMAIN_SEPARATOR = utf8('aptos_framework::multisig_account');
/** `account::create_resource_address`'s scheme byte. */
export const DERIVE_RESOURCE_ACCOUNT_SCHEME = new Uint8Array([255]);

export const { invalidArgument, invalidState, permissionDenied, notFound, alreadyExists } =
  ERROR_CATEGORY;

/** The framework's error constants (`multisig_account.move`), category included. */
export const multisigErrors = {
  duplicateOwner: moduleError(
    invalidArgument,
    1n,
    'EDUPLICATE_OWNER',
    'Owner list cannot contain the same address more than once.',
  ),
  notMultisig: moduleError(
    invalidState,
    2002n,
    'EACCOUNT_NOT_MULTISIG',
    'Specified account is not a multisig account.',
  ),
  notOwner: moduleError(
    permissionDenied,
    2003n,
    'ENOT_OWNER',
    'Account executing this operation is not an owner of the multisig account.',
  ),
  emptyPayload: moduleError(
    invalidArgument,
    4n,
    'EPAYLOAD_CANNOT_BE_EMPTY',
    'Transaction payload cannot be empty.',
  ),
  notEnoughOwners: moduleError(
    invalidState,
    5n,
    'ENOT_ENOUGH_OWNERS',
    'Multisig account must have at least one owner.',
  ),
  transactionNotFound: moduleError(
    notFound,
    2006n,
    'ETRANSACTION_NOT_FOUND',
    'Transaction with specified id cannot be found.',
  ),
  notEnoughRejections: moduleError(
    invalidState,
    10n,
    'ENOT_ENOUGH_REJECTIONS',
    'Transaction has not received enough rejections to be officially rejected.',
  ),
  invalidSignaturesRequired: moduleError(
    invalidArgument,
    11n,
    'EINVALID_SIGNATURES_REQUIRED',
    'Number of signatures required must be more than zero and at most the total number of owners.',
  ),
  invalidPayloadHash: moduleError(
    invalidArgument,
    12n,
    'EINVALID_PAYLOAD_HASH',
    'Payload hash must be exactly 32 bytes (sha3-256).',
  ),
  ownerIsSelf: moduleError(
    invalidArgument,
    13n,
    'EOWNER_CANNOT_BE_MULTISIG_ACCOUNT_ITSELF',
    'The multisig account itself cannot be an owner.',
  ),
  metadataLengths: moduleError(
    invalidArgument,
    15n,
    'ENUMBER_OF_METADATA_KEYS_AND_VALUES_DONT_MATCH',
    "The number of metadata keys and values don't match.",
  ),
  duplicateMetadataKey: moduleError(
    invalidArgument,
    16n,
    'EDUPLICATE_METADATA_KEY',
    'The specified metadata contains duplicate attributes (keys).',
  ),
  invalidSequenceNumber: moduleError(
    invalidArgument,
    17n,
    'EINVALID_SEQUENCE_NUMBER',
    'The sequence number provided is invalid. It must be between [1, next pending transaction - 1].',
  ),
  overlap: moduleError(
    invalidArgument,
    18n,
    'EOWNERS_TO_REMOVE_NEW_OWNERS_OVERLAP',
    'Provided owners to remove and new owners overlap.',
  ),
  tooManyPending: moduleError(
    invalidState,
    19n,
    'EMAX_PENDING_TRANSACTIONS_EXCEEDED',
    'The number of pending transactions has exceeded the maximum allowed.',
  ),
};

export const EACCOUNT_ALREADY_USED = moduleError(
  alreadyExists,
  16n,
  'EACCOUNT_ALREADY_USED',
  'An attempt to create a resource account on an account that has a committed transaction',
);

// ---------------------------------------------------------------------------------------------
// State: the `MultisigAccount` resource (REST JSON) and its `transactions` table items (BCS + JSON)

/** One pending transaction (`MultisigTransaction`). */
export interface MultisigTransaction {
  payload: Uint8Array | null;
  payloadHash: Uint8Array | null;
  /** `SimpleMap<address, bool>` in insertion order: true approves, false rejects. */
  votes: Array<[LongAddress, boolean]>;
  creator: LongAddress;
  creationTimeSecs: bigint;
}

/** The fields of `MultisigAccount` this module reads and writes. */
export interface MultisigAccount {
  owners: LongAddress[];
  numSignaturesRequired: bigint;
  handle: LongAddress;
  lastExecuted: bigint;
  next: bigint;
  /** The resource's JSON as stored (event handles, metadata, signer capability). */
  data: ResourceValue['data'];
}

export const long = (short: string): LongAddress =>
  `0x${short.slice(2).padStart(64, '0')}` as LongAddress;

export const optionBytes = (json: Json): Uint8Array | null => {
  const vec = (json as { vec: string[] }).vec;
  return vec.length === 0 ? null : fromHex(must(vec[0]));
};

export function readMultisig(state: StateReader, address: LongAddress): MultisigAccount | null {
  const value = state.get(resourceKey(address, MULTISIG_ACCOUNT_TYPE)) as ResourceValue | null;
  if (value === null) return null;
  const data = value.data;
  return {
    owners: (data.owners as string[]).map(long),
    numSignaturesRequired: BigInt(data.num_signatures_required as string),
    handle: long((data.transactions as { handle: string }).handle),
    lastExecuted: BigInt(data.last_executed_sequence_number as string),
    next: BigInt(data.next_sequence_number as string),
    data,
  };
}

export function writeMultisig(
  ctx: NativeContext,
  address: LongAddress,
  account: MultisigAccount,
): void {
  ctx.write(
    resourceKey(address, MULTISIG_ACCOUNT_TYPE),
    resource(address, MULTISIG_ACCOUNT_TYPE, {
      ...account.data,
      owners: account.owners.map(shortAddress),
      num_signatures_required: account.numSignaturesRequired.toString(),
      last_executed_sequence_number: account.lastExecuted.toString(),
      next_sequence_number: account.next.toString(),
    }),
  );
}

/** `borrow_global<MultisigAccount>` (views, the VM's payload lookup): `MISSING_DATA` when absent. */
export function borrowMultisig(state: StateReader, address: LongAddress): MultisigAccount {
  return readMultisig(state, address) ?? missingData();
}

/** `assert_multisig_account_exists` (entry functions). */
export function requireMultisig(state: StateReader, address: LongAddress): MultisigAccount {
  const account = readMultisig(state, address);
  if (account === null) abort(MULTISIG, multisigErrors.notMultisig);
  return account;
}

const optionBytesValue = (bytes: Uint8Array | null): Value => [
  bytes === null ? [] : [Array.from(bytes)],
];

/** The transaction as the VM holds a `MultisigTransaction` (its fields in order). */
export function transactionValue(txn: MultisigTransaction): Value {
  return [
    optionBytesValue(txn.payload),
    optionBytesValue(txn.payloadHash),
    [txn.votes.map(([owner, approved]): Value => [owner, approved])],
    txn.creator,
    txn.creationTimeSecs,
  ];
}

export function transactionJson(txn: MultisigTransaction): { [field: string]: Json } {
  return {
    payload: { vec: txn.payload === null ? [] : [toHex(txn.payload)] },
    payload_hash: { vec: txn.payloadHash === null ? [] : [toHex(txn.payloadHash)] },
    votes: {
      data: txn.votes.map(([owner, approved]) => ({ key: shortAddress(owner), value: approved })),
    },
    creator: shortAddress(txn.creator),
    creation_time_secs: txn.creationTimeSecs.toString(),
  };
}

export function transactionFromJson(json: Json): MultisigTransaction {
  const data = json as { [field: string]: Json };
  return {
    payload: optionBytes(must(data.payload)),
    payloadHash: optionBytes(must(data.payload_hash)),
    votes: (data.votes as { data: Array<{ key: string; value: boolean }> }).data.map(
      ({ key, value }) => [long(key), value],
    ),
    creator: long(data.creator as string),
    creationTimeSecs: BigInt(data.creation_time_secs as string),
  };
}

export const itemKey = (handle: LongAddress, sequence: bigint) =>
  tableKey(handle, toHex(uintLe(sequence, 8)));

export function readTransaction(
  state: StateReader,
  account: MultisigAccount,
  sequence: bigint,
): MultisigTransaction | null {
  const item = state.get(itemKey(account.handle, sequence)) as TableItemValue | null;
  return item === null ? null : transactionFromJson(item.decodedValue);
}

/** `table::borrow` of a key that is not there aborts in `0x1::table` (as the VM's natives do). */
export function borrowTransaction(
  state: StateReader,
  account: MultisigAccount,
  sequence: bigint,
): MultisigTransaction {
  const txn = readTransaction(state, account, sequence);
  if (txn === null) throw new MoveAbort('0x1::table', 0x6500n);
  return txn;
}

/** `transactions.upsert(sequence, txn)`: the item in BCS by the struct's layout, and as JSON. */
export function writeTransaction(
  host: NativeHost,
  account: MultisigAccount,
  sequence: bigint,
  txn: MultisigTransaction,
): void {
  const bcs = serialize(ty(TRANSACTION_TYPE), transactionValue(txn), (s, args) =>
    host.layout(s, args),
  );
  host.session.ctx.write(itemKey(account.handle, sequence), {
    kind: 'table_item',
    handle: account.handle,
    key: toHex(uintLe(sequence, 8)),
    value: toHex(bcs),
    keyType: 'u64',
    valueType: TRANSACTION_TYPE,
    decodedKey: sequence.toString(),
    decodedValue: transactionJson(txn),
  });
}

/** `transactions.remove(sequence)`. */
export function removeTransaction(
  ctx: NativeContext,
  account: MultisigAccount,
  sequence: bigint,
): void {
  ctx.write(itemKey(account.handle, sequence), null);
}

/**
 * `event::emit` of the module event `name` (`Vote`, `CreateTransaction`…), its first field the
 * multisig account. The source emits module events only: its nine `EventHandle`s stay at 0.
 */
export function emitMultisigEvent(
  ctx: NativeContext,
  name: string,
  multisig: LongAddress,
  fields: { [field: string]: Json },
): void {
  ctx.emit(`${MULTISIG}::${name}`, { multisig_account: shortAddress(multisig), ...fields });
}

export function counts(account: MultisigAccount, txn: MultisigTransaction): [bigint, bigint] {
  let approvals = 0n;
  let rejections = 0n;
  for (const owner of account.owners) {
    const vote = txn.votes.find(([voter]) => voter === owner);
    if (vote === undefined) continue;
    if (vote[1]) approvals += 1n;
    else rejections += 1n;
  }
  return [approvals, rejections];
}

export function voteOf(txn: MultisigTransaction, owner: LongAddress): boolean | null {
  const vote = txn.votes.find(([voter]) => voter === owner);
  return vote === undefined ? null : vote[1];
}

export function assertValidSequence(account: MultisigAccount, sequence: bigint): void {
  if (!(sequence > 0n && sequence < account.next))
    abort(MULTISIG, multisigErrors.invalidSequenceNumber);
}

export function assertOwner(account: MultisigAccount, owner: LongAddress): void {
  if (!account.owners.includes(owner)) abort(MULTISIG, multisigErrors.notOwner);
}

export function validateOwners(owners: LongAddress[], multisig: LongAddress): void {
  const seen = new Set<string>();
  for (const owner of owners) {
    if (owner === multisig) abort(MULTISIG, multisigErrors.ownerIsSelf);
    if (seen.has(owner)) abort(MULTISIG, multisigErrors.duplicateOwner);
    seen.add(owner);
  }
}

// ---------------------------------------------------------------------------------------------
// Creation

export function sequenceNumberOf(state: StateReader, address: LongAddress): bigint {
  const account = readAccount(state, address);
  return account === null ? 0n : BigInt(account.data.sequence_number as string);
}

/** `get_next_multisig_account_address`: the resource address for the creator's next nonce. */
export function nextMultisigAddress(state: StateReader, creator: LongAddress): LongAddress {
  const seed = concatBytes([DOMAIN_SEPARATOR, uintLe(sequenceNumberOf(state, creator), 8)]);
  return toHex(sha3(fromHex(creator), seed, DERIVE_RESOURCE_ACCOUNT_SCHEME)) as LongAddress;
}

export const HANDLE_FIELDS = [
  'add_owners_events',
  'remove_owners_events',
  'update_signature_required_events',
  'create_transaction_events',
  'vote_events',
  'execute_rejected_transaction_events',
  'execute_transaction_events',
  'transaction_execution_failed_events',
  'metadata_updated_events',
] as const;

/** `update_metadata_internal`'s first check, made before the account's. */
export function assertMetadataLengths(keys: readonly unknown[], values: readonly unknown[]): void {
  if (keys.length !== values.length) abort(MULTISIG, multisigErrors.metadataLengths);
}

export function metadataJson(keys: string[], values: Uint8Array[]): Json {
  assertMetadataLengths(keys, values);
  if (new Set(keys).size !== keys.length) abort(MULTISIG, multisigErrors.duplicateMetadataKey);
  return { data: keys.map((key, i) => ({ key, value: toHex(must(values[i])) })) };
}

/**
 * `create_with_owners`: `account::create_resource_account(owner, seed)` (the account's key set to
 * zero, so only multisig transactions control it), then `MultisigAccount` with the owners (the
 * creator last), a table for its transactions and nine event handles.
 */
export function createWithOwners(
  ctx: NativeContext,
  creator: LongAddress,
  additionalOwners: LongAddress[],
  numSignaturesRequired: bigint,
  keys: string[],
  values: Uint8Array[],
): LongAddress {
  const address = nextMultisigAddress(ctx, creator);
  const existing = readAccount(ctx, address);
  if (
    existing !== null &&
    (existing.data.sequence_number !== '0' ||
      (existing.data.signer_capability_offer as { for: { vec: Json[] } }).for.vec.length > 0)
  )
    abort('0x1::account', EACCOUNT_ALREADY_USED);
  installMultisig(
    ctx,
    address,
    existing,
    [...additionalOwners, creator],
    numSignaturesRequired,
    keys,
    values,
    {
      authenticationKey: ZERO_AUTH_KEY,
      signerCap: true,
    },
  );
  return address;
}

/**
 * `create_with_owners_internal` on `address` (its Account `existing`, made if absent): the
 * MultisigAccount with `owners`, a table for its transactions and nine event handles from the
 * account's GUIDs; `authenticationKey` set when given, the capability offers revoked on request.
 */
export function installMultisig(
  ctx: NativeContext,
  address: LongAddress,
  existing: ResourceValue | null,
  owners: LongAddress[],
  numSignaturesRequired: bigint,
  keys: string[],
  values: Uint8Array[],
  options: { authenticationKey?: LongAddress; revokeOffers?: boolean; signerCap: boolean },
): void {
  const base = existing ?? accountValue(address, 0n, address);
  let creation = BigInt(base.data.guid_creation_num as string);
  const handles: { [field: string]: Json } = {};
  for (const field of HANDLE_FIELDS) {
    handles[field] = {
      counter: '0',
      guid: { id: { addr: shortAddress(address), creation_num: creation.toString() } },
    };
    creation += 1n;
  }
  if (!(numSignaturesRequired > 0n && numSignaturesRequired <= BigInt(owners.length)))
    abort(MULTISIG, multisigErrors.invalidSignaturesRequired);
  validateOwners(owners, address);
  // move_to<MultisigAccount>, then update_metadata_internal's checks.
  if (readMultisig(ctx, address) !== null) throw vmError('RESOURCE_ALREADY_EXISTS');
  const metadata = metadataJson(keys, values);
  ctx.write(resourceKey(address, ACCOUNT_TYPE), {
    ...base,
    data: {
      ...base.data,
      ...(options.authenticationKey === undefined
        ? {}
        : { authentication_key: options.authenticationKey }),
      // revoke_any_signer_capability / revoke_any_rotation_capability
      ...(options.revokeOffers === true
        ? {
            rotation_capability_offer: { for: { vec: [] } },
            signer_capability_offer: { for: { vec: [] } },
          }
        : {}),
      guid_creation_num: creation.toString(),
    },
  });
  // A table handle is an address unique to the table; here it is derived from the account.
  const handle = toHex(sha3(utf8('multisig_account::transactions'), fromHex(address)));
  ctx.write(
    resourceKey(address, MULTISIG_ACCOUNT_TYPE),
    resource(address, MULTISIG_ACCOUNT_TYPE, {
      owners: owners.map(shortAddress),
      num_signatures_required: numSignaturesRequired.toString(),
      transactions: { handle: shortAddress(handle as LongAddress) },
      last_executed_sequence_number: '0',
      next_sequence_number: '1',
      signer_cap: { vec: options.signerCap ? [{ account: shortAddress(address) }] : [] },
      metadata,
      ...handles,
    }),
  );
}
