import { randomUUID } from 'node:crypto';
import {
  Account,
  Aptos,
  AptosConfig,
  Ed25519PrivateKey,
  Network,
  PrivateKey,
  PrivateKeyVariants,
} from '@aptos-labs/ts-sdk';
import { createActor, waitFor } from 'xstate';
import type { Actor, InspectionEvent } from 'xstate';
import { createReplayRecorder, transactionClock, transactionMachine } from '../machines';
import type {
  DraftArgument,
  DraftOptions,
  SigningMode,
  TransactionDraft,
  TransactionKind,
  TraceTransition,
  TransactionEvent,
  TransactionSnapshot,
  WorkbenchRun,
} from '../machines';
import { createNodeActors } from './actors';

/** An entry function payload as JSON, the way the CLI and stored runs write it. */
export interface HeadlessPayload {
  function: `${string}::${string}::${string}`;
  typeArguments?: string[];
  /** Arguments as strings (numbers and addresses), booleans, or arrays of them for vectors. */
  functionArguments?: DraftArgument[];
}

/**
 * What to do about simulation: stop at a failing simulation (the default, like `run`), submit
 * anyway to see it fail on chain, or skip it.
 */
export type SimulationPolicy = 'stopOnFailure' | 'submitAnyway' | 'skip';

/** A local signer: a private key (hex or AIP-80 Ed25519) or an SDK account (any key type). */
export type HeadlessSigner = string | Account;

/**
 * Who signs besides the sender (issue 16). The kind follows from what is given: secondary
 * signers make it multi-agent, a fee payer (or `feePayerSignsLater`) makes it sponsored.
 */
export interface HeadlessSigners {
  /** Secondary signers in order; their addresses become `secondarySignerAddresses`. */
  secondary?: HeadlessSigner[];
  /** The fee payer, who pays the gas. */
  feePayer?: HeadlessSigner;
  /** Build with `0x0` as fee payer: the others sign first, the fee payer last with its address. */
  feePayerSignsLater?: boolean;
}

/** Options of {@link createHeadlessSession} and {@link runHeadless}. */
export interface HeadlessOptions {
  /** Full-node REST URL, e.g. `http://127.0.0.1:8080/v1`. */
  nodeUrl: string;
  faucetUrl?: string;
  indexerUrl?: string;
  /** Network name in the run record (default `custom`). */
  networkName?: string;
  /**
   * The sender: an Ed25519 private key, hex or AIP-80 (`ed25519-priv-0x…`), or an SDK account
   * (multi-Ed25519, multi-key…). Never recorded.
   */
  privateKey: HeadlessSigner;
  /** Secondary signers and fee payer; absent, the sender signs alone. */
  signers?: HeadlessSigners;
  payload: HeadlessPayload;
  options?: DraftOptions;
  simulation?: SimulationPolicy;
  /** `signAndSubmit` behaves like a wallet that only offers sign-and-submit. */
  signingMode?: SigningMode;
  /** Milliseconds since the epoch (default `Date.now`): the machine's and the record's clock. */
  now?: () => number;
  /** Transitions kept per run record (default 1000). */
  traceLimit?: number;
  /** An SDK client to reuse instead of building one from the URLs. */
  aptos?: Aptos;
  /** How long `settle` waits for a stable state (default: the wait timeout plus 60 s). */
  settleTimeoutMs?: number;
  /** Called with each transition as it happens (the CLI prints them). */
  onTransition?: (transition: TraceTransition) => void;
  /** The stored run this session's first attempt retries. */
  retryOf?: string;
}

/** A transaction machine running headless, with its recorder. */
export interface HeadlessSession {
  actor: Actor<ReturnType<typeof transactionMachine.provide>>;
  /** Sender address of the local signer. */
  sender: string;
  send: (event: TransactionEvent) => void;
  /** Resolves at the next state that does not wait for I/O. */
  settle: () => Promise<TransactionSnapshot>;
  /** The current run record, with its replay data. */
  record: () => WorkbenchRun;
  /** Every run of the session (one per attempt). */
  runs: () => WorkbenchRun[];
  stop: () => void;
}

