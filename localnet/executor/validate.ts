/**
 * Validation: what a node's prologue checks before a transaction runs (chain id, expiration,
 * gas bounds, sequence number or nonce, signatures and authentication keys, balance for the
 * fee, multisig and account-abstraction prologues), with the statuses and `vm_error_code`s a
 * node answers. Used at submission, when a block commits and in simulation (`execute.ts`).
 */
import { AccountAuthenticatorAbstraction } from '@aptos-labs/ts-sdk';
import type { LongAddress } from '../encoding.ts';
import { aptBalance, readAccount } from '../framework/assets.ts';
import type { StateReader, TransactionOutput } from '../storage/types.ts';
import { abstractionFailure } from './abstraction.ts';
import type { DecodedTransaction } from './decode.ts';
import { GAS, intrinsicGasUnits } from './gas.ts';
import { authenticationKeyOf, isNoAccountAuthenticator } from './signatures.ts';
import { signersOf, verifySignatures } from './transactionSignatures.ts';
import { multisigPrologue } from './multisigPayload.ts';
import { checkNonce } from './nonces.ts';
import type { StatusName } from '../move/vm/statusCodes.ts';

/** A status validation refuses with (its `vm_error_code` from the catalog, `STATUS_CODES`). */
export type ValidationStatus = StatusName;

export interface ValidateOptions {
  nowSeconds: bigint;
  chainId: number;
  /** `skip` for simulation and log replay, where signatures are not (or no longer) checked. */
  signatures: 'verify' | 'skip';
  /** `allow_future` on submit (the mempool parks it); `exact` when executing. */
  sequence: 'allow_future' | 'exact';
  /**
   * `false` when re-checking at commit time a transaction checked on submit: authentication keys
   * cannot change in between (no key rotation here), so the hashing is not done twice.
   */
  authKeys?: boolean;
  /**
   * `true` when simulating: a fee payer left at `0x0` (it signs later) is neither looked up nor
   * charged, as a node with the simulation enhancement does.
   */
  simulation?: boolean;
}

const ZERO_ADDRESS = `0x${'0'.repeat(64)}`;

/** True for a fee payer left at `0x0` while simulating: no fee payer checks, no gas payment. */
export function skipsGasPayment(tx: DecodedTransaction, simulation: boolean | undefined): boolean {
  return simulation === true && tx.feePayer !== null && tx.feePayer.address === ZERO_ADDRESS;
}

function sequenceNumberOf(state: StateReader, address: LongAddress): bigint {
  const account = readAccount(state, address);
  return account === null ? 0n : BigInt(account.data.sequence_number as string);
}

/**
 * The validation (prologue) checks, in the order LOCALNET.md gives: signature → gas bounds →
 * expiration → chain id → auth key → sequence number → balance for the max fee.
 * Returns the first failing status, or `null`.
 */
export function validate(
  tx: DecodedTransaction,
  state: StateReader,
  options: ValidateOptions,
): ValidationStatus | null {
  const signers = signersOf(tx);
  if (options.signatures === 'verify' && !verifySignatures(tx)) return 'INVALID_SIGNATURE';
  if (tx.bytes.length > GAS.maxTransactionBytes) return 'EXCEEDED_MAX_TRANSACTION_SIZE';
  if (tx.maxGasAmount > GAS.maxGasAmount) return 'MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND';
  if (tx.maxGasAmount < intrinsicGasUnits(tx.bytes.length))
    return 'MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS';
  if (tx.gasUnitPrice > GAS.maxGasUnitPrice) return 'GAS_UNIT_PRICE_ABOVE_MAX_BOUND';
  if (tx.gasUnitPrice < GAS.minGasUnitPrice) return 'GAS_UNIT_PRICE_BELOW_MIN_BOUND';
  if (tx.expirationSecs <= options.nowSeconds) return 'TRANSACTION_EXPIRED';
  if (tx.chainId !== options.chainId) return 'BAD_CHAIN_ID';
  const authenticated = abstractionFailure(tx, state, {
    timestampMicros: options.nowSeconds * 1_000_000n,
    chainId: options.chainId,
  });
  if (authenticated !== null) return authenticated;
  const noGasPayment = skipsGasPayment(tx, options.simulation);
  for (const signer of options.authKeys === false ? [] : signers) {
    if (noGasPayment && signer === tx.feePayer) continue;
    const account = readAccount(state, signer.address);
    // Simulating, a fee payer without a key is not looked up (the prologue skips its key check),
    // so one that does not exist fails on its balance, as the SDK's `0x7` simulation expects.
    const unchecked =
      options.simulation === true &&
      signer === tx.feePayer &&
      isNoAccountAuthenticator(signer.authenticator);
    if (account === null && signer !== tx.senderSigner && !unchecked)
      return 'SENDING_ACCOUNT_DOES_NOT_EXIST';
    const derived = authenticationKeyOf(signer.authenticator);
    if (derived === null && signer.authenticator instanceof AccountAuthenticatorAbstraction)
      continue; // allow_missing_txn_authentication_key: its function authenticated it
    if (
      derived === null &&
      isNoAccountAuthenticator(signer.authenticator) &&
      options.signatures === 'skip'
    )
      continue;
    const expected =
      account === null ? signer.address : (account.data.authentication_key as string);
    if (derived !== expected) return 'INVALID_AUTH_KEY';
  }
  if (tx.nonce !== null) {
    // Orderless (localnet/executor/nonces.ts): (sender, nonce) instead of the sequence number.
    const nonceFailure = checkNonce(state, { ...tx, nonce: tx.nonce }, options.nowSeconds);
    if (nonceFailure !== null) return nonceFailure;
  } else {
    const sequenceNumber = sequenceNumberOf(state, tx.sender);
    if (tx.sequenceNumber < sequenceNumber) return 'SEQUENCE_NUMBER_TOO_OLD';
    if (tx.sequenceNumber > sequenceNumber && options.sequence === 'exact')
      return 'SEQUENCE_NUMBER_TOO_NEW';
  }
  const payer = tx.feePayer?.address ?? tx.sender;
  if (!noGasPayment && aptBalance(state, payer) < tx.maxGasAmount * tx.gasUnitPrice)
    return 'INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE';
  // A multisig payload's prologue (`validate_multisig_transaction`), skipped when simulating.
  if (options.simulation !== true && tx.payloadKind === 'multisig')
    return multisigPrologue(tx, state);
  return null;
}

/** The output of a transaction refused by validation during simulation. */
export function validationFailureOutput(status: ValidationStatus): TransactionOutput {
  return {
    success: false,
    vmStatus: status,
    gasUsed: 0n,
    writes: [],
    events: [],
    fee: { totalGasUnits: 0n, executionGasUnits: 0n, ioGasUnits: 0n, storageFeeOctas: 0n },
  };
}
