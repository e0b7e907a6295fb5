/**
 * Where a lifecycle's wall time goes, per path: `npx tsx bench/tools/lifecycleSteps.ts [rounds]`.
 * Every HTTP request the SDK client makes is timed (start, end) with `performance.now()`; each
 * lifecycle is split into the time before the first request, each request, each gap between two
 * requests (client work: decoding, signing, the machine's transitions), and the time after the
 * last answer until the caller has its result. Prints p50 per component for the machine path
 * (with its recorder) and the bare SDK calls, interleaved with the order alternating.
 */
import { Aptos, AptosConfig, Network } from '@aptos-labs/ts-sdk';
import type { Client } from '@aptos-labs/ts-sdk';
import { createActor, waitFor } from 'xstate';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { promiseActor } from '../../chainActors/index.ts';
import { createRunRecorder, transactionClock, transactionMachine } from '../../machines/index.ts';
import type { TransactionActorLogic } from '../../machines/index.ts';
import {
  directLifecycle,
  runToOutcome,
  spawnChain,
  transferFixture,
} from '../sections/lifecycle.ts';

const ROUNDS = Number(process.argv[2] ?? 200);

interface Span {
  label: string;
  start: number;
  end: number;
}
let spans: Span[] = [];
/** Socket writes (count, sync ms) and new connections, per path. */
const sockets = { writes: 0, writeMs: 0, connects: 0 };
if (process.env.DIAG) {
  const net = await import('node:net');
  const proto = net.Socket.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const write = proto._writeGeneric as (...args: unknown[]) => unknown;
  proto._writeGeneric = function (this: unknown, ...args: unknown[]) {
    const t = performance.now();
    try {
      return write.apply(this, args);
    } finally {
      sockets.writes += 1;
      sockets.writeMs += performance.now() - t;
    }
  };
  const connect = proto.connect as (...args: unknown[]) => unknown;
  proto.connect = function (this: unknown, ...args: unknown[]) {
    sockets.connects += 1;
    return connect.apply(this, args);
  };
}

const chain = await spawnChain();
const settings = {
  network: Network.CUSTOM,
  fullnode: chain.urls.rest,
  faucet: chain.urls.faucet,
  indexer: chain.urls.indexer,
};
const base = new AptosConfig(settings).client;
const client: Client = {
  provider: async (request) => {
    const span = {
      label: `${request.method} ${new URL(request.url).pathname.replace(/0x[0-9a-f]+/g, '…')}`,
      start: performance.now(),
      end: 0,
    };
    spans.push(span);
    try {
      return await base.provider(request);
    } finally {
      span.end = performance.now();
    }
  },
};
const aptos = new Aptos(new AptosConfig({ ...settings, client }));
/** Entry and settle times of the five SDK calls both paths make (same objects, same methods). */
function timeCalls(target: Record<string, unknown>, name: string, label: string) {
  const inner = target[name] as (...args: unknown[]) => unknown;
  target[name] = function (this: unknown, ...args: unknown[]) {
    const span = { label: `call ${label}`, start: performance.now(), end: 0 };
    calls.push(span);
    const out = inner.apply(this, args);
    if (out instanceof Promise)
      return out.finally(() => {
        span.end = performance.now();
      });
    span.end = performance.now();
    return out;
  };
}
let calls: Span[] = [];
timeCalls(aptos.transaction.build as unknown as Record<string, unknown>, 'simple', 'build');
timeCalls(aptos.transaction.simulate as unknown as Record<string, unknown>, 'simple', 'simulate');
timeCalls(aptos.transaction as unknown as Record<string, unknown>, 'sign', 'sign');
timeCalls(aptos.transaction.submit as unknown as Record<string, unknown>, 'simple', 'submit');
timeCalls(aptos as unknown as Record<string, unknown>, 'waitForTransaction', 'wait');
const { signer, draft, input, logic } = await transferFixture(aptos, chain.urls.rest);
const record = process.env.NO_RECORDER ? false : true;

async function machine() {
  const recorder = createRunRecorder({ now: Date.now, newRunId: () => 'x' });
  const snapshot = await runToOutcome(
    createActor(logic, record ? { input, inspect: recorder.inspect } : { input }),
  );
  if (snapshot.value !== 'committed') throw new Error(String(snapshot.value));
}
const direct = () => directLifecycle(aptos, signer, draft);

/*
 * `noisy`: the bare SDK calls with the machine's own work between them, but not around them: the
 * same transaction machine and recorder, on actors that answer at once with this chain's real
 * answers (recorded from one lifecycle), stepped one step before each SDK call (`build`,
 * `simulate`, `sign`, `submit`, then the wait's answer). If the SDK calls and requests slow down
 * here as much as in the machine path, what slows them is the machine's work between them (caches,
 * GC), not anything the machine path asks the SDK to do.
 */
