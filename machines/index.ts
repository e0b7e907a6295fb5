/**
 * The machines of the workbench, for outside consumers (the UI, the headless runner, tests).
 * Files inside `machines/` import each other directly, never this barrel.
 *
 * @packageDocumentation
 */
export { transactionMachine } from './transactionMachine';
export { transactionClock } from './transactionClock';
export type { TransactionSnapshot } from './transactionMachine';
export { transactionActors } from './transactionActors';
export type {
  TransactionActorId,
  TransactionActorLogic,
  BuildTransactionInput,
  BuiltTransactionInput,
  SubmitTransactionInput,
  WaitForTransactionInput,
  LookupTransactionInput,
} from './transactionActors';
export type {
  TransactionInput,
  TransactionEvent,
  TransactionTag,
  TransactionContext,
  TransactionStatePath,
  StableState,
  StepOutcome,
} from './transactionContext';
export { walletMachine, walletActors, toWalletError } from './walletMachine';
export type {
  AppNetwork,
  WalletNetwork,
  WalletAccount,
  ConnectOutput,
  WalletInput,
  WalletError,
  WalletContext,
  WalletEvent,
  WalletWatchEvent,
  WalletTag,
  WalletSnapshot,
  WalletActorLogic,
  ConnectInput,
  DisconnectInput,
  WatchWalletInput,
} from './walletMachine';
export {
  describeSigner,
  isMultiAgent,
  isSponsored,
  MAX_SIGNATURES,
  nextSigner,
  signerSlotsOf,
} from './signers';
export type { SignTransactionInput } from './transactionActors';
export { classifyOutcome } from './classifyOutcome';
export {
  explainValidationCode,
  explainVmStatus,
  needsRebuild,
  OUT_OF_GAS,
  parseMoveAbort,
  VALIDATION_CODES,
  validationCodeName,
  vmStatusInSentence,
} from './vmStatus';
export type {
  MoveAbort,
  ValidationCodeExplanation,
  VmStatusEntry,
  VmStatusExplanation,
} from './vmStatus';
export { isRefusal, refusalStatus, toWalletStatus } from './walletRefusal';
export type {
  Classification,
  ClassifiedState,
  ClassifyArgs,
  OutcomeDetails,
  OutcomeSource,
  OutcomeStep,
  Produced,
} from './outcomeTypes';
export { statePath } from './statePath';
export { APT_DECIMALS, formatUnits, groupDigits } from './amounts';
export { createRunRecorder, RUN_RECORD_SCHEMA_VERSION, DEFAULT_TRANSITION_LIMIT } from './trace';
export type {
  RunRecord,
  RunRecorder,
  RunRecorderOptions,
  TraceTransition,
  ChainFacts,
} from './trace';
export { emptyTiming, enterState, TIMED_STEPS } from './timing';
export type { StateTiming, TimedStep } from './timing';
export { toJsonValue, redactSecrets } from './json';
export type * from './types';
export { createReplayRecorder, replayRun, firstDivergence, ReplayError } from './replay';
export type {
  ForkReplayFacts,
  RecordedAnswer,
  ReplayData,
  ReplayDivergence,
  ReplayOptions,
  ReplayRecorder,
  ReplayRecorderOptions,
  ReplayResult,
  WorkbenchRun,
} from './replay';
