// `0x1::multisig_account`, natively: the framework's on-chain multisig accounts (a resource account
// whose `MultisigAccount` resource lists owners, a signature threshold and a table of pending
// transactions), with the framework's checks, abort codes and events. The VM side (a `Multisig`
// transaction payload executing a pending transaction as the multisig account) is in
// `executor/multisigPayload.ts`, which calls the prologue and cleanup functions exported here.
import type { TypeTag } from '@aptos-labs/ts-sdk';
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
import type { MoveVal } from '../../executor/moveValues.ts';
import { encodeValue, registerStructLayout, typeTagOf } from '../../executor/moveValues.ts';
import type { ResourceValue, StateReader, TableItemValue } from '../../storage/types.ts';
import { resourceKey, tableKey } from '../../storage/types.ts';
import { declared, entry, eventHandle, struct, view } from '../abi.ts';
import { ACCOUNT_TYPE, accountValue, FRAMEWORK_ADDRESS, readAccount, resource } from '../assets.ts';
import type { NativeContext, NativeFunction, NativeModule } from '../context.ts';
import { abort, ERROR_CATEGORY, missingData, MoveAbort, moduleError } from '../context.ts';

const MULTISIG = '0x1::multisig_account';
export const MULTISIG_ACCOUNT_TYPE = `${MULTISIG}::MultisigAccount`;
const TRANSACTION_TYPE = `${MULTISIG}::MultisigTransaction`;
const MAX_PENDING_TRANSACTIONS = 20n;
const ZERO_AUTH_KEY = `0x${'0'.repeat(64)}` as LongAddress;
const DOMAIN_SEPARATOR = utf8('aptos_framework::multisig_account');
/** `account::create_resource_address`'s scheme byte. */
const DERIVE_RESOURCE_ACCOUNT_SCHEME = new Uint8Array([255]);

const { invalidArgument, invalidState, permissionDenied, notFound, alreadyExists } = ERROR_CATEGORY;

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

