import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { Account, Aptos, AptosConfig, Network } from '@aptos-labs/ts-sdk';
import type {
  AccountAuthenticator,
  AnyRawTransaction,
  Client,
  PendingTransactionResponse,
  TransactionResponse,
  UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import { assign, createActor, setup, waitFor } from 'xstate';
import type { Actor, AnyStateMachine, EventFromLogic, SnapshotFrom } from 'xstate';
import { promiseActor } from '../../chainActors/index.ts';
import { buildFromDraft, createNodeActors } from '../../cli/actors.ts';
import { startLocalnet } from '../../localnet/index.ts';
import { createRunRecorder, transactionClock, transactionMachine } from '../../machines/index.ts';
import type {
  BuildTransactionInput,
  BuiltTransaction,
  BuiltTransactionInput,
  SignOutput,
  SubmitTransactionInput,
  TransactionDraft,
  TransactionInput,
  WaitForTransactionInput,
} from '../../machines/index.ts';
import type { BenchSection, Metric } from '../types.ts';

const WARMUP = 10;
/** Rounds of the main comparison (chain in its own process, instant mining). */
const ROUNDS = Number(process.env.BENCH_LIFECYCLE_ROUNDS ?? 300);
/** A block time like a public network's, for scale. */
const BLOCK_TIME_MS = 100;
const BLOCK_ROUNDS = 10;
const IN_PROCESS_ROUNDS = 30;
const COLD_ROUNDS = 50;
const LABEL = {
  machine: 'machine + recorder',
  bare: 'machine, no recorder',
  floor: 'XState floor (bare shape)',
  minimum: 'XState minimum (one state)',
  direct: 'SDK calls only',
};
const ROOT = new URL('../../', import.meta.url).pathname;

export interface Chain {
  urls: { rest: string; faucet: string; indexer: string };
  stop: () => Promise<void>;
}

/** The local chain in its own process, as the workbench meets it (`npm run localnet`). */
export async function spawnChain(blockTimeMs = 0): Promise<Chain> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'localnet/main.ts',
      '--ephemeral',
      ...['--block-time', String(blockTimeMs)],
      ...['--rest-port', '0', '--faucet-port', '0', '--indexer-port', '0', '--readiness-port', '0'],
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  const urls = await new Promise<Chain['urls']>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const find = (label: string) => new RegExp(`${label}\\s+(http\\S+)`).exec(output)?.[1];
      const [rest, faucet, indexer] = [find('REST'), find('faucet'), find('indexer')];
      if (rest && faucet && indexer && /readiness\s+http/.test(output))
        resolve({ rest, faucet, indexer });
    });
    child.once('exit', (code) => reject(new Error(`localnet exited with ${code}: ${output}`)));
  });
  return {
    urls,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The local chain inside this process (shares the event loop with the machine). */
async function inProcessChain(): Promise<Chain> {
  const localnet = await startLocalnet({ blockTimeMs: 0, ephemeral: true, ports: 'auto' });
  return { urls: localnet.urls, stop: () => localnet.stop() };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/**
 * What every lifecycle runs: a funded signer, a 100-octa transfer draft, and the transaction
 * machine with the Node actors on `aptos` (the same objects the bare SDK path uses).
 */
export async function transferFixture(aptos: Aptos, nodeUrl: string) {
  const signer = Account.generate();
  await aptos.fundAccount({ accountAddress: signer.accountAddress, amount: 10_000_000_000 });
  const draft: TransactionDraft = {
    sender: signer.accountAddress.toString(),
    payload: {
      function: '0x1::aptos_account::transfer',
      typeArguments: [],
      functionArguments: [Account.generate().accountAddress.toString(), '100'],
    },
    options: {},
  };
  const input: TransactionInput = { draft, network: { name: 'local', chainId: 4, nodeUrl } };
  const logic = transactionMachine.provide({
    actors: createNodeActors({ aptos, signer }),
    actions: transactionClock(Date.now),
  });
  return { signer, draft, input, logic };
}

/**
 * build → simulate → sign → submit → committed with the same SDK calls, no machine.
 * `between(k)` (diagnostics only, `bench/tools/lifecycleSteps.ts`) runs before call k (0–4) and
 * after the last (5); the section never passes it.
 */
export async function directLifecycle(
  aptos: Aptos,
  signer: Account,
  draft: TransactionDraft,
  between?: (step: number) => Promise<void>,
): Promise<void> {
  if (between) await between(0);
  const transaction = await buildFromDraft(aptos, draft, Date.now());
  if (between) await between(1);
  const [simulated] = await aptos.transaction.simulate.simple({
    signerPublicKey: signer.publicKey,
    transaction,
  });
  if (!simulated?.success) throw new Error(`simulation failed: ${simulated?.vm_status}`);
  if (between) await between(2);
  const senderAuthenticator = aptos.transaction.sign({ signer, transaction });
  if (between) await between(3);
  const pending = await aptos.transaction.submit.simple({ transaction, senderAuthenticator });
  if (between) await between(4);
  const committed = await aptos.waitForTransaction({
    transactionHash: pending.hash,
    options: { checkSuccess: false },
  });
  if (!('success' in committed) || !committed.success) throw new Error('transaction failed');
  if (between) await between(5);
}

/**
 * XState's own floor: the bare shape of the transaction machine (the same nine states on the way
 * to `committed`, the eventless steps of `run`, five invoked promise actors) around the same five
 * SDK calls, with only the hand-offs in context: no timing, classifier, guards on results,
 * recorder or hex. What this costs over the SDK calls, no machine definition can go below.
 */
export function floorMachine(aptos: Aptos, signer: Account, draft: TransactionDraft) {
  interface FloorContext {
    mode: 'step' | 'run';
    transaction: AnyRawTransaction | null;
    authenticator: AccountAuthenticator | null;
    hash: string | null;
  }
  const need = <T>(value: T | null): T => {
    if (value === null) throw new Error('floor machine: missing hand-off');
    return value;
  };
  return setup({
    types: { context: {} as FloorContext, events: {} as { type: 'run' } },
    actors: {
      build: promiseActor<AnyRawTransaction, undefined>(() =>
        buildFromDraft(aptos, draft, Date.now()),
      ),
      simulate: promiseActor<UserTransactionResponse[], AnyRawTransaction>(({ input }) =>
        aptos.transaction.simulate.simple({
          signerPublicKey: signer.publicKey,
          transaction: input,
        }),
      ),
      sign: promiseActor<AccountAuthenticator, AnyRawTransaction>(async ({ input }) =>
        aptos.transaction.sign({ signer, transaction: input }),
      ),
      submit: promiseActor<
        PendingTransactionResponse,
        { transaction: AnyRawTransaction; senderAuthenticator: AccountAuthenticator }
      >(({ input }) => aptos.transaction.submit.simple(input)),
      wait: promiseActor<TransactionResponse, string>(({ input }) =>
        aptos.waitForTransaction({ transactionHash: input, options: { checkSuccess: false } }),
      ),
    },
    guards: { isRunning: ({ context }) => context.mode === 'run' },
  }).createMachine({
    id: 'floor',
    context: { mode: 'step', transaction: null, authenticator: null, hash: null },
    initial: 'editing',
    states: {
      editing: { on: { run: { target: 'building', actions: assign({ mode: 'run' }) } } },
      building: {
        invoke: {
          id: 'build',
          src: 'build',
          onDone: {
            target: 'built',
            actions: assign({ transaction: ({ event }) => event.output }),
          },
          onError: 'failed',
        },
      },
      built: { always: { guard: 'isRunning', target: 'simulating' } },
      simulating: {
        invoke: {
          id: 'simulate',
          src: 'simulate',
          input: ({ context }) => need(context.transaction),
          onDone: 'simulated',
          onError: 'failed',
        },
      },
      simulated: { always: { guard: 'isRunning', target: 'signing' } },
      signing: {
        invoke: {
          id: 'sign',
          src: 'sign',
          input: ({ context }) => need(context.transaction),
          onDone: {
            target: 'signed',
            actions: assign({ authenticator: ({ event }) => event.output }),
          },
          onError: 'failed',
        },
      },
      signed: { always: { guard: 'isRunning', target: 'submitting' } },
      submitting: {
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }) => ({
            transaction: need(context.transaction),
            senderAuthenticator: need(context.authenticator),
          }),
          onDone: {
            target: 'pending',
            actions: assign({ hash: ({ event }) => event.output.hash }),
          },
          onError: 'failed',
        },
      },
      pending: {
        invoke: {
          id: 'wait',
          src: 'wait',
          input: ({ context }) => need(context.hash),
          onDone: 'committed',
          onError: 'failed',
        },
      },
      committed: { tags: ['outcome'] },
      failed: { tags: ['outcome'] },
    },
  });
}

