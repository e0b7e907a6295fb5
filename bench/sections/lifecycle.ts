import { spawn } from 'node:child_process';
import { Account } from '@aptos-labs/ts-sdk';
import type { Aptos, TransactionResponse, UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { createActor, fromPromise, waitFor } from 'xstate';
import { buildFromDraft, createNodeActors } from '../../cli/actors.ts';
import { createAptos } from '../../cli/headless.ts';
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

const WARMUP = 5;
const ROUNDS = 40;
/** A block time like a public network's, for scale. */
const BLOCK_TIME_MS = 100;
const ROOT = new URL('../../', import.meta.url).pathname;

interface Chain {
  urls: { rest: string; faucet: string; indexer: string };
  stop: () => Promise<void>;
}

/** The local chain in its own process, as the workbench meets it (`npm run localnet`). */
async function spawnChain(blockTimeMs = 0): Promise<Chain> {
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

/** build → simulate → sign → submit → committed with the same SDK calls, no machine. */
async function directLifecycle(
  aptos: Aptos,
  signer: Account,
  draft: TransactionDraft,
): Promise<void> {
  const transaction = await buildFromDraft(aptos, draft, Date.now());
  const [simulated] = await aptos.transaction.simulate.simple({
    signerPublicKey: signer.publicKey,
    transaction,
  });
  if (!simulated?.success) throw new Error(`simulation failed: ${simulated?.vm_status}`);
  const senderAuthenticator = aptos.transaction.sign({ signer, transaction });
  const pending = await aptos.transaction.submit.simple({ transaction, senderAuthenticator });
  const committed = await aptos.waitForTransaction({
    transactionHash: pending.hash,
    options: { checkSuccess: false },
  });
  if (!('success' in committed) || !committed.success) throw new Error('transaction failed');
}

interface Lifecycles {
  machineMs: number[];
  directMs: number[];
  /** This process's CPU time (user + system) per lifecycle: far less noisy than wall time. */
  machineCpuMs: number[];
  directCpuMs: number[];
}

/** Interleaved lifecycles through the machine and through the bare SDK calls, on one chain. */
async function measure(chain: Chain, rounds: number): Promise<Lifecycles> {
  const aptos = createAptos({
    nodeUrl: chain.urls.rest,
    faucetUrl: chain.urls.faucet,
    indexerUrl: chain.urls.indexer,
  });
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
  const input: TransactionInput = {
    draft,
    network: { name: 'local', chainId: 4, nodeUrl: chain.urls.rest },
  };
  const logic = transactionMachine.provide({
    actors: createNodeActors({ aptos, signer }),
    actions: transactionClock(Date.now),
  });
  let runs = 0;
  const viaMachine = async () => {
    const recorder = createRunRecorder({ now: Date.now, newRunId: () => `bench-${++runs}` });
    const actor = createActor(logic, { input, inspect: recorder.inspect }).start();
    actor.send({ type: 'run' });
    const snapshot = await waitFor(actor, (s) => s.hasTag('outcome'), { timeout: 30_000 });
    actor.stop();
    if (snapshot.value !== 'committed') {
      throw new Error(
        `machine ended in ${String(snapshot.value)}: ${snapshot.context.outcome?.details.summary}`,
      );
    }
    if (recorder.current()?.state !== 'committed') throw new Error('run record incomplete');
  };
  const direct = () => directLifecycle(aptos, signer, draft);

  for (let i = 0; i < WARMUP; i += 1) {
    await direct();
    await viaMachine();
  }
  const result: Lifecycles = { machineMs: [], directMs: [], machineCpuMs: [], directCpuMs: [] };
  // Interleaved, alternating who goes first, so drift in the chain's state hits both alike.
  for (let i = 0; i < rounds; i += 1) {
    const order = i % 2 === 0 ? [viaMachine, direct] : [direct, viaMachine];
    for (const run of order) {
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      await run();
      const elapsed = performance.now() - start;
      const cpu = process.cpuUsage(cpuStart);
      (run === direct ? result.directMs : result.machineMs).push(elapsed);
      (run === direct ? result.directCpuMs : result.machineCpuMs).push(
        (cpu.user + cpu.system) / 1000,
      );
    }
  }
  return result;
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
      buildTransaction: fromPromise<BuiltTransaction, BuildTransactionInput>(async () => ({
        rawTransactionHex: '0x00',
        sender: '0x1',
        sequenceNumber: '0',
        maxGasAmount: '1000',
        gasUnitPrice: '100',
        expirationTimestampSecs: '0',
        chainId: 4,
      })),
      simulateTransaction: fromPromise<UserTransactionResponse[], BuiltTransactionInput>(
        async () => [executed],
      ),
      signTransaction: fromPromise<SignOutput, BuiltTransactionInput>(async () => ({
        status: 'APPROVED',
        authenticatorHex: '0x00',
        hash: null,
      })),
      submitTransaction: fromPromise<{ hash: string }, SubmitTransactionInput>(async () => ({
        hash: '0x01',
      })),
      waitForTransaction: fromPromise<TransactionResponse, WaitForTransactionInput>(
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
    try {
      apart = await measure(spawned, ROUNDS);
    } finally {
      await spawned.stop();
    }
    const slow = await spawnChain(BLOCK_TIME_MS);
    let blocks: Lifecycles;
    try {
      blocks = await measure(slow, ROUNDS / 2);
    } finally {
      await slow.stop();
    }
    const inside = await inProcessChain();
    let together: Lifecycles;
    try {
      together = await measure(inside, ROUNDS);
    } finally {
      await inside.stop();
    }
    const alone = await machineAlone(300);

    const p50 = (values: number[]) => percentile(values, 50);
    const overhead = (data: Lifecycles) => (p50(data.machineMs) / p50(data.directMs) - 1) * 100;
    const metrics: Metric[] = [
      {
        name: 'lifecycle p50, through the machine',
        value: round(p50(apart.machineMs)),
        unit: 'ms',
        runs: apart.machineMs.map((v) => round(v, 1)),
      },
      {
        name: 'lifecycle p50, SDK calls only',
        value: round(p50(apart.directMs)),
        unit: 'ms',
        runs: apart.directMs.map((v) => round(v, 1)),
      },
      {
        name: 'lifecycle p90, through the machine',
        value: round(percentile(apart.machineMs, 90)),
        unit: 'ms',
      },
      {
        name: 'lifecycle p90, SDK calls only',
        value: round(percentile(apart.directMs, 90)),
        unit: 'ms',
      },
      {
        name: 'machine / SDK p50 ratio',
        value: round(p50(apart.machineMs) / p50(apart.directMs), 3),
        unit: '×',
      },
      {
        name: 'median of per-round machine / SDK ratios',
        value: round(p50(apart.machineMs.map((ms, i) => ms / (apart.directMs[i] ?? ms))), 3),
        unit: '×',
      },
      {
        name: 'machine overhead at p50',
        value: round(overhead(apart), 1),
        unit: '%',
        target: { op: '<=', value: 5 },
      },
      {
        name: 'client CPU per lifecycle p50, through the machine',
        value: round(p50(apart.machineCpuMs)),
        unit: 'ms',
      },
      {
        name: 'client CPU per lifecycle p50, SDK calls only',
        value: round(p50(apart.directCpuMs)),
        unit: 'ms',
      },
      {
        name: `${BLOCK_TIME_MS} ms blocks: lifecycle p50, through the machine`,
        value: round(p50(blocks.machineMs)),
        unit: 'ms',
      },
      {
        name: `${BLOCK_TIME_MS} ms blocks: lifecycle p50, SDK calls only`,
        value: round(p50(blocks.directMs)),
        unit: 'ms',
      },
      {
        name: `${BLOCK_TIME_MS} ms blocks: machine overhead at p50`,
        value: round(overhead(blocks), 1),
        unit: '%',
      },
      {
        name: 'in-process chain: lifecycle p50, through the machine',
        value: round(p50(together.machineMs)),
        unit: 'ms',
      },
      {
        name: 'in-process chain: lifecycle p50, SDK calls only',
        value: round(p50(together.directMs)),
        unit: 'ms',
      },
      {
        name: 'in-process chain: machine overhead at p50',
        value: round(overhead(together), 1),
        unit: '%',
      },
      {
        name: 'machine + recorder alone (instant actors), p50',
        value: round(p50(alone), 0),
        unit: 'µs',
      },
    ];
    return {
      metrics,
      notes: [
        `${ROUNDS} interleaved rounds after ${WARMUP} warm-ups; the main figures (with the target) use the chain in its own process with instant mining, the worst case for the machine's share.`,
        `The ${BLOCK_TIME_MS} ms-block figures (${ROUNDS / 2} rounds) show the same absolute cost against a chain that takes time to commit.`,
        'The machine path includes its JSON hand-offs (BCS as hex) and the run recorder; the SDK path is the same five calls.',
        'In-process figures share one event loop between chain and machine, so they overstate the overhead.',
        'Client CPU is this process’s user + system time per lifecycle (the chain runs in its own process): the machine’s cost without the scheduling noise of wall time.',
      ],
    };
  },
};
