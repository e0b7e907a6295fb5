/**
 * The machines of the workbench, for outside consumers (the UI, the headless runner, tests).
 * Files inside `machines/` import each other directly, never this barrel.
 *
 * @packageDocumentation
 */
export { transactionMachine, transactionActors, transactionClock } from './transactionMachine';
export type {
  TransactionInput,
  TransactionEvent,
  TransactionTag,
  TransactionContext,
  TransactionSnapshot,
  TransactionStatePath,
  TransactionActorLogic,
  StableState,
  StepOutcome,
  BuildTransactionInput,
  BuiltTransactionInput,
  SubmitTransactionInput,
  WaitForTransactionInput,
  LookupTransactionInput,
} from './transactionMachine';
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
export { classifyOutcome, toWalletStatus, VM_VALIDATION_CODES } from './classifyOutcome';
export type {
  Classification,
  ClassifiedState,
  ClassifyArgs,
  OutcomeDetails,
  OutcomeSource,
  OutcomeStep,
  Produced,
} from './classifyOutcome';
export {
  createRunRecorder,
  statePath,
  RUN_RECORD_SCHEMA_VERSION,
  DEFAULT_TRANSITION_LIMIT,
} from './trace';
export type {
  RunRecord,
  RunRecorder,
  RunRecorderOptions,
  TraceTransition,
  ChainFacts,
} from './trace';
export { emptyTiming, enterState } from './timing';
export type { StateTiming, TimedStep } from './timing';
export { toJsonValue, redactSecrets } from './json';
export type * from './types';
export { createReplayRecorder, replayRun, firstDivergence, ReplayError } from './replay';
export type {
  RecordedAnswer,
  ReplayData,
  ReplayDivergence,
  ReplayOptions,
  ReplayRecorder,
  ReplayRecorderOptions,
  ReplayResult,
  WorkbenchRun,
} from './replay';