/**
 * XState's minimum: a machine with one working state whose single invoked promise actor runs the
 * same five SDK calls as {@link directLifecycle}. Nothing with XState in it does less per
 * lifecycle (one actor created, two transitions), so its cost over the SDK calls is a floor for
 * any machine at all, whatever its shape.
 */
export function minimumMachine(aptos: Aptos, signer: Account, draft: TransactionDraft) {
  return setup({
    types: { events: {} as { type: 'run' } },
    actors: {
      lifecycle: promiseActor<undefined, undefined>(async () => {
        await directLifecycle(aptos, signer, draft);
        return undefined;
      }),
    },
  }).createMachine({
    id: 'minimum',
    initial: 'editing',
    states: {
      editing: { on: { run: 'running' } },
      running: {
        invoke: { id: 'lifecycle', src: 'lifecycle', onDone: 'committed', onError: 'failed' },
      },
      committed: { tags: ['outcome'] },
      failed: { tags: ['outcome'] },
    },
  });
}

/**
 * One lifecycle through a machine actor: starts it, sends `run`, waits for a state tagged
 * `outcome`, stops it.
 *
 * @returns the outcome's snapshot.
 */
export async function runToOutcome<TMachine extends AnyStateMachine>(
  actor: Actor<TMachine>,
): Promise<SnapshotFrom<TMachine>> {
  actor.start();
  actor.send({ type: 'run' } as EventFromLogic<TMachine>);
  // Every machine snapshot has `hasTag`; TypeScript cannot see it through the generic.
  const outcome = (s: SnapshotFrom<TMachine>) =>
    (s as { hasTag: (tag: string) => boolean }).hasTag('outcome');
  const snapshot = await waitFor(actor, outcome, { timeout: 30_000 });
  actor.stop();
  return snapshot;
}

