import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { transactionMachine, walletMachine } from '../../machines/index.ts';
import type {
  TracedTransition,
  WorkbenchTraceSnapshot,
} from '../../src/inspection/workbenchTrace.ts';
import {
  machineGraph,
  type MachineGraph,
} from '../../src/features/visualizer/graph/machineGraph.ts';
import {
  createLayoutClient,
  type LayoutPort,
  type LayoutResponse,
} from '../../src/features/visualizer/graph/layoutClient.ts';
import { computeLayout } from '../../src/features/visualizer/graph/layout.ts';
import type { LayoutCpuMessage } from '../visualizerLayoutWorker.ts';
import { fromWorkbenchTrace } from '../../src/features/visualizer/sources/visualizerData.ts';
import {
  buildTimeline,
  filterTimeline,
} from '../../src/features/visualizer/timeline/timelineModel.ts';
import type { BenchSection, Metric } from '../types.ts';

const TRANSITIONS = 10_000;
const ROUNDS = 7;
/** Fresh workers per machine for the cold layout. */
const LAYOUT_ROUNDS = 5;
/** Where the Chromium journey (tests/e2e/visualizer.e2e.ts) writes its DOM counts. */
const DOM_COUNTS = new URL('../../test-results/visualizer-dom.json', import.meta.url);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A recorded run of 10,000 transitions, with a context each, as the live trace holds it. */
function traceOf(count: number): WorkbenchTraceSnapshot {
  const states = [
    'editing',
    'building',
    'built',
    'simulating',
    'simulated.success',
    'signing.signOnly',
  ];
  const transitions: TracedTransition[] = Array.from({ length: count }, (_, index) => ({
    seq: index + 1,
    at: 1_700_000_000_000 + index * 7,
    event: (index % 3 === 0
      ? { type: 'draft.update', draft: { sender: `0x${index}` } }
      : { type: 'build' }) as TracedTransition['event'],
    source: index === 0 ? null : (states[(index - 1) % states.length] ?? null),
    target: states[index % states.length] ?? 'editing',
    eventless: index % 5 === 0,
    context: { attempt: 1, mode: 'step', draft: { sender: `0x${index}` }, built: null },
  }));
  return {
    version: count,
    transitions: { transaction: transitions, wallet: [] },
    dropped: { transaction: 0, wallet: 0 },
    messages: [],
    droppedMessages: 0,
  };
}

interface CpuFigures {
  threadMs: number;
  threadTotalMs: number;
  processMs: number;
}

