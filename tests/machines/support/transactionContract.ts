/**
 * The transaction machine's contract as an explicit table, written from DESIGN.md and
 * machines/README.md, never read from the machine: (state, event) → next state. The model tests
 * walk every edge of the machine's graph through it, so a transition changed against the contract
 * fails, and every row must be taken by some edge, so a transition removed fails too.
 *
 * Event names are the payload-free event types (`build`, `cancel`, …) and, for actor results and
 * payload events, the sample names of `transactionModel.ts` (`simulate:failure`, …).
 */

/** What the contract says about a machine snapshot. */
export interface ContractState {
  state: string;
  mode: 'step' | 'run';
  signingMode: 'sign' | 'signAndSubmit';
  /** The stable state `cancel` returns to from `simulating` and `signing`. */
  lastStable: string;
  /** Signatures the built transaction needs (0 before it is built). */
  signers: number;
  /** Signatures collected in the latest `signing`. */
  collected: number;
}

/** A row's target: a state, or a rule on the state it starts from. */
type Target = string | ((from: ContractState) => string);

const OUTCOMES = [
  'committed',
  'failed',
  'timedOut',
  'expired',
  'rejected',
  'submitRejected',
  'buildError',
  'simulationError',
] as const;

/**
 * `sign` from `built` or `simulated`: the sub-state the signer supports; sign-and-submit only
 * when the sender is the one signer (issue 16).
 */
const intoSigning: Target = (from) =>
  from.signingMode === 'signAndSubmit' && from.signers <= 1
    ? 'signing.signAndSubmit'
    : 'signing.signOnly';

/** A signer approved: the next signer is asked, or every signature is there (issue 16). */
const afterApproval: Target = (from) =>
  from.collected + 1 < from.signers ? 'signing.signOnly' : 'signed';

/** Signatures a built transaction needs, by the build sample that produced it. */
const SIGNERS_BUILT: Record<string, number> = { 'build:built': 1, 'build:multiSigner': 3 };

/** `cancel` while simulating or signing: back where the step started. */
const backToLastStable: Target = (from) =>
  from.lastStable === 'simulated.success' || from.lastStable === 'simulated.failure'
    ? from.lastStable
    : 'built';

/** Events that only change context, accepted in every state. */
const EVERYWHERE: Record<string, Target> = {
  'signer.change:sign': (from) => from.state,
  'signer.change:signAndSubmit': (from) => from.state,
};

const afterSimulated: Record<string, Target> = {
  simulate: 'simulating',
  sign: intoSigning,
  run: intoSigning,
  edit: 'editing',
};

const whileSigning: Record<string, Target> = { cancel: backToLastStable };

const outcomeExits: Record<string, Target> = { edit: 'editing', retry: 'building' };