type Path = 'machine' | 'bare' | 'floor' | 'minimum' | 'direct';
const PATHS: Path[] = ['machine', 'bare', 'floor', 'minimum', 'direct'];

/** Per path: wall time, process CPU, main-thread CPU, GC pause time and HTTP requests, per lifecycle. */
type Lifecycles = Record<
  Path,
  { ms: number[]; cpuMs: number[]; mainMs: number[]; gcMs: number[]; requests: number[] }
>;

/** CPU time of this process's main thread (Linux), ms: without GC and compiler helper threads. */
function mainThreadCpuMs(): number {
  return (
    Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6
  );
}

let gcPauseMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauseMs += entry.duration;
}).observe({ entryTypes: ['gc'] });

/**
 * The SDK client for a chain, its default HTTP client wrapped to count requests. With
 * `listPaths`, `paths()` also lists them (`GET /v1/accounts/0x…`) in order; the measured runs
 * leave it off, so their requests cost no URL parsing.
 */
export function countingAptos(
  urls: Chain['urls'],
  { listPaths = false } = {},
): {
  aptos: Aptos;
  requests: () => number;
  paths: () => string[];
} {
  const settings = {
    network: Network.CUSTOM,
    fullnode: urls.rest,
    faucet: urls.faucet,
    indexer: urls.indexer,
  };
  const base = new AptosConfig(settings).client;
  let requests = 0;
  const seen: string[] = [];
  const client: Client = {
    provider: (request) => {
      requests += 1;
      if (listPaths) seen.push(`${request.method} ${new URL(request.url).pathname}`);
      return base.provider(request);
    },
  };
  return {
    aptos: new Aptos(new AptosConfig({ ...settings, client })),
    requests: () => requests,
    paths: () => [...seen],
  };
}

/**
 * Interleaved lifecycles on one chain: through the machine with its run recorder (`machine`),
 * through the machine without a recorder (`bare`), XState's floor and minimum (`floor`,
 * `minimum`), and the same five SDK calls (`direct`). The order rotates every round so drift in the chain's state and the machine's load hits all alike.
 */
