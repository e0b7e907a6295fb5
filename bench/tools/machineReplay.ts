/**
 * The machine's own CPU per lifecycle with the chain's real answers, without the chain:
 * `npx tsx bench/tools/machineReplay.ts [rounds]`. One real lifecycle against a spawned chain
 * records what each actor returned (the built transaction, the simulation, the signature, the
 * pending and the committed transaction, each a fresh copy per use); then the machine runs with
 * actors that return those answers at once, with and without the run recorder, interleaved with
 * the same machine on the tiny answers of the `lifecycle` section's hot loop. Rows:
 *
 * - `tiny`: the hot loop of `lifecycle` (`machine + recorder alone`), answers with no events.
 * - `real`: the same loop with the chain's answers (events, changes, the real hex).
 * - `real-fromPromise`: as `real`, with xstate's `fromPromise` (an `AbortController` per
 *   actor) in place of `promiseActor`.
 * - `real, cold`: as `real`, but each actor first touches `TRASH_MB` (default 16) of memory and
 *   answers after a `setImmediate`, as a request does to the caches and the event loop.
 *
 * `VARIANTS=real` runs only the named rows' logic. Time per lifecycle (wall time of a loop that never waits on I/O: its CPU time on an idle core), p50. Compare with the extra main-thread
 * CPU of `npm run bench -- lifecycle` (machine path minus SDK calls).
 */
import { Aptos, AptosConfig, Network } from '@aptos-labs/ts-sdk';
import type { TransactionResponse, UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AnyActorLogic } from 'xstate';
import { createRunRecorder, transactionClock, transactionMachine } from '../../machines/index.ts';
import type {
  BuildTransactionInput,
  BuiltTransaction,
  BuiltTransactionInput,
  SignOutput,
  SubmitTransactionInput,
  TransactionActorLogic,
  TransactionInput,
  WaitForTransactionInput,
} from '../../machines/index.ts';
import { promiseActor } from '../../chainActors/index.ts';
import { spawnChain, transferFixture } from '../sections/lifecycle.ts';

const ROUNDS = Number(process.argv[2] ?? 500);
const TRASH_MB = Number(process.env.TRASH_MB ?? 16);

/** Wall time: the loop never waits on I/O, so on an idle core it is the thread's CPU time. */
const threadCpuMs = () => performance.now();

interface Answers {
  build: BuiltTransaction;
  simulate: UserTransactionResponse[];
  sign: SignOutput;
  submit: { hash: string };
  wait: TransactionResponse;
}

/** One real lifecycle; what each actor answered. */
async function recordAnswers(): Promise<{ answers: Answers; input: TransactionInput }> {
  const chain = await spawnChain();
  try {
    const settings = {
      network: Network.CUSTOM,
      fullnode: chain.urls.rest,
      faucet: chain.urls.faucet,
      indexer: chain.urls.indexer,
    };
    const aptos = new Aptos(new AptosConfig(settings));
    const { input, logic } = await transferFixture(aptos, chain.urls.rest);
    const answers: Partial<Answers> = {};
    const inspect = (event: { type: string; event?: { type: string; output?: unknown } }) => {
      const done = /^xstate\.done\.actor\.(\w+)Transaction$/.exec(event.event?.type ?? '');
      if (event.type === '@xstate.event' && done?.[1]) {
        const step = done[1] === 'waitFor' ? 'wait' : done[1];
        (answers as Record<string, unknown>)[step] = structuredClone(event.event?.output);
      }
    };
    const actor = createActor(logic, { input, inspect }).start();
    actor.send({ type: 'run' });
    const end = await waitFor(actor, (s) => s.hasTag('outcome'), { timeout: 30_000 });
    actor.stop();
    if (end.value !== 'committed') throw new Error(`ended in ${String(end.value)}`);
    return { answers: answers as Answers, input };
  } finally {
    await chain.stop();
  }
}

let trash = new Uint8Array(0);
/** Touch `TRASH_MB` of memory (one write per cache line) and yield to the event loop. */
async function cold(): Promise<void> {
  if (trash.length !== TRASH_MB << 20) trash = new Uint8Array(TRASH_MB << 20);
  for (let i = 0; i < trash.length; i += 64) trash[i] = (trash[i] ?? 0) + 1;
  await new Promise((resolve) => setImmediate(resolve));
}