const EACCOUNT_ALREADY_USED = moduleError(
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
interface MultisigAccount {
  owners: LongAddress[];
  numSignaturesRequired: bigint;
  handle: LongAddress;
  lastExecuted: bigint;
  next: bigint;
  /** The resource's JSON as stored (event handles, metadata, signer capability). */
  data: ResourceValue['data'];
}

const long = (short: string): LongAddress => `0x${short.slice(2).padStart(64, '0')}` as LongAddress;

const optionBytes = (json: Json): Uint8Array | null => {
  const vec = (json as { vec: string[] }).vec;
  return vec.length === 0 ? null : fromHex(must(vec[0]));
};

function readMultisig(state: StateReader, address: LongAddress): MultisigAccount | null {
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

function writeMultisig(ctx: NativeContext, address: LongAddress, account: MultisigAccount): void {
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
function borrowMultisig(state: StateReader, address: LongAddress): MultisigAccount {
  return readMultisig(state, address) ?? missingData();
}

/** `assert_multisig_account_exists` (entry functions). */
function requireMultisig(state: StateReader, address: LongAddress): MultisigAccount {
  const account = readMultisig(state, address);
  if (account === null) abort(MULTISIG, multisigErrors.notMultisig);
  return account;
}

/** The transaction as a Move value (field values in order) for its layout. */
function transactionValue(txn: MultisigTransaction): MoveVal {
  return [
    txn.payload === null ? [] : [txn.payload],
    txn.payloadHash === null ? [] : [txn.payloadHash],
    [txn.votes.map(([owner, approved]) => [owner, approved])],
    txn.creator,
    txn.creationTimeSecs,
  ];
}

function transactionJson(txn: MultisigTransaction): { [field: string]: Json } {
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

function transactionFromJson(json: Json): MultisigTransaction {
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

const itemKey = (handle: LongAddress, sequence: bigint) =>
  tableKey(handle, toHex(uintLe(sequence, 8)));

function readTransaction(
  state: StateReader,
  account: MultisigAccount,
  sequence: bigint,
): MultisigTransaction | null {
  const item = state.get(itemKey(account.handle, sequence)) as TableItemValue | null;
  return item === null ? null : transactionFromJson(item.decodedValue);
}

/** `table::borrow` of a key that is not there aborts in `0x1::table` (as the VM's natives do). */
function borrowTransaction(
  state: StateReader,
  account: MultisigAccount,
  sequence: bigint,
): MultisigTransaction {
  const txn = readTransaction(state, account, sequence);
  if (txn === null) throw new MoveAbort('0x1::table', 0x6500n);
  return txn;
}

function writeTransaction(
  ctx: NativeContext,
  account: MultisigAccount,
  sequence: bigint,
  txn: MultisigTransaction | null,
): void {
  const key = itemKey(account.handle, sequence);
  if (txn === null) {
    ctx.write(key, null);
    return;
  }
  ctx.write(key, {
    kind: 'table_item',
    handle: account.handle,
    key: toHex(uintLe(sequence, 8)),
    value: toHex(encodeValue(typeTagOf(TRANSACTION_TYPE), transactionValue(txn))),
    keyType: 'u64',
    valueType: TRANSACTION_TYPE,
    decodedKey: sequence.toString(),
    decodedValue: transactionJson(txn),
  });
}

/** Emits the module event and the event-handle event, as the framework does (both). */
function emitBoth(
  ctx: NativeContext,
  name: string,
  multisig: LongAddress,
  fields: { [field: string]: Json },
): void {
  ctx.emit(`${MULTISIG}::${name}`, { multisig_account: shortAddress(multisig), ...fields });
  ctx.emit(`${MULTISIG}::${name}Event`, fields);
}

/** Bumps an event handle's counter in the resource JSON. */
function bumpHandle(account: MultisigAccount, field: string): void {
  const handle = account.data[field] as { counter: string; guid: Json };
  account.data = {
    ...account.data,
    [field]: { ...handle, counter: (BigInt(handle.counter) + 1n).toString() },
  };
}

function counts(account: MultisigAccount, txn: MultisigTransaction): [bigint, bigint] {
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

function voteOf(txn: MultisigTransaction, owner: LongAddress): boolean | null {
  const vote = txn.votes.find(([voter]) => voter === owner);
  return vote === undefined ? null : vote[1];
}

function assertValidSequence(account: MultisigAccount, sequence: bigint): void {
  if (!(sequence > 0n && sequence < account.next))
    abort(MULTISIG, multisigErrors.invalidSequenceNumber);
}

function assertOwner(account: MultisigAccount, owner: LongAddress): void {
  if (!account.owners.includes(owner)) abort(MULTISIG, multisigErrors.notOwner);
}

function validateOwners(owners: LongAddress[], multisig: LongAddress): void {
  const seen = new Set<string>();
  for (const owner of owners) {
    if (owner === multisig) abort(MULTISIG, multisigErrors.ownerIsSelf);
    if (seen.has(owner)) abort(MULTISIG, multisigErrors.duplicateOwner);
    seen.add(owner);
  }
}

// ---------------------------------------------------------------------------------------------
// Creation

function sequenceNumberOf(state: StateReader, address: LongAddress): bigint {
  const account = readAccount(state, address);
  return account === null ? 0n : BigInt(account.data.sequence_number as string);
}

/** `get_next_multisig_account_address`: the resource address for the creator's next nonce. */
export function nextMultisigAddress(state: StateReader, creator: LongAddress): LongAddress {
  const seed = concatBytes([DOMAIN_SEPARATOR, uintLe(sequenceNumberOf(state, creator), 8)]);
  return toHex(sha3(fromHex(creator), seed, DERIVE_RESOURCE_ACCOUNT_SCHEME)) as LongAddress;
}

const HANDLE_FIELDS = [
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

function metadataJson(keys: string[], values: Uint8Array[]): Json {
  if (keys.length !== values.length) abort(MULTISIG, multisigErrors.metadataLengths);
  if (new Set(keys).size !== keys.length) abort(MULTISIG, multisigErrors.duplicateMetadataKey);
  return { data: keys.map((key, i) => ({ key, value: toHex(must(values[i])) })) };
}

/**
 * `create_with_owners`: `account::create_resource_account(owner, seed)` (the account's key set to
 * zero, so only multisig transactions control it), then `MultisigAccount` with the owners (the
 * creator last), a table for its transactions and nine event handles.
 */
function createWithOwners(
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
  const owners = [...additionalOwners, creator];
  if (!(numSignaturesRequired > 0n && numSignaturesRequired <= BigInt(owners.length)))
    abort(MULTISIG, multisigErrors.invalidSignaturesRequired);
  validateOwners(owners, address);
  const metadata = metadataJson(keys, values);
  ctx.write(resourceKey(address, ACCOUNT_TYPE), {
    ...base,
    data: {
      ...base.data,
      authentication_key: ZERO_AUTH_KEY,
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
      signer_cap: { vec: [{ account: shortAddress(address) }] },
      metadata,
      ...handles,
    }),
  );
  return address;
}

// ---------------------------------------------------------------------------------------------
// The transaction flow

function addTransaction(
  ctx: NativeContext,
  multisig: LongAddress,
  creator: LongAddress,
  txn: MultisigTransaction,
): void {
  const account = requireMultisig(ctx, multisig);
  assertOwner(account, creator);
  const pending = account.next - account.lastExecuted - 1n;
  if (pending >= MAX_PENDING_TRANSACTIONS) abort(MULTISIG, multisigErrors.tooManyPending);
  txn.votes.push([creator, true]);
  const sequence = account.next;
  account.next = sequence + 1n;
  writeTransaction(ctx, account, sequence, txn);
  bumpHandle(account, 'create_transaction_events');
  writeMultisig(ctx, multisig, account);
  emitBoth(ctx, 'CreateTransaction', multisig, {
    creator: shortAddress(creator),
    sequence_number: sequence.toString(),
    transaction: transactionJson(txn),
  });
}

function vote(
  ctx: NativeContext,
  owner: LongAddress,
  multisig: LongAddress,
  sequence: bigint,
  approved: boolean,
): void {
  const account = requireMultisig(ctx, multisig);
  assertOwner(account, owner);
  const txn = readTransaction(ctx, account, sequence);
  if (txn === null) abort(MULTISIG, multisigErrors.transactionNotFound);
  const existing = txn.votes.find(([voter]) => voter === owner);
  if (existing !== undefined) existing[1] = approved;
  else txn.votes.push([owner, approved]);
  writeTransaction(ctx, account, sequence, txn);
  bumpHandle(account, 'vote_events');
  writeMultisig(ctx, multisig, account);
  emitBoth(ctx, 'Vote', multisig, {
    owner: shortAddress(owner),
    sequence_number: sequence.toString(),
    approved,
  });
}

function executeRejected(ctx: NativeContext, owner: LongAddress, multisig: LongAddress): void {
  const before = requireMultisig(ctx, multisig);
  assertOwner(before, owner);
  const sequence = before.lastExecuted + 1n;
  assertValidSequence(before, sequence);
  const pending = readTransaction(ctx, before, sequence);
  // Implicitly votes for rejection first (multisig v2 enhancement), then removes it.
  if (pending === null || voteOf(pending, owner) !== false)
    vote(ctx, owner, multisig, sequence, false);
  const account = requireMultisig(ctx, multisig);
  const txn = borrowTransaction(ctx, account, sequence);
  const [, rejections] = counts(account, txn);
  writeTransaction(ctx, account, sequence, null);
  account.lastExecuted = sequence;
  if (rejections < account.numSignaturesRequired)
    abort(MULTISIG, multisigErrors.notEnoughRejections);
  bumpHandle(account, 'execute_rejected_transaction_events');
  writeMultisig(ctx, multisig, account);
  emitBoth(ctx, 'ExecuteRejectedTransaction', multisig, {
    sequence_number: sequence.toString(),
    num_rejections: rejections.toString(),
    executor: shortAddress(owner),
  });
}

/** `update_owner_schema`: the self-updates a multisig transaction may make. */
function updateOwnerSchema(
  ctx: NativeContext,
  multisig: LongAddress,
  newOwners: LongAddress[],
  toRemove: LongAddress[],
  newRequired: bigint | null,
): void {
  const account = requireMultisig(ctx, multisig);
  if (newOwners.some((owner) => toRemove.includes(owner))) abort(MULTISIG, multisigErrors.overlap);
  if (newOwners.length > 0) {
    account.owners = [...account.owners, ...newOwners];
    validateOwners(account.owners, multisig);
    bumpHandle(account, 'add_owners_events');
    emitBoth(ctx, 'AddOwners', multisig, { owners_added: newOwners.map(shortAddress) });
  }
  if (toRemove.length > 0) {
    const removed: LongAddress[] = [];
    for (const owner of toRemove) {
      const index = account.owners.indexOf(owner);
      if (index < 0) continue;
      // vector::swap_remove: the last owner takes the removed one's place.
      const last = must(account.owners.pop());
      if (index < account.owners.length) account.owners[index] = last;
      removed.push(owner);
    }
    if (removed.length > 0) {
      bumpHandle(account, 'remove_owners_events');
      emitBoth(ctx, 'RemoveOwners', multisig, { owners_removed: removed.map(shortAddress) });
    }
  }
  if (newRequired !== null) {
    if (newRequired === 0n) abort(MULTISIG, multisigErrors.invalidSignaturesRequired);
    const old = account.numSignaturesRequired;
    if (newRequired !== old) {
      account.numSignaturesRequired = newRequired;
      bumpHandle(account, 'update_signature_required_events');
      emitBoth(ctx, 'UpdateSignaturesRequired', multisig, {
        old_num_signatures_required: old.toString(),
        new_num_signatures_required: newRequired.toString(),
      });
    }
  }
  if (BigInt(account.owners.length) < account.numSignaturesRequired)
    abort(MULTISIG, multisigErrors.notEnoughOwners);
  writeMultisig(ctx, multisig, account);
}

// ---------------------------------------------------------------------------------------------
// Called by the VM (executor/multisigPayload.ts)

/** Prologue statuses of a multisig payload, as the VM maps `validate_multisig_transaction`'s aborts. */
export type MultisigPrologueStatus =
  | 'ACCOUNT_NOT_MULTISIG'
  | 'NOT_MULTISIG_OWNER'
  | 'MULTISIG_TRANSACTION_NOT_FOUND'
  | 'MULTISIG_TRANSACTION_INSUFFICIENT_APPROVALS'
  | 'MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH_HASH';

function canExecute(
  account: MultisigAccount,
  owner: LongAddress,
  sequence: bigint,
  txn: MultisigTransaction,
) {
  let [approvals] = counts(account, txn);
  if (voteOf(txn, owner) !== true) approvals += 1n;
  return (
    account.owners.includes(owner) &&
    sequence === account.lastExecuted + 1n &&
    approvals >= account.numSignaturesRequired
  );
}

/**
 * `validate_multisig_transaction` (the multisig prologue; a node skips it when simulating): the
 * account is a multisig account, the sender an owner, the next transaction exists and can be
 * executed by the sender (its implicit approval counted), and a provided payload matches a stored
 * hash.
 */
export function validateMultisigTransaction(
  state: StateReader,
  owner: LongAddress,
  multisig: LongAddress,
  providedPayload: Uint8Array,
): MultisigPrologueStatus | null {
  const account = readMultisig(state, multisig);
  if (account === null) return 'ACCOUNT_NOT_MULTISIG';
  if (!account.owners.includes(owner)) return 'NOT_MULTISIG_OWNER';
  const sequence = account.lastExecuted + 1n;
  const txn = readTransaction(state, account, sequence);
  if (txn === null) return 'MULTISIG_TRANSACTION_NOT_FOUND';
  if (!canExecute(account, owner, sequence, txn))
    return 'MULTISIG_TRANSACTION_INSUFFICIENT_APPROVALS';
  if (txn.payloadHash !== null && toHex(sha3(providedPayload)) !== toHex(txn.payloadHash))
    return 'MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH_HASH';
  return null;
}

/** `get_next_transaction_payload`: the stored payload of the next transaction, else the provided one. */
export function nextTransactionPayload(
  ctx: NativeContext,
  multisig: LongAddress,
  provided: Uint8Array,
): Uint8Array {
  const account = borrowMultisig(ctx, multisig);
  const txn = borrowTransaction(ctx, account, account.lastExecuted + 1n);
  return txn.payload ?? provided;
}

/** `ExecutionError` of a failed multisig transaction (the VM's conversion of its status). */
export interface ExecutionError {
  abortLocation: string;
  errorType: 'MoveAbort' | 'MoveExecutionFailure' | 'VMError';
  errorCode: bigint;
}

/** `transaction_execution_cleanup_common`: removes the executed transaction, counts approvals. */
function cleanupCommon(
  ctx: NativeContext,
  executor: LongAddress,
  multisig: LongAddress,
): { account: MultisigAccount; sequence: bigint; approvals: bigint } {
  const account = requireMultisig(ctx, multisig);
  const sequence = account.lastExecuted + 1n;
  assertValidSequence(account, sequence);
  const txn = borrowTransaction(ctx, account, sequence);
  const implicit = voteOf(txn, executor) !== true;
  let [approvals] = counts(account, txn);
  writeTransaction(ctx, account, sequence, null);
  account.lastExecuted = sequence;
  if (implicit) {
    approvals += 1n;
    bumpHandle(account, 'vote_events');
    ctx.emit(`${MULTISIG}::VoteEvent`, {
      owner: shortAddress(executor),
      sequence_number: sequence.toString(),
      approved: true,
    });
  }
  return { account, sequence, approvals };
}

/** `successful_transaction_execution_cleanup`. */
export function successfulExecutionCleanup(
  ctx: NativeContext,
  executor: LongAddress,
  multisig: LongAddress,
  payload: Uint8Array,
): void {
  const { account, sequence, approvals } = cleanupCommon(ctx, executor, multisig);
  bumpHandle(account, 'execute_transaction_events');
  writeMultisig(ctx, multisig, account);
  emitBoth(ctx, 'TransactionExecutionSucceeded', multisig, {
    executor: shortAddress(executor),
    sequence_number: sequence.toString(),
    transaction_payload: toHex(payload),
    num_approvals: approvals.toString(),
  });
}

/** `failed_transaction_execution_cleanup`. */
export function failedExecutionCleanup(
  ctx: NativeContext,
  executor: LongAddress,
  multisig: LongAddress,
  payload: Uint8Array,
  error: ExecutionError,
): void {
  const { account, sequence, approvals } = cleanupCommon(ctx, executor, multisig);
  bumpHandle(account, 'transaction_execution_failed_events');
  writeMultisig(ctx, multisig, account);
  emitBoth(ctx, 'TransactionExecutionFailed', multisig, {
    executor: shortAddress(executor),
    sequence_number: sequence.toString(),
    transaction_payload: toHex(payload),
    num_approvals: approvals.toString(),
    execution_error: {
      abort_location: error.abortLocation,
      error_type: error.errorType,
      error_code: error.errorCode.toString(),
    },
  });
}

// ---------------------------------------------------------------------------------------------
// The module's ABI

const A = (value: MoveVal | undefined) => must(value) as LongAddress;
const U = (value: MoveVal | undefined) => must(value) as bigint;
const signerOf = (ctx: NativeContext) => must(ctx.signers[0]);
const SIMPLE_MAP = (k: string, v: string) => `0x1::simple_map::SimpleMap<${k}, ${v}>`;
const STRING = '0x1::string::String';
const CREATE_PARAMS = ['vector<0x1::string::String>', 'vector<vector<u8>>'];

registerStructLayout(TRANSACTION_TYPE, () => [
  ['payload', typeTagOf('0x1::option::Option<vector<u8>>')],
  ['payload_hash', typeTagOf('0x1::option::Option<vector<u8>>')],
  ['votes', typeTagOf(SIMPLE_MAP('address', 'bool'))],
  ['creator', typeTagOf('address')],
  ['creation_time_secs', typeTagOf('u64')],
]);
registerStructLayout('0x1::simple_map::SimpleMap', ([k, v]: TypeTag[]) => [
  [
    'data',
    typeTagOf(`vector<0x1::simple_map::Element<${must(k).toString()}, ${must(v).toString()}>>`),
  ],
]);
registerStructLayout('0x1::simple_map::Element', ([k, v]: TypeTag[]) => [
  ['key', must(k)],
  ['value', must(v)],
]);

/** A private `entry fun` (callable as a transaction, not from other modules). */
function privateEntry(
  name: string,
  params: string[],
  run: NonNullable<NativeFunction['run']>,
): NativeFunction {
  return { ...entry(name, params, run), visibility: 'private' };
}

function multisigView(
  name: string,
  params: string[],
  returns: string[],
  run: (ctx: NativeContext, args: MoveVal[]) => MoveVal[],
): NativeFunction {
  return view(name, params, returns, (ctx, _t, args) => run(ctx, args));
}

function pendingFor(ctx: NativeContext, multisig: LongAddress, sequence: bigint) {
  const account = borrowMultisig(ctx, multisig);
  assertValidSequence(account, sequence);
  return { account, txn: borrowTransaction(ctx, account, sequence) };
}

const eventStruct = (name: string, fields: Array<[string, string]>, isEvent = false) =>
  struct(name, ['drop', 'store'], fields, isEvent ? { isEvent: true } : {});
const withAccount = (fields: Array<[string, string]>): Array<[string, string]> => [
  ['multisig_account', 'address'],
  ...fields,
];
const EVENT_FIELDS: Array<[string, Array<[string, string]>]> = [
  ['AddOwners', [['owners_added', 'vector<address>']]],
  ['RemoveOwners', [['owners_removed', 'vector<address>']]],
  [
    'UpdateSignaturesRequired',
    [
      ['old_num_signatures_required', 'u64'],
      ['new_num_signatures_required', 'u64'],
    ],
  ],
  [
    'CreateTransaction',
    [
      ['creator', 'address'],
      ['sequence_number', 'u64'],
      ['transaction', TRANSACTION_TYPE],
    ],
  ],
  [
    'Vote',
    [
      ['owner', 'address'],
      ['sequence_number', 'u64'],
      ['approved', 'bool'],
    ],
  ],
  [
    'ExecuteRejectedTransaction',
    [
      ['sequence_number', 'u64'],
      ['num_rejections', 'u64'],
      ['executor', 'address'],
    ],
  ],
  [
    'TransactionExecutionSucceeded',
    [
      ['executor', 'address'],
      ['sequence_number', 'u64'],
      ['transaction_payload', 'vector<u8>'],
      ['num_approvals', 'u64'],
    ],
  ],
  [
    'TransactionExecutionFailed',
    [
      ['executor', 'address'],
      ['sequence_number', 'u64'],
      ['transaction_payload', 'vector<u8>'],
      ['num_approvals', 'u64'],
      ['execution_error', `${MULTISIG}::ExecutionError`],
    ],
  ],
  [
    'MetadataUpdated',
    [
      ['old_metadata', SIMPLE_MAP(STRING, 'vector<u8>')],
      ['new_metadata', SIMPLE_MAP(STRING, 'vector<u8>')],
    ],
  ],
];

export const multisigAccountModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'multisig_account',
  friends: [],
  structs: [
    struct(
      'MultisigAccount',
      ['key'],
      [
        ['owners', 'vector<address>'],
        ['num_signatures_required', 'u64'],
        ['transactions', `0x1::table::Table<u64, ${TRANSACTION_TYPE}>`],
        ['last_executed_sequence_number', 'u64'],
        ['next_sequence_number', 'u64'],
        ['signer_cap', '0x1::option::Option<0x1::account::SignerCapability>'],
        ['metadata', SIMPLE_MAP(STRING, 'vector<u8>')],
        ...HANDLE_FIELDS.map((field, i): [string, string] => [
          field,
          eventHandle(
            `${MULTISIG}::${
              [
                'AddOwnersEvent',
                'RemoveOwnersEvent',
                'UpdateSignaturesRequiredEvent',
                'CreateTransactionEvent',
                'VoteEvent',
                'ExecuteRejectedTransactionEvent',
                'TransactionExecutionSucceededEvent',
                'TransactionExecutionFailedEvent',
                'MetadataUpdatedEvent',
              ][i]
            }`,
          ),
        ]),
      ],
    ),
    struct(
      'MultisigTransaction',
      ['copy', 'drop', 'store'],
      [
        ['payload', '0x1::option::Option<vector<u8>>'],
        ['payload_hash', '0x1::option::Option<vector<u8>>'],
        ['votes', SIMPLE_MAP('address', 'bool')],
        ['creator', 'address'],
        ['creation_time_secs', 'u64'],
      ],
    ),
    struct(
      'ExecutionError',
      ['copy', 'drop', 'store'],
      [
        ['abort_location', STRING],
        ['error_type', STRING],
        ['error_code', 'u64'],
      ],
    ),
    ...EVENT_FIELDS.flatMap(([name, fields]) => [
      eventStruct(name, withAccount(fields), true),
      eventStruct(`${name}Event`, fields),
    ]),
  ],
  functions: [
    declared('create_with_existing_account', [
      'address',
      'vector<address>',
      'u64',
      'u8',
      'vector<u8>',
      'vector<u8>',
      ...CREATE_PARAMS,
    ]),
    declared('create_with_existing_account_and_revoke_auth_key', [
      'address',
      'vector<address>',
      'u64',
      'u8',
      'vector<u8>',
      'vector<u8>',
      ...CREATE_PARAMS,
    ]),
    entry('create', ['&signer', 'u64', ...CREATE_PARAMS], (ctx, _t, [required, keys, values]) => {
      createWithOwners(
        ctx,
        signerOf(ctx),
        [],
        U(required),
        keys as string[],
        values as Uint8Array[],
      );
      return [];
    }),
    entry(
      'create_with_owners',
      ['&signer', 'vector<address>', 'u64', ...CREATE_PARAMS],
      (ctx, _t, [owners, required, keys, values]) => {
        createWithOwners(
          ctx,
          signerOf(ctx),
          owners as LongAddress[],
          U(required),
          keys as string[],
          values as Uint8Array[],
        );
        return [];
      },
    ),
    entry(
      'create_with_owners_then_remove_bootstrapper',
      ['&signer', 'vector<address>', 'u64', ...CREATE_PARAMS],
      (ctx, _t, [owners, required, keys, values]) => {
        const bootstrapper = signerOf(ctx);
        const multisig = createWithOwners(
          ctx,
          bootstrapper,
          owners as LongAddress[],
          U(required),
          keys as string[],
          values as Uint8Array[],
        );
        updateOwnerSchema(ctx, multisig, [], [bootstrapper], null);
        return [];
      },
    ),
    entry(
      'create_transaction',
      ['&signer', 'address', 'vector<u8>'],
      (ctx, _t, [multisig, payload]) => {
        const bytes = must(payload) as Uint8Array;
        if (bytes.length === 0) abort(MULTISIG, multisigErrors.emptyPayload);
        const owner = signerOf(ctx);
        addTransaction(ctx, A(multisig), owner, {
          payload: bytes,
          payloadHash: null,
          votes: [],
          creator: owner,
          creationTimeSecs: ctx.timestampMicros / 1_000_000n,
        });
        return [];
      },
    ),
    entry(
      'create_transaction_with_hash',
      ['&signer', 'address', 'vector<u8>'],
      (ctx, _t, [multisig, hash]) => {
        const bytes = must(hash) as Uint8Array;
        if (bytes.length !== 32) abort(MULTISIG, multisigErrors.invalidPayloadHash);
        const owner = signerOf(ctx);
        addTransaction(ctx, A(multisig), owner, {
          payload: null,
          payloadHash: bytes,
          votes: [],
          creator: owner,
          creationTimeSecs: ctx.timestampMicros / 1_000_000n,
        });
        return [];
      },
    ),
    entry('approve_transaction', ['&signer', 'address', 'u64'], (ctx, _t, [multisig, seq]) => {
      vote(ctx, signerOf(ctx), A(multisig), U(seq), true);
      return [];
    }),
    entry('reject_transaction', ['&signer', 'address', 'u64'], (ctx, _t, [multisig, seq]) => {
      vote(ctx, signerOf(ctx), A(multisig), U(seq), false);
      return [];
    }),
    ...['vote_transanction', 'vote_transaction'].map((name) =>
      entry(name, ['&signer', 'address', 'u64', 'bool'], (ctx, _t, [multisig, seq, approved]) => {
        vote(ctx, signerOf(ctx), A(multisig), U(seq), approved as boolean);
        return [];
      }),
    ),
    entry(
      'vote_transactions',
      ['&signer', 'address', 'u64', 'u64', 'bool'],
      (ctx, _t, [multisig, start, final, approved]) => {
        for (let seq = U(start); seq <= U(final); seq += 1n)
          vote(ctx, signerOf(ctx), A(multisig), seq, approved as boolean);
        return [];
      },
    ),
    entry('execute_rejected_transaction', ['&signer', 'address'], (ctx, _t, [multisig]) => {
      executeRejected(ctx, signerOf(ctx), A(multisig));
      return [];
    }),
    entry(
      'execute_rejected_transactions',
      ['&signer', 'address', 'u64'],
      (ctx, _t, [multisig, final]) => {
        const account = requireMultisig(ctx, A(multisig));
        if (!(account.lastExecuted < U(final) && U(final) < account.next))
          abort(MULTISIG, multisigErrors.invalidSequenceNumber);
        while (requireMultisig(ctx, A(multisig)).lastExecuted < U(final))
          executeRejected(ctx, signerOf(ctx), A(multisig));
        return [];
      },
    ),
    // Self-updates: private entry functions the multisig account calls through its own transactions.
    privateEntry('add_owner', ['&signer', 'address'], (ctx, _t, [owner]) => {
      updateOwnerSchema(ctx, signerOf(ctx), [A(owner)], [], null);
      return [];
    }),
    privateEntry('add_owners', ['&signer', 'vector<address>'], (ctx, _t, [owners]) => {
      updateOwnerSchema(ctx, signerOf(ctx), owners as LongAddress[], [], null);
      return [];
    }),
    privateEntry(
      'add_owners_and_update_signatures_required',
      ['&signer', 'vector<address>', 'u64'],
      (ctx, _t, [owners, required]) => {
        updateOwnerSchema(ctx, signerOf(ctx), owners as LongAddress[], [], U(required));
        return [];
      },
    ),
    privateEntry('remove_owner', ['&signer', 'address'], (ctx, _t, [owner]) => {
      updateOwnerSchema(ctx, signerOf(ctx), [], [A(owner)], null);
      return [];
    }),
    privateEntry('remove_owners', ['&signer', 'vector<address>'], (ctx, _t, [owners]) => {
      updateOwnerSchema(ctx, signerOf(ctx), [], owners as LongAddress[], null);
      return [];
    }),
    privateEntry('swap_owner', ['&signer', 'address', 'address'], (ctx, _t, [inn, out]) => {
      updateOwnerSchema(ctx, signerOf(ctx), [A(inn)], [A(out)], null);
      return [];
    }),
    privateEntry(
      'swap_owners',
      ['&signer', 'vector<address>', 'vector<address>'],
      (ctx, _t, [inn, out]) => {
        updateOwnerSchema(ctx, signerOf(ctx), inn as LongAddress[], out as LongAddress[], null);
        return [];
      },
    ),
    privateEntry(
      'swap_owners_and_update_signatures_required',
      ['&signer', 'vector<address>', 'vector<address>', 'u64'],
      (ctx, _t, [inn, out, required]) => {
        updateOwnerSchema(
          ctx,
          signerOf(ctx),
          inn as LongAddress[],
          out as LongAddress[],
          U(required),
        );
        return [];
      },
    ),
    privateEntry('update_signatures_required', ['&signer', 'u64'], (ctx, _t, [required]) => {
      updateOwnerSchema(ctx, signerOf(ctx), [], [], U(required));
      return [];
    }),
    privateEntry('update_metadata', ['&signer', ...CREATE_PARAMS], (ctx, _t, [keys, values]) => {
      const multisig = signerOf(ctx);
      const account = requireMultisig(ctx, multisig);
      const old = account.data.metadata ?? { data: [] };
      const metadata = metadataJson(keys as string[], values as Uint8Array[]);
      account.data = { ...account.data, metadata };
      bumpHandle(account, 'metadata_updated_events');
      writeMultisig(ctx, multisig, account);
      emitBoth(ctx, 'MetadataUpdated', multisig, { old_metadata: old, new_metadata: metadata });
      return [];
    }),
    // Views.
    multisigView(
      'available_transaction_queue_capacity',
      ['address'],
      ['u64'],
      (ctx, [multisig]) => {
        const account = borrowMultisig(ctx, A(multisig));
        const pending = account.next - account.lastExecuted - 1n;
        return [pending > MAX_PENDING_TRANSACTIONS ? 0n : MAX_PENDING_TRANSACTIONS - pending];
      },
    ),
    multisigView('can_be_executed', ['address', 'u64'], ['bool'], (ctx, [multisig, seq]) => {
      const { account, txn } = pendingFor(ctx, A(multisig), U(seq));
      const [approvals] = counts(account, txn);
      return [U(seq) === account.lastExecuted + 1n && approvals >= account.numSignaturesRequired];
    }),
    multisigView('can_be_rejected', ['address', 'u64'], ['bool'], (ctx, [multisig, seq]) => {
      const { account, txn } = pendingFor(ctx, A(multisig), U(seq));
      const [, rejections] = counts(account, txn);
      return [U(seq) === account.lastExecuted + 1n && rejections >= account.numSignaturesRequired];
    }),
    multisigView(
      'can_execute',
      ['address', 'address', 'u64'],
      ['bool'],
      (ctx, [owner, multisig, seq]) => {
        const { account, txn } = pendingFor(ctx, A(multisig), U(seq));
        return [canExecute(account, A(owner), U(seq), txn)];
      },
    ),
    multisigView(
      'can_reject',
      ['address', 'address', 'u64'],
      ['bool'],
      (ctx, [owner, multisig, seq]) => {
        const { account, txn } = pendingFor(ctx, A(multisig), U(seq));
        let [, rejections] = counts(account, txn);
        if (voteOf(txn, A(owner)) !== false) rejections += 1n;
        return [
          account.owners.includes(A(owner)) &&
            U(seq) === account.lastExecuted + 1n &&
            rejections >= account.numSignaturesRequired,
        ];
      },
    ),
    multisigView(
      'get_next_multisig_account_address',
      ['address'],
      ['address'],
      (ctx, [creator]) => [nextMultisigAddress(ctx, A(creator))],
    ),
    multisigView(
      'get_next_transaction_payload',
      ['address', 'vector<u8>'],
      ['vector<u8>'],
      (ctx, [multisig, provided]) => {
        const account = borrowMultisig(ctx, A(multisig));
        const txn = borrowTransaction(ctx, account, account.lastExecuted + 1n);
        return [txn.payload ?? (must(provided) as Uint8Array)];
      },
    ),
    multisigView(
      'get_pending_transactions',
      ['address'],
      [`vector<${TRANSACTION_TYPE}>`],
      (ctx, [multisig]) => {
        const account = borrowMultisig(ctx, A(multisig));
        const pending: MoveVal[] = [];
        for (let seq = account.lastExecuted + 1n; seq < account.next; seq += 1n)
          pending.push(transactionValue(borrowTransaction(ctx, account, seq)));
        return [pending];
      },
    ),
    multisigView(
      'get_transaction',
      ['address', 'u64'],
      [TRANSACTION_TYPE],
      (ctx, [multisig, seq]) => [transactionValue(pendingFor(ctx, A(multisig), U(seq)).txn)],
    ),
    multisigView('is_owner', ['address', 'address'], ['bool'], (ctx, [owner, multisig]) => [
      borrowMultisig(ctx, A(multisig)).owners.includes(A(owner)),
    ]),
    multisigView('last_resolved_sequence_number', ['address'], ['u64'], (ctx, [multisig]) => [
      borrowMultisig(ctx, A(multisig)).lastExecuted,
    ]),
    multisigView('metadata', ['address'], [SIMPLE_MAP(STRING, 'vector<u8>')], (ctx, [multisig]) => {
      const data = borrowMultisig(ctx, A(multisig)).data.metadata as {
        data: Array<{ key: string; value: string }>;
      };
      return [[data.data.map(({ key, value }) => [key, fromHex(value)])]];
    }),
    multisigView('next_sequence_number', ['address'], ['u64'], (ctx, [multisig]) => [
      borrowMultisig(ctx, A(multisig)).next,
    ]),
    multisigView('num_signatures_required', ['address'], ['u64'], (ctx, [multisig]) => [
      borrowMultisig(ctx, A(multisig)).numSignaturesRequired,
    ]),
    multisigView('owners', ['address'], ['vector<address>'], (ctx, [multisig]) => [
      borrowMultisig(ctx, A(multisig)).owners,
    ]),
    multisigView(
      'vote',
      ['address', 'u64', 'address'],
      ['bool', 'bool'],
      (ctx, [multisig, seq, owner]) => {
        const { txn } = pendingFor(ctx, A(multisig), U(seq));
        const cast = voteOf(txn, A(owner));
        return [cast !== null, cast === true];
      },
    ),
  ],
};