async function measure(chain: Chain, rounds: number): Promise<Lifecycles> {
  const { aptos, requests } = countingAptos(chain.urls);
  const { signer, draft, input, logic } = await transferFixture(aptos, chain.urls.rest);
  let runs = 0;
  const viaMachine = async (record: boolean) => {
    const recorder = createRunRecorder({ now: Date.now, newRunId: () => `bench-${++runs}` });
    const snapshot = await runToOutcome(
      createActor(logic, record ? { input, inspect: recorder.inspect } : { input }),
    );
    if (snapshot.value !== 'committed') {
      throw new Error(
        `machine ended in ${String(snapshot.value)}: ${snapshot.context.outcome?.details.summary}`,
      );
    }
    if (record && recorder.current()?.state !== 'committed')
      throw new Error('run record incomplete');
  };
  const floor = floorMachine(aptos, signer, draft);
  const viaFloor = async () => {
    const snapshot = await runToOutcome(createActor(floor));
    if (snapshot.value !== 'committed') throw new Error('floor machine did not commit');
  };
  const minimum = minimumMachine(aptos, signer, draft);
  const viaMinimum = async () => {
    const snapshot = await runToOutcome(createActor(minimum));
    if (snapshot.value !== 'committed') throw new Error('minimum machine did not commit');
  };
  const run: Record<Path, () => Promise<void>> = {
    machine: () => viaMachine(true),
    bare: () => viaMachine(false),
    floor: viaFloor,
    minimum: viaMinimum,
    direct: () => directLifecycle(aptos, signer, draft),
  };

  for (let i = 0; i < WARMUP; i += 1) for (const path of PATHS) await run[path]();
  const result = Object.fromEntries(
    PATHS.map((path) => [path, { ms: [], cpuMs: [], mainMs: [], gcMs: [], requests: [] }]),
  ) as unknown as Lifecycles;
  for (let i = 0; i < rounds; i += 1) {
    const order = PATHS.map((_, k) => PATHS[(i + k) % PATHS.length] as Path);
    if (i % 2 === 1) order.reverse();
    for (const path of order) {
      const [requestsBefore, gcBefore, mainBefore] = [requests(), gcPauseMs, mainThreadCpuMs()];
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      await run[path]();
      const elapsed = performance.now() - start;
      const cpu = process.cpuUsage(cpuStart);
      const into = result[path];
      into.ms.push(elapsed);
      into.cpuMs.push((cpu.user + cpu.system) / 1000);
      into.mainMs.push(mainThreadCpuMs() - mainBefore);
      into.gcMs.push(gcPauseMs - gcBefore);
      into.requests.push(requests() - requestsBefore);
    }
  }
  return result;
}

/**
 * The same few microseconds of XState work (create, start and stop an actor of the one-state
 * machine, µs) timed three ways: first thing after a lifecycle's last answer, at once a second
 * time, and in a hot loop. The first is what the machine's steps pay between real answers: code
 * that runs once after waiting for the network runs with cold caches.
 */
async function coldCode(
  chain: Chain,
  rounds: number,
): Promise<{ afterAnswer: number[]; again: number[]; hot: number[] }> {
  const { aptos } = countingAptos(chain.urls);
  const { signer, draft } = await transferFixture(aptos, chain.urls.rest);
  const minimum = minimumMachine(aptos, signer, draft);
  const once = () => {
    const start = performance.now();
    createActor(minimum).start().stop();
    return (performance.now() - start) * 1000;
  };
  const afterAnswer: number[] = [];
  const again: number[] = [];
  for (let i = 0; i < WARMUP + rounds; i += 1) {
    await directLifecycle(aptos, signer, draft);
    const [first, second] = [once(), once()];
    if (i < WARMUP) continue;
    afterAnswer.push(first);
    again.push(second);
  }
  const hot = Array.from({ length: 20 * rounds }, once).slice(10 * rounds);
  return { afterAnswer, again, hot };
}