const answers: Record<string, unknown> = {};
{
  const capture = (inspection: InspectionEvent) => {
    if (inspection.type !== '@xstate.event') return;
    const done = /^xstate\.done\.actor\.(\w+)$/.exec(inspection.event.type);
    if (done?.[1]) answers[done[1]] = (inspection.event as { output?: unknown }).output;
  };
  const actor = createActor(logic, { input, inspect: capture }).start();
  actor.send({ type: 'run' });
  await waitFor(actor, (s) => s.hasTag('outcome'), { timeout: 30_000 });
  actor.stop();
}
// The same answer objects every time: nothing downstream changes them (the classifier copies).
const instant = (id: string) => promiseActor(() => Promise.resolve(answers[id] as never));
const noiseLogic = transactionMachine.provide({
  actions: transactionClock(Date.now),
  actors: {
    buildTransaction: instant('buildTransaction'),
    simulateTransaction: instant('simulateTransaction'),
    signTransaction: instant('signTransaction'),
    submitTransaction: instant('submitTransaction'),
    waitForTransaction: instant('waitForTransaction'),
  } as Partial<TransactionActorLogic>,
});
async function noisy() {
  let noise: AnyActorRef | null = null;
  let recorder = createRunRecorder({ now: Date.now, newRunId: () => 'noise' });
  const settle = () =>
    waitFor(noise as AnyActorRef, (s: { hasTag: (t: string) => boolean }) => !s.hasTag('busy'));
  await directLifecycle(aptos, signer, draft, async (step) => {
    if (step === 0) {
      recorder = createRunRecorder({ now: Date.now, newRunId: () => 'noise' });
      noise = createActor(noiseLogic, { input, inspect: recorder.inspect }).start();
      noise.send({ type: 'build' });
    } else if (step <= 3) {
      (noise as AnyActorRef).send({ type: (['simulate', 'sign', 'submit'] as const)[step - 1] });
    } else if (step === 5) {
      (noise as AnyActorRef).stop();
      if (recorder.current()?.state !== 'committed') throw new Error('noise run incomplete');
      return;
    } else return;
    await settle();
  });
}

const paths = { machine, direct, noisy } as const;
type P = keyof typeof paths;
const rows: Record<P, Record<string, number[]>> = { machine: {}, direct: {}, noisy: {} };
const push = (p: P, k: string, v: number) => (rows[p][k] ??= []).push(v);
for (let i = 0; i < ROUNDS + 10; i += 1) {
  const only = process.env.ONLY as P | undefined;
  const all: P[] = ['machine', 'direct', 'noisy'];
  const order: P[] = only ? [only] : all.map((_, k) => all[(i + k) % 3] as P);
  for (const p of order) {
    spans = [];
    calls = [];
    const before = { ...sockets };
    const t0 = performance.now();
    await paths[p]();
    const t1 = performance.now();
    if (i < 10) continue;
    push(p, 'total', t1 - t0);
    push(p, 'before first request', (spans[0]?.start ?? t1) - t0);
    spans.forEach((s, k) => {
      push(p, `req ${k + 1} ${s.label}`, s.end - s.start);
      const next = spans[k + 1];
      if (next) push(p, `gap ${k + 1}→${k + 2}`, next.start - s.end);
    });
    if (process.env.DIAG) {
      push(p, 'socket writes', sockets.writes - before.writes);
      push(p, 'socket write ms (sync)', sockets.writeMs - before.writeMs);
      push(p, 'connects', sockets.connects - before.connects);
    }
    calls.forEach((c, k) => {
      const next = calls[k + 1];
      push(p, `${c.label} (entry→settle)`, c.end - c.start);
      if (next) push(p, `${c.label} settle → ${next.label.slice(5)} entry`, next.start - c.end);
    });
    for (const c of calls) {
      const first = spans.find((s) => s.start >= c.start);
      if (first && first.start <= c.end)
        push(p, `${c.label} entry → its first request`, first.start - c.start);
      const last = [...spans].reverse().find((s) => s.end <= c.end);
      if (last && last.end >= c.start) push(p, `${c.label} last answer → settle`, c.end - last.end);
    }
    push(p, 'start → build entry', (calls[0]?.start ?? t0) - t0);
    push(p, 'wait settle → caller has result', t1 - (calls.at(-1)?.end ?? t1));
    push(p, 'after last answer', t1 - (spans.at(-1)?.end ?? t0));
    push(
      p,
      'sum of requests',
      spans.reduce((a, s) => a + s.end - s.start, 0),
    );
    push(p, 'sum of client time', t1 - t0 - spans.reduce((a, s) => a + s.end - s.start, 0));
  }
}
await chain.stop();
const p50 = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? NaN;
const keys = Object.keys(rows.direct).length ? Object.keys(rows.direct) : Object.keys(rows.machine);
for (const k of Object.keys(rows.machine)) rows.direct[k] ??= [];

console.log(`rounds ${ROUNDS}, recorder ${record}`);
console.log(
  `${'component'.padEnd(44)} ${'machine'.padStart(8)} ${'direct'.padStart(8)} ${'diff'.padStart(8)} ${'noisy'.padStart(8)} ${'diff'.padStart(8)}`,
);
for (const k of keys) {
  if (!rows.direct[k]) continue;
  const m = p50(rows.machine[k] ?? []);
  const d = p50(rows.direct[k] ?? []);
  const n = p50(rows.noisy[k] ?? []);
  console.log(
    `${k.padEnd(44)} ${m.toFixed(3).padStart(8)} ${d.toFixed(3).padStart(8)} ${(m - d).toFixed(3).padStart(8)} ${n.toFixed(3).padStart(8)} ${(n - d).toFixed(3).padStart(8)}`,
  );
}
