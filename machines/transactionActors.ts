import type { TransactionResponse, UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { fromPromise } from 'xstate';
import type { OutcomeStep } from './outcomeTypes';
import type {
  BuiltTransaction,
  CollectedSignature,
  LookupOutput,
  SignAndSubmitOutput,
  SignatureResult,
  SignerSlot,
  SignOutput,
  TransactionDraft,
} from './types';

/** Input of `buildTransaction`. */
export interface BuildTransactionInput {
  draft: TransactionDraft;
}
/** Input of `simulateTransaction`, `signTransaction` and `signAndSubmitTransaction`. */
export interface BuiltTransactionInput {
  built: BuiltTransaction;
}
/** Input of `signTransaction`: the transaction and the one signer asked now. */
export interface SignTransactionInput extends BuiltTransactionInput {
  /** The signer to ask (absent: the sender of a single-signer transaction). */
  signer?: SignerSlot;
  /** Signatures collected before this one (the fee payer signs after the others). */
  signatures?: CollectedSignature[];
}
/** Input of `submitTransaction`. */
export interface SubmitTransactionInput {
  built: BuiltTransaction;
  /** The sender's signature. */
  signature: SignatureResult;
  /** Every collected signature in signing order (sender, secondary signers, fee payer). */
  signatures?: CollectedSignature[];
}
/** Input of `waitForTransaction`. */
export interface WaitForTransactionInput {
  hash: string;
  /** `null`: the SDK's default (20 s). */
  timeoutSecs: number | null;
}
/** Input of `lookupTransaction`. */
export interface LookupTransactionInput {
  hash: string;
}

function notProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} not provided`);
  });
}

/**
 * The named effects of the transaction machine. Each stub throws `'<name> not provided'`; real
 * ones come through `transactionMachine.provide({ actors })` (see `cli/` and `src/actors/`).
 */
export const transactionActors = {
  buildTransaction: notProvided<BuiltTransaction, BuildTransactionInput>('buildTransaction'),
  simulateTransaction: notProvided<UserTransactionResponse[], BuiltTransactionInput>(
    'simulateTransaction',
  ),
  signTransaction: notProvided<SignOutput, SignTransactionInput>('signTransaction'),
  signAndSubmitTransaction: notProvided<SignAndSubmitOutput, BuiltTransactionInput>(
    'signAndSubmitTransaction',
  ),
  submitTransaction: notProvided<{ hash: string }, SubmitTransactionInput>('submitTransaction'),
  waitForTransaction: notProvided<TransactionResponse, WaitForTransactionInput>(
    'waitForTransaction',
  ),
  lookupTransaction: notProvided<LookupOutput<TransactionResponse>, LookupTransactionInput>(
    'lookupTransaction',
  ),
};

/** The logic type of each transaction actor, for implementing them with type checks. */
export type TransactionActorLogic = typeof transactionActors;

/** The id of each invoked actor of the transaction machine (each invoke's id equals its src). */
export type TransactionActorId = keyof TransactionActorLogic;

/** The step each actor performs: the classifier reads its result as that step's. */
export const STEP_OF_ACTOR: Readonly<Record<TransactionActorId, OutcomeStep>> = {
  buildTransaction: 'build',
  simulateTransaction: 'simulate',
  signTransaction: 'sign',
  signAndSubmitTransaction: 'signAndSubmit',
  submitTransaction: 'submit',
  waitForTransaction: 'wait',
  lookupTransaction: 'lookup',
};