function instantActors(
  answers: Answers,
  before: () => Promise<void>,
  logic: typeof promiseActor = promiseActor,
) {
  const promiseActor = logic;
  const answer = <T>(value: T) => before().then(() => structuredClone(value) as T);
  return {
    buildTransaction: promiseActor<BuiltTransaction, BuildTransactionInput>(() =>
      answer(answers.build),
    ),
    simulateTransaction: promiseActor<UserTransactionResponse[], BuiltTransactionInput>(() =>
      answer(answers.simulate),
    ),
    signTransaction: promiseActor<SignOutput, BuiltTransactionInput>(() => answer(answers.sign)),
    submitTransaction: promiseActor<{ hash: string }, SubmitTransactionInput>(() =>
      answer(answers.submit),
    ),
    waitForTransaction: promiseActor<TransactionResponse, WaitForTransactionInput>(() =>
      answer(answers.wait),
    ),
  } satisfies Partial<TransactionActorLogic>;
}

const { answers: real, input } = await recordAnswers();
if (process.env.DEBUG) console.log(JSON.stringify(real));
const tiny: Answers = {
  build: { ...real.build },
  simulate: [{ ...(real.simulate[0] as UserTransactionResponse), events: [], changes: [] }],
  sign: real.sign,
  submit: real.submit,
  wait: { ...(real.wait as UserTransactionResponse), events: [], changes: [] },
};
const none = () => Promise.resolve();
const allVariants: Record<string, { answers: Answers; before: () => Promise<void> }> = {
  tiny: { answers: tiny, before: none },
  real: { answers: real, before: none },
  'real, cold': { answers: real, before: cold },
  'real-fromPromise': { answers: real, before: none },
};
/** `VARIANTS=real` (comma-separated) runs only those, e.g. for `node --cpu-prof`. */
const only = process.env.VARIANTS?.split(',');
const variants = Object.fromEntries(
  Object.entries(allVariants).filter(([name]) => only === undefined || only.includes(name)),
);
const logics = Object.fromEntries(
  Object.entries(variants).map(([name, v]) => [
    name,
    transactionMachine.provide({
      actions: transactionClock(Date.now),
      actors: instantActors(
        v.answers,
        () => v.before(),
        name.endsWith('fromPromise') ? (fromPromise as typeof promiseActor) : promiseActor,
      ),
    }),
  ]),
) as Record<string, AnyActorLogic>;

/** Thread CPU of one lifecycle, less the actors' own waiting and cache trashing. */
async function once(name: string, record: boolean): Promise<number> {
  const logic = logics[name] as typeof transactionMachine;
  let beforeMs = 0;
  const v = variants[name] as (typeof variants)[string];
  const timed = v.before;
  if (timed !== none)
    v.before = async () => {
      const t = threadCpuMs();
      await timed();
      beforeMs += threadCpuMs() - t;
    };
  const recorder = createRunRecorder({ now: Date.now, newRunId: () => 'replay' });
  const start = threadCpuMs();
  const actor = createActor(logic, record ? { input, inspect: recorder.inspect } : { input });
  actor.start();
  actor.send({ type: 'run' });
  const end = await waitFor(actor, (s) => s.hasTag('outcome'));
  actor.stop();
  if (record) recorder.current();
  const spent = threadCpuMs() - start - beforeMs;
  v.before = timed;
  if (end.value !== 'committed') throw new Error(`replay ended in ${String(end.value)}`);
  return spent;
}

const rows: Record<string, number[]> = {};
for (let i = 0; i < ROUNDS + 50; i += 1) {
  for (const name of Object.keys(variants)) {
    for (const record of [true, false]) {
      const ms = await once(name, record);
      if (i >= 50) (rows[`${name}${record ? ', recorder' : ''}`] ??= []).push(ms);
    }
  }
}
const p50 = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? NaN;
console.log(`rounds ${ROUNDS}; time per lifecycle, p50 (µs), actors' own time left out`);
for (const [name, values] of Object.entries(rows)) {
  console.log(`${name.padEnd(28)} ${(p50(values) * 1000).toFixed(0).padStart(6)}`);
}