/** Microseconds per lifecycle of the machine and its recorder alone, with actors that answer at once. */
async function machineAlone(rounds: number): Promise<number[]> {
  const executed = {
    type: 'user_transaction',
    hash: '0x01',
    version: '1',
    success: true,
    vm_status: 'Executed successfully',
    gas_used: '1',
    events: [],
    changes: [],
  } as unknown as UserTransactionResponse;
  const instant = transactionMachine.provide({
    actions: transactionClock(Date.now),
    actors: {
      buildTransaction: promiseActor<BuiltTransaction, BuildTransactionInput>(async () => ({
        rawTransactionHex: '0x00',
        sender: '0x1',
        sequenceNumber: '0',
        maxGasAmount: '1000',
        gasUnitPrice: '100',
        expirationTimestampSecs: '0',
        chainId: 4,
      })),
      simulateTransaction: promiseActor<UserTransactionResponse[], BuiltTransactionInput>(
        async () => [executed],
      ),
      signTransaction: promiseActor<SignOutput, BuiltTransactionInput>(async () => ({
        status: 'APPROVED',
        authenticatorHex: '0x00',
        hash: null,
      })),
      submitTransaction: promiseActor<{ hash: string }, SubmitTransactionInput>(async () => ({
        hash: '0x01',
      })),
      waitForTransaction: promiseActor<TransactionResponse, WaitForTransactionInput>(
        async () => executed,
      ),
    },
  });
  const input: TransactionInput = {
    draft: {
      sender: '0x1',
      payload: {
        function: '0x1::aptos_account::transfer',
        typeArguments: [],
        functionArguments: [],
      },
      options: {},
    },
    network: { name: 'local', chainId: 4, nodeUrl: 'http://127.0.0.1:8080/v1' },
  };
  const micros: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const recorder = createRunRecorder({ now: Date.now, newRunId: () => 'bench' });
    const start = performance.now();
    const actor = createActor(instant, { input, inspect: recorder.inspect }).start();
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => s.hasTag('outcome'));
    actor.stop();
    recorder.current();
    micros.push((performance.now() - start) * 1000);
  }
  return micros;
}