function startWorker(): {
  client: ReturnType<typeof createLayoutClient>;
  worker: Worker;
  ready: Promise<void>;
  cpu: Map<number, CpuFigures>;
} {
  // Node's workers do not inherit tsx's loader: the worker registers it, then loads the module.
  const module = new URL('../visualizerLayoutWorker.ts', import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(module)}); });`,
    { eval: true },
  );
  const port: LayoutPort = {
    postMessage: (request) => worker.postMessage(request),
    onmessage: null,
  };
  const cpu = new Map<number, CpuFigures>();
  worker.on('message', (data: LayoutResponse | LayoutCpuMessage) => {
    if ('cpu' in data) cpu.set(data.cpu.id, data.cpu);
    else port.onmessage?.({ data });
  });
  const ready = new Promise<void>((resolve) => worker.once('online', () => resolve()));
  const client = createLayoutClient(port);
  return { client, worker, ready, cpu };
}

async function time(work: () => Promise<unknown> | unknown): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

interface LayoutFigures {
  /** Wall time of the first layout in a fresh worker whose modules have loaded. */
  cold: number[];
  /** The same layout's CPU time on the worker's thread. */
  coldThread: number[];
  /** The same layout's CPU time in the whole process (V8's background compiler and GC too). */
  coldProcess: number[];
  /** Wall time from `new Worker` to the first layout (module loading included). */
  fromStart: number[];
  /** CPU time of the worker thread from its start through the first layout. */
  fromStartThread: number[];
  warm: number[];
  warmThread: number[];
  cached: number[];
  cachedSync: number[];
}

async function layoutFigures(graph: MachineGraph, rounds: number): Promise<LayoutFigures> {
  const figures: LayoutFigures = {
    cold: [],
    coldThread: [],
    coldProcess: [],
    fromStart: [],
    fromStartThread: [],
    warm: [],
    warmThread: [],
    cached: [],
    cachedSync: [],
  };
  const lastCpu = (cpu: Map<number, CpuFigures>) => [...cpu.values()].at(-1);
  for (let round = 0; round < rounds; round += 1) {
    // From worker start: what the page waits for when the Visualizer first opens.
    {
      const started = performance.now();
      const { client, worker } = startWorker();
      await client.layout(graph);
      figures.fromStart.push(performance.now() - started);
      await worker.terminate();
    }
    const { client, worker, ready, cpu } = startWorker();
    await ready;
    // Let the worker load its modules (ELK) before the clock starts. Nothing is laid out
    // before the measured request: no warm-up, so ELK's code runs for the first time in it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    figures.cold.push(await time(() => client.layout(graph)));
    const first = lastCpu(cpu);
    figures.coldThread.push(first?.threadMs ?? Number.NaN);
    figures.coldProcess.push(first?.processMs ?? Number.NaN);
    figures.fromStartThread.push(first?.threadTotalMs ?? Number.NaN);
    for (let index = 0; index < 5; index += 1) {
      figures.cached.push(await time(() => client.layout(graph)));
      figures.cachedSync.push(await time(() => client.cached(graph)));
    }
    // A changed definition (another hash) in the same, now warm, worker.
    const changed = {
      ...graph,
      edges: graph.edges.map((edge) => ({ ...edge, label: `${edge.label} ` })),
    };
    figures.warm.push(await time(() => client.layout(changed)));
    figures.warmThread.push(lastCpu(cpu)?.threadMs ?? Number.NaN);
    await worker.terminate();
  }
  return figures;
}

/** CPU time of the calling thread (ms), as the worker measures it; `null` off Linux. */
function threadCpuMs(): number | null {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

export const visualizerSection: BenchSection = {
  name: 'visualizer',
  description:
    'timeline ingest of 10,000 transitions, ELK layout in a worker thread (cold, warm, cached), timeline rows in the DOM (from the Chromium journey)',
  async run() {
    const trace = traceOf(TRANSITIONS);
    const ingest: number[] = [];
    const filter: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      let rows = buildTimeline([]).rows;
      ingest.push(
        await time(() => (rows = fromWorkbenchTrace(trace, null).timelines.transaction.rows)),
      );
      filter.push(
        await time(() =>
          filterTimeline(rows, { eventTypes: ['build'], state: 'simulated', search: '0x1' }),
        ),
      );
    }
    const metrics: Metric[] = [
      {
        name: 'ingest 10,000 transitions (median)',
        value: round(median(ingest)),
        unit: 'ms',
        target: { op: '<=', value: 100 },
        runs: ingest.map(round),
      },
      {
        name: 'filter 10,000 rows (type + state + search)',
        value: round(median(filter)),
        unit: 'ms',
        runs: filter.map(round),
      },
    ];
    const notes: string[] = [];
    for (const machine of [transactionMachine, walletMachine]) {
      const graph = machineGraph(machine);
      const figures = await layoutFigures(graph, LAYOUT_ROUNDS);
      metrics.push(
        {
          name: `${machine.id}: worker layout, cold: wall (median of ${LAYOUT_ROUNDS} fresh workers)`,
          value: round(median(figures.cold)),
          unit: 'ms',
          target: { op: '<=', value: 300 },
          runs: figures.cold.map(round),
        },
        {
          name: `${machine.id}: worker layout, cold: CPU of the worker thread`,
          value: round(median(figures.coldThread)),
          unit: 'ms',
          target: { op: '<=', value: 300 },
          runs: figures.coldThread.map(round),
        },
        {
          name: `${machine.id}: worker layout, cold: CPU of the whole process`,
          value: round(median(figures.coldProcess)),
          unit: 'ms',
          runs: figures.coldProcess.map(round),
        },
        {
          name: `${machine.id}: from new Worker to first layout: wall (module loading included)`,
          value: round(median(figures.fromStart)),
          unit: 'ms',
          runs: figures.fromStart.map(round),
        },
        {
          name: `${machine.id}: from new Worker to first layout: CPU of the worker thread`,
          value: round(median(figures.fromStartThread)),
          unit: 'ms',
          runs: figures.fromStartThread.map(round),
        },
        {
          name: `${machine.id}: worker layout, new definition in a warm worker: wall`,
          value: round(median(figures.warm)),
          unit: 'ms',
          runs: figures.warm.map(round),
        },
        {
          name: `${machine.id}: worker layout, new definition in a warm worker: thread CPU`,
          value: round(median(figures.warmThread)),
          unit: 'ms',
          runs: figures.warmThread.map(round),
        },
        {
          name: `${machine.id}: cached layout (await)`,
          value: round(Math.max(...figures.cached)),
          unit: 'ms',
          target: { op: '<=', value: 5 },
        },
        {
          name: `${machine.id}: cached layout (sync hash + lookup)`,
          value: round(Math.max(...figures.cachedSync)),
          unit: 'ms',
          target: { op: '<=', value: 5 },
        },
      );
    }
    // The same work on this thread, first then warm: thread CPU and process CPU.
    const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
    const elk = new ELK();
    for (const machine of [transactionMachine, walletMachine]) {
      const graph = machineGraph(machine);
      const thread: number[] = [];
      const processed: number[] = [];
      for (let index = 0; index < 3; index += 1) {
        const beforeThread = threadCpuMs();
        const before = process.cpuUsage();
        await computeLayout(elk, graph);
        const used = process.cpuUsage(before);
        const afterThread = threadCpuMs();
        thread.push(
          beforeThread === null || afterThread === null ? Number.NaN : afterThread - beforeThread,
        );
        processed.push((used.user + used.system) / 1000);
      }
      metrics.push(
        {
          name: `${machine.id}: layout on the bench's thread, thread CPU, first then warm`,
          value: round(thread[0] ?? 0),
          unit: 'ms',
          runs: thread.map(round),
        },
        {
          name: `${machine.id}: layout on the bench's thread, process CPU, first then warm`,
          value: round(processed[0] ?? 0),
          unit: 'ms',
          runs: processed.map(round),
        },
      );
    }
    const load = loadavg().map((value) => value.toFixed(1));
    notes.push(
      `Load average at the end: ${load.join(' / ')} (1 / 5 / 15 min) on ${cpus().length} cores. Wall times grow with the load; the worker thread's CPU time does not count time spent waiting for a core.`,
    );
    if (existsSync(DOM_COUNTS)) {
      const counts = JSON.parse(readFileSync(DOM_COUNTS, 'utf8')) as {
        rows: number;
        nodes: number;
      }[];
      metrics.push(
        {
          name: 'timeline rows in the DOM, max over 7 scroll positions (10,000 rows, Chromium)',
          value: Math.max(...counts.map((count) => count.rows)),
          unit: 'rows',
          target: { op: '<=', value: 99 },
          runs: counts.map((count) => count.rows),
        },
        {
          name: 'elements inside those rows, max',
          value: Math.max(...counts.map((count) => count.nodes)),
          unit: 'nodes',
          runs: counts.map((count) => count.nodes),
        },
      );
      notes.push('DOM counts come from the last `npm run test:e2e` (tests/e2e/visualizer.e2e.ts).');
    } else {
      notes.push(
        'No DOM counts: run `npm run test:e2e` first (the Chromium journey measures them).',
      );
    }
    return { metrics, notes };
  },
};