function toAccount(signer: HeadlessSigner): Account {
  if (typeof signer !== 'string') return signer;
  // Hex is accepted as well as AIP-80: written in AIP-80 form first, so the SDK does not warn
  // on stdout that plain hex is not recommended.
  const key = PrivateKey.formatPrivateKey(signer, PrivateKeyVariants.Ed25519);
  return Account.fromPrivateKey({ privateKey: new Ed25519PrivateKey(key) });
}

/** The account address of a signer (a private key, hex or AIP-80, or an SDK account). */
export function signerAddress(signer: HeadlessSigner): string {
  return toAccount(signer).accountAddress.toStringLong();
}

/** The draft's kind, secondary signers and fee payer for the given signers. */
function signersDraft(
  secondary: Account[],
  feePayer: Account | undefined,
  feePayerSignsLater: boolean,
): Pick<TransactionDraft, 'kind' | 'secondarySigners' | 'feePayer'> {
  const sponsored = feePayer !== undefined || feePayerSignsLater;
  if (secondary.length === 0 && !sponsored) return {};
  const kind: TransactionKind =
    secondary.length > 0 ? (sponsored ? 'multiAgentSponsored' : 'multiAgent') : 'sponsored';
  return {
    kind,
    ...(secondary.length > 0
      ? { secondarySigners: secondary.map((account) => account.accountAddress.toString()) }
      : {}),
    ...(sponsored
      ? { feePayer: feePayerSignsLater ? null : (feePayer?.accountAddress.toString() ?? null) }
      : {}),
  };
}

/** The SDK's networks for the CLI's named ones (`--network local|devnet|testnet`). */
const SDK_NETWORKS: Record<string, Network> = {
  local: Network.LOCAL,
  devnet: Network.DEVNET,
  testnet: Network.TESTNET,
};

/** The SDK client for a network given by URLs (`Network.CUSTOM`). */
export function createAptos(
  options: Pick<HeadlessOptions, 'nodeUrl' | 'faucetUrl' | 'indexerUrl' | 'networkName'>,
): Aptos {
  const settings = {
    // A named network as the app names it (the SDK then knows its chain id); any other URL is a
    // custom network.
    network: SDK_NETWORKS[options.networkName ?? ''] ?? Network.CUSTOM,
    fullnode: options.nodeUrl,
    ...(options.faucetUrl ? { faucet: options.faucetUrl } : {}),
    ...(options.indexerUrl ? { indexer: options.indexerUrl } : {}),
  };
  // For a custom network the SDK's constructor prints a note with console.info, on stdout: it goes
  // to stderr instead, so that stdout holds only what the command prints.
  const info = console.info;
  console.info = (...args: unknown[]) => console.error(...args);
  try {
    return new Aptos(new AptosConfig(settings));
  } finally {
    console.info = info;
  }
}

/**
 * Starts a transaction machine for a draft, with the real Node actors, a local Ed25519 signer and
 * a run recorder; nothing is sent until you `send` an event. For scripted flows (recheck after a
 * timeout, retry); {@link runHeadless} covers the common case.
 *
 * @example
 * ```ts
 * const session = await createHeadlessSession({ nodeUrl, privateKey, payload });
 * session.send({ type: 'run' });
 * await session.settle(); // timedOut
 * session.send({ type: 'recheck' });
 * await session.settle();
 * const record = session.record();
 * session.stop();
 * ```
 */