/** The full lifecycle through the transaction machine against the local chain. */
export const lifecycleSection: BenchSection = {
  name: 'lifecycle',
  description:
    'Full transaction lifecycle (build → simulate → sign → submit → committed) against the local chain, through the transaction machine and through the same SDK calls without it.',
  async run() {
    const spawned = await spawnChain();
    let apart: Lifecycles;
    let cold: Awaited<ReturnType<typeof coldCode>>;
    try {
      apart = await measure(spawned, ROUNDS);
      cold = await coldCode(spawned, COLD_ROUNDS);
    } finally {
      await spawned.stop();
    }
    const slow = await spawnChain(BLOCK_TIME_MS);
    let blocks: Lifecycles;
    try {
      blocks = await measure(slow, BLOCK_ROUNDS);
    } finally {
      await slow.stop();
    }
    const inside = await inProcessChain();
    let together: Lifecycles;
    try {
      together = await measure(inside, IN_PROCESS_ROUNDS);
    } finally {
      await inside.stop();
    }
    const alone = await machineAlone(300);

    const p50 = (values: number[]) => percentile(values, 50);
    const overhead = (data: Lifecycles, path: Path = 'machine') =>
      (p50(data[path].ms) / p50(data.direct.ms) - 1) * 100;
    const runs = (values: number[], digits = 1) => values.map((v) => round(v, digits));
    const metrics: Metric[] = [
      {
        name: 'machine overhead at p50 (machine + recorder vs SDK calls)',
        value: round(overhead(apart), 1),
        unit: '%',
        target: { op: '<=', value: 5 },
      },
      {
        name: 'lifecycle p50, through the machine + recorder',
        value: round(p50(apart.machine.ms)),
        unit: 'ms',
        runs: runs(apart.machine.ms),
      },
      {
        name: 'lifecycle p50, through the machine, no recorder',
        value: round(p50(apart.bare.ms)),
        unit: 'ms',
        runs: runs(apart.bare.ms),
      },
      {
        name: 'lifecycle p50, SDK calls only',
        value: round(p50(apart.direct.ms)),
        unit: 'ms',
        runs: runs(apart.direct.ms),
      },
      {
        name: 'machine overhead at p50, no recorder',
        value: round(overhead(apart, 'bare'), 1),
        unit: '%',
      },
      {
        name: 'XState floor at p50: a bare machine of the same shape on the same SDK calls',
        value: round(overhead(apart, 'floor'), 1),
        unit: '%',
      },
      {
        name: 'lifecycle p50, XState floor',
        value: round(p50(apart.floor.ms)),
        unit: 'ms',
        runs: runs(apart.floor.ms),
      },
      {
        name: 'the transaction machine + recorder beyond the floor, p50',
        value: round((p50(apart.machine.ms) / p50(apart.floor.ms) - 1) * 100, 1),
        unit: '%',
      },
      {
        name: 'XState minimum at p50: one state invoking the same SDK calls as one actor',
        value: round(overhead(apart, 'minimum'), 1),
        unit: '%',
      },
      {
        name: 'one-state actor create + start + stop: after an answer / again / hot loop, p50',
        value: round(p50(cold.afterAnswer), 1),
        unit: `µs / ${round(p50(cold.again), 1)} µs / ${round(p50(cold.hot), 1)} µs`,
        runs: runs(cold.afterAnswer),
      },
      {
        name: 'median of per-round machine / SDK ratios',
        value: round(p50(apart.machine.ms.map((ms, i) => ms / (apart.direct.ms[i] ?? ms))), 3),
        unit: '×',
      },
      {
        name: 'lifecycle p90, machine + recorder / SDK calls only',
        value: round(percentile(apart.machine.ms, 90) / percentile(apart.direct.ms, 90), 3),
        unit: '×',
      },
      ...PATHS.map((path): Metric => ({
        name: `HTTP requests per lifecycle, ${LABEL[path]}`,
        value: Math.max(...apart[path].requests),
        unit: 'requests',
        runs: [...new Set(apart[path].requests)],
      })),
      ...PATHS.map((path): Metric => ({
        name: `client CPU per lifecycle p50, ${LABEL[path]} (process / main thread)`,
        value: round(p50(apart[path].cpuMs)),
        unit: `ms (main thread ${round(p50(apart[path].mainMs)).toFixed(2)} ms)`,
        runs: runs(apart[path].cpuMs, 2),
      })),
      ...PATHS.map((path): Metric => ({
        name: `GC pause per lifecycle, mean, ${LABEL[path]}`,
        value: round(apart[path].gcMs.reduce((a, b) => a + b, 0) / apart[path].gcMs.length, 3),
        unit: 'ms',
      })),
      {
        name: `${BLOCK_TIME_MS} ms blocks: lifecycle p50, machine + recorder / SDK calls only`,
        value: round(p50(blocks.machine.ms)),
        unit: `ms / ${round(p50(blocks.direct.ms))} ms`,
        runs: runs(blocks.machine.ms),
      },
      {
        name: `${BLOCK_TIME_MS} ms blocks: machine overhead at p50`,
        value: round(overhead(blocks), 1),
        unit: '%',
      },
      {
        name: 'in-process chain: lifecycle p50, machine + recorder / SDK calls only',
        value: round(p50(together.machine.ms)),
        unit: `ms / ${round(p50(together.direct.ms))} ms`,
        runs: runs(together.machine.ms),
      },
      {
        name: 'in-process chain: machine overhead at p50',
        value: round(overhead(together), 1),
        unit: '%',
      },
      {
        name: 'machine + recorder alone (instant actors, hot loop), p50',
        value: round(p50(alone), 0),
        unit: 'µs',
      },
    ];
    return {
      metrics,
      notes: [
        `${ROUNDS} interleaved rounds (machine + recorder, machine alone, XState floor, XState minimum, SDK calls; order rotates) after ${WARMUP} warm-ups of each; the main figures (with the target) use the chain in its own process with instant mining (--block-time 0), the worst case for the machine's share.`,
        `The ${BLOCK_TIME_MS} ms-block figures (${BLOCK_ROUNDS} rounds) show the same absolute cost against a chain that takes time to commit; in-process: ${IN_PROCESS_ROUNDS} rounds.`,
        'The machine path includes its JSON hand-offs (BCS as hex) and the run recorder; the SDK path is the same five calls.',
        'In-process figures share one event loop between chain and machine, so they overstate the overhead.',
        'Client CPU is this process’s user + system time per lifecycle (the chain runs in its own process), and the main thread’s own CPU time (/proc schedstat, without GC and compiler threads): the machine’s cost without the scheduling noise of wall time.',
        'XState floor: a machine with only the transaction machine’s shape (states, eventless run steps, five invoked promise actors) around the same SDK calls; the gap between it and the SDK calls is XState’s interpreter between requests, which no definition of the machine removes.',
        'XState minimum: one state whose single invoked promise actor makes the same five SDK calls; no machine does less, so its overhead bounds every machine from below.',
        `Cold code: creating, starting and stopping one actor of that machine, timed first thing after a lifecycle (${COLD_ROUNDS} rounds), again at once, and in a hot loop; the first is how XState's steps run between real answers.`,
        'HTTP requests are counted in the SDK client (AptosConfig.client) each path uses; each lifecycle’s count is printed as its runs.',
      ],
    };
  },
};
