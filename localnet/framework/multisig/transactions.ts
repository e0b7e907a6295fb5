// `0x1::multisig_account`'s transaction flow (create, vote, execute-reject, the owner schema
// updates) and what the VM calls for a `Multisig` payload (`executor/multisigPayload.ts`): the
// prologue, the payload lookup and the two cleanups, with the framework's checks and events.
import type { LongAddress } from '../../encoding.ts';
import { must, sha3, shortAddress, toHex } from '../../encoding.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import type { StateReader } from '../../storage/types.ts';
import type { NativeContext } from '../context.ts';
import { abort } from '../context.ts';
import type { MultisigAccount, MultisigTransaction } from './accounts.ts';
import {
  assertOwner,
  assertValidSequence,
  borrowMultisig,
  borrowTransaction,
  counts,
  emitMultisigEvent,
  MAX_PENDING_TRANSACTIONS,
  MULTISIG,
  multisigErrors,
  readMultisig,
  readTransaction,
  removeTransaction,
  requireMultisig,
  transactionJson,
  validateOwners,
  voteOf,
  writeMultisig,
  writeTransaction,
} from './accounts.ts';

// ---------------------------------------------------------------------------------------------
// The transaction flow

/** `assert_multisig_account_exists`, `assert_is_owner`, then `add_transaction`. */
export function addTransaction(
  host: NativeHost,
  multisig: LongAddress,
  creator: LongAddress,
  txn: MultisigTransaction,
): void {
  const ctx = host.session.ctx;
  const account = requireMultisig(ctx, multisig);
  assertOwner(account, creator);
  const pending = account.next - account.lastExecuted - 1n;
  if (pending >= MAX_PENDING_TRANSACTIONS) abort(MULTISIG, multisigErrors.tooManyPending);
  txn.votes.push([creator, true]);
  const sequence = account.next;
  account.next = sequence + 1n;
  writeTransaction(host, account, sequence, txn);
  writeMultisig(ctx, multisig, account);
  emitMultisigEvent(ctx, 'CreateTransaction', multisig, {
    creator: shortAddress(creator),
    sequence_number: sequence.toString(),
    transaction: transactionJson(txn),
  });
}

/** `vote_transanction`. */
export function vote(
  host: NativeHost,
  owner: LongAddress,
  multisig: LongAddress,
  sequence: bigint,
  approved: boolean,
): void {
  const ctx = host.session.ctx;
  const account = requireMultisig(ctx, multisig);
  assertOwner(account, owner);
  const txn = readTransaction(ctx, account, sequence);
  if (txn === null) abort(MULTISIG, multisigErrors.transactionNotFound);
  const existing = txn.votes.find(([voter]) => voter === owner);
  if (existing !== undefined) existing[1] = approved;
  else txn.votes.push([owner, approved]);
  writeTransaction(host, account, sequence, txn);
  emitMultisigEvent(ctx, 'Vote', multisig, {
    owner: shortAddress(owner),
    sequence_number: sequence.toString(),
    approved,
  });
}

/** `execute_rejected_transaction`. */
export function executeRejected(host: NativeHost, owner: LongAddress, multisig: LongAddress): void {
  const ctx = host.session.ctx;
  const before = requireMultisig(ctx, multisig);
  assertOwner(before, owner);
  const sequence = before.lastExecuted + 1n;
  assertValidSequence(before, sequence);
  const pending = readTransaction(ctx, before, sequence);
  // Implicitly votes for rejection first (multisig v2 enhancement), then removes it.
  if (pending === null || voteOf(pending, owner) !== false)
    vote(host, owner, multisig, sequence, false);
  const account = requireMultisig(ctx, multisig);
  const txn = borrowTransaction(ctx, account, sequence);
  const [, rejections] = counts(account, txn);
  removeTransaction(ctx, account, sequence);
  account.lastExecuted = sequence;
  if (rejections < account.numSignaturesRequired)
    abort(MULTISIG, multisigErrors.notEnoughRejections);
  writeMultisig(ctx, multisig, account);
  emitMultisigEvent(ctx, 'ExecuteRejectedTransaction', multisig, {
    sequence_number: sequence.toString(),
    num_rejections: rejections.toString(),
    executor: shortAddress(owner),
  });
}

/**
 * `update_owner_schema`: the self-updates a multisig transaction may make. The resource is
 * written only when something changed, as a node writes a `borrow_global_mut` only when mutated.
 */
export function updateOwnerSchema(
  ctx: NativeContext,
  multisig: LongAddress,
  newOwners: LongAddress[],
  toRemove: LongAddress[],
  newRequired: bigint | null,
): void {
  const account = requireMultisig(ctx, multisig);
  if (newOwners.some((owner) => toRemove.includes(owner))) abort(MULTISIG, multisigErrors.overlap);
  let changed = false;
  if (newOwners.length > 0) {
    changed = true;
    account.owners = [...account.owners, ...newOwners];
    validateOwners(account.owners, multisig);
    emitMultisigEvent(ctx, 'AddOwners', multisig, { owners_added: newOwners.map(shortAddress) });
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
      changed = true;
      emitMultisigEvent(ctx, 'RemoveOwners', multisig, {
        owners_removed: removed.map(shortAddress),
      });
    }
  }
  if (newRequired !== null) {
    if (newRequired === 0n) abort(MULTISIG, multisigErrors.invalidSignaturesRequired);
    const old = account.numSignaturesRequired;
    if (newRequired !== old) {
      changed = true;
      account.numSignaturesRequired = newRequired;
      emitMultisigEvent(ctx, 'UpdateSignaturesRequired', multisig, {
        old_num_signatures_required: old.toString(),
        new_num_signatures_required: newRequired.toString(),
      });
    }
  }
  if (BigInt(account.owners.length) < account.numSignaturesRequired)
    abort(MULTISIG, multisigErrors.notEnoughOwners);
  if (changed) writeMultisig(ctx, multisig, account);
}

// ---------------------------------------------------------------------------------------------
// Called by the VM (executor/multisigPayload.ts)

/** Prologue statuses of a multisig payload, as the VM maps `validate_multisig_transaction`'s aborts. */
export type MultisigPrologueStatus =
  | 'ACCOUNT_NOT_MULTISIG'
  | 'NOT_MULTISIG_OWNER'
  | 'MULTISIG_TRANSACTION_NOT_FOUND'
  | 'MULTISIG_TRANSACTION_INSUFFICIENT_APPROVALS'
  | 'MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH_HASH'
  | 'MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH';

export function canExecute(
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
 * executed by the sender (its implicit approval counted), a provided payload matches a stored
 * hash, and one provided beside a stored payload is that payload (ABORT_IF_MULTISIG_PAYLOAD_MISMATCH,
 * on at genesis as on devnet).
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
  if (
    txn.payload !== null &&
    providedPayload.length > 0 &&
    toHex(providedPayload) !== toHex(txn.payload)
  )
    return 'MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH';
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
export function cleanupCommon(
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
  removeTransaction(ctx, account, sequence);
  account.lastExecuted = sequence;
  if (implicit) {
    approvals += 1n;
    emitMultisigEvent(ctx, 'Vote', multisig, {
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
  writeMultisig(ctx, multisig, account);
  emitMultisigEvent(ctx, 'TransactionExecutionSucceeded', multisig, {
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
  writeMultisig(ctx, multisig, account);
  emitMultisigEvent(ctx, 'TransactionExecutionFailed', multisig, {
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