/** State → event → next state, before `run` mode moves on by itself (see {@link expectedNext}). */
export const TRANSACTION_CONTRACT: Record<string, Record<string, Target>> = {
  editing: { 'draft.update': 'editing', build: 'building', run: 'building' },
  building: {
    'build:built': 'built',
    'build:multiSigner': 'built',
    'build:networkFailed': 'buildError',
    cancel: 'editing',
  },
  built: { simulate: 'simulating', sign: intoSigning, run: 'simulating', edit: 'editing' },
  simulating: {
    'simulate:success': 'simulated.success',
    'simulate:failure': 'simulated.failure',
    'simulate:noTransaction': 'simulationError',
    'simulate:networkFailed': 'simulationError',
    cancel: backToLastStable,
  },
  'simulated.success': afterSimulated,
  'simulated.failure': afterSimulated,
  'signing.signOnly': {
    ...whileSigning,
    'sign:approved': afterApproval,
    'sign:cancelled': 'rejected',
    'sign:walletSaidNo': 'rejected',
  },
  'signing.signAndSubmit': {
    ...whileSigning,
    'signAndSubmit:approved': 'pending',
    'signAndSubmit:rejected': 'rejected',
    'signAndSubmit:walletSaidNo': 'rejected',
    // The node refused, or the network failed: the node's verdict, not the wallet's (issue 19).
    'signAndSubmit:nodeRefused': 'submitRejected',
    'signAndSubmit:walletCouldNotReachNode': 'submitRejected',
  },
  signed: { submit: 'submitting', run: 'submitting', edit: 'editing' },
  submitting: {
    'submit:accepted': 'pending',
    'submit:noHash': 'submitRejected',
    'submit:nodeRefused': 'submitRejected',
    cancel: 'signed',
  },
  pending: {
    'wait:committed': 'committed',
    'wait:aborted': 'failed',
    'wait:failedTransaction': 'failed',
    'wait:stillPending': 'timedOut',
    'wait:timedOut': 'timedOut',
    cancel: 'timedOut',
  },
  rechecking: {
    'lookup:committed': 'committed',
    'lookup:aborted': 'failed',
    'lookup:pending': 'pending',
    'lookup:notFoundAfterExpiry': 'expired',
    'lookup:notFoundBeforeExpiry': 'timedOut',
    'lookup:networkFailed': 'timedOut',
    cancel: 'timedOut',
  },
  ...Object.fromEntries(OUTCOMES.map((outcome) => [outcome, outcomeExits])),
  timedOut: { ...outcomeExits, recheck: 'rechecking' },
};

/** Stable states `run` moves on from by itself, and where to. */
const RUN_MOVES_ON: Record<string, Target> = {
  built: 'simulating',
  'simulated.success': intoSigning,
  signed: 'submitting',
};

/** States `cancel` can return to (DESIGN.md: the stable states). */
const STABLE = new Set([
  'editing',
  'built',
  'simulated.success',
  'simulated.failure',
  'signed',
  'timedOut',
]);

function resolve(target: Target, from: ContractState): string {
  return typeof target === 'string' ? target : target(from);
}

/**
 * The row for `(from.state, event)`: its target, or `undefined` when the contract ignores the
 * event there.
 */
export function contractRow(state: string, event: string): Target | undefined {
  return TRANSACTION_CONTRACT[state]?.[event] ?? EVERYWHERE[event];
}

/**
 * The state the contract says `event` leads to from `from`, after `run` mode has moved on:
 * `run` and `retry` start run mode; a failure (`simulated.failure`, any outcome) or `cancel`
 * ends it; in run mode `built`, `simulated.success` and `signed` move on by themselves.
 *
 * @returns the next state, or `from.state` when the contract ignores the event.
 */
export function expectedNext(from: ContractState, event: string): ContractState {
  const row = contractRow(from.state, event);
  if (row === undefined) return from;
  let mode = from.mode;
  if (event === 'run' || event === 'retry') mode = 'run';
  if (event === 'cancel' || event === 'edit') mode = 'step';
  const signingMode = event.startsWith('signer.change:')
    ? (event.slice('signer.change:'.length) as ContractState['signingMode'])
    : from.signingMode;
  const signers = SIGNERS_BUILT[event] ?? from.signers;
  let collected = event === 'sign:approved' ? from.collected + 1 : from.collected;
  const target = resolve(row, from);
  if (target.startsWith('signing.') && !from.state.startsWith('signing.')) collected = 0;
  let next: ContractState = { ...from, state: target, mode, signingMode, signers, collected };
  for (;;) {
    if (next.state === 'editing' || next.state === 'building') {
      next = { ...next, signers: 0, collected: 0 };
    }
    if (next.state.startsWith('signing.') && !from.state.startsWith('signing.')) {
      next = { ...next, collected: 0 };
    }
    if (STABLE.has(next.state)) next = { ...next, lastStable: next.state };
    if (
      (OUTCOMES as readonly string[]).includes(next.state) ||
      next.state === 'simulated.failure'
    ) {
      next = { ...next, mode: 'step' };
    }
    const onward = next.mode === 'run' ? RUN_MOVES_ON[next.state] : undefined;
    if (onward === undefined) return next;
    next = { ...next, state: resolve(onward, next) };
  }
}