export async function createHeadlessSession(options: HeadlessOptions): Promise<HeadlessSession> {
  const now = options.now ?? Date.now;
  const aptos = options.aptos ?? createAptos(options);
  const signer = toAccount(options.privateKey);
  const sender = signer.accountAddress.toString();
  const secondary = (options.signers?.secondary ?? []).map(toAccount);
  const feePayer =
    options.signers?.feePayer === undefined ? undefined : toAccount(options.signers.feePayer);
  const chainId = await aptos.getChainId();
  const recorder = createReplayRecorder({
    now,
    newRunId: () => randomUUID(),
    ...(options.traceLimit === undefined ? {} : { limit: options.traceLimit }),
    ...(options.retryOf === undefined ? {} : { retryOf: options.retryOf }),
  });
  const onTransition = options.onTransition;
  let reported = { id: '', count: 0 };
  const inspect = (event: InspectionEvent) => {
    recorder.inspect(event);
    if (
      !onTransition ||
      (event.type !== '@xstate.microstep' && event.type !== '@xstate.snapshot')
    ) {
      return;
    }
    const current = recorder.current();
    if (!current) return;
    if (current.id !== reported.id) reported = { id: current.id, count: 0 };
    for (const transition of current.transitions.slice(reported.count)) onTransition(transition);
    reported.count = current.transitions.length;
  };
  const logic = transactionMachine.provide({
    actors: createNodeActors({
      aptos,
      signer,
      cosigners: secondary,
      ...(feePayer === undefined ? {} : { feePayer }),
      now,
    }),
    actions: transactionClock(now),
  });
  const actor = createActor(logic, {
    input: {
      draft: {
        sender,
        payload: {
          function: options.payload.function,
          typeArguments: options.payload.typeArguments ?? [],
          functionArguments: options.payload.functionArguments ?? [],
        },
        options: options.options ?? {},
        ...signersDraft(secondary, feePayer, options.signers?.feePayerSignsLater === true),
      },
      network: { name: options.networkName ?? 'custom', chainId, nodeUrl: options.nodeUrl },
      signingMode: options.signingMode ?? 'sign',
    },
    inspect,
  });
  actor.start();
  const waitSecs = options.options?.waitTimeoutSecs ?? 20;
  const timeout = options.settleTimeoutMs ?? waitSecs * 1000 + 60_000;
  return {
    actor,
    sender,
    send: (event) => actor.send(event),
    settle: () => waitFor(actor, (snapshot) => !snapshot.hasTag('busy'), { timeout }),
    record: () => {
      const record = recorder.current();
      if (record === null) throw new Error('the session has not started');
      return record;
    },
    runs: recorder.runs,
    stop: () => actor.stop(),
  };
}

/**
 * Runs a draft through the transaction machine against a network, signing with a local Ed25519
 * key, and returns the run record (DESIGN.md). Simulation failures stop the run unless
 * `simulation` says otherwise.
 *
 * @param options.nodeUrl - full-node REST URL.
 * @param options.privateKey - the signer's Ed25519 key; it never enters the record.
 * @param options.payload - `{ function, typeArguments, functionArguments }`.
 * @param options.options - `{ maxGasAmount, gasUnitPrice, expirationSecs, sequenceNumber,
 *   waitTimeoutSecs }`, u64 values as strings.
 * @returns the record of the run, in its final state.
 * @example
 * ```ts
 * const record = await runHeadless({
 *   nodeUrl: 'http://127.0.0.1:8080/v1',
 *   privateKey: 'ed25519-priv-0x…',
 *   payload: { function: '0x1::aptos_account::transfer', functionArguments: ['0xb0b', '1000'] },
 * });
 * record.state; // 'committed'
 * ```
 */
export async function runHeadless(options: HeadlessOptions): Promise<WorkbenchRun> {
  const session = await createHeadlessSession(options);
  try {
    const policy = options.simulation ?? 'stopOnFailure';
    if (policy === 'skip') {
      session.send({ type: 'build' });
      if ((await session.settle()).matches('built')) {
        session.send({ type: 'sign' });
        if ((await session.settle()).matches('signed')) session.send({ type: 'run' });
      }
    } else {
      session.send({ type: 'run' });
      const snapshot = await session.settle();
      if (policy === 'submitAnyway' && snapshot.matches({ simulated: 'failure' })) {
        session.send({ type: 'run' });
      }
    }
    await session.settle();
    return session.record();
  } finally {
    session.stop();
  }
}
