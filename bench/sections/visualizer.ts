import { existsSync, readFileSync } from 'node:fs';
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
import { fromWorkbenchTrace } from '../../src/features/visualizer/sources/visualizerData.ts';
import {
  buildTimeline,
  filterTimeline,
} from '../../src/features/visualizer/timeline/timelineModel.ts';
import type { BenchSection, Metric } from '../types.ts';

const TRANSITIONS = 10_000;
const ROUNDS = 7;
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

function startWorker(): {
  client: ReturnType<typeof createLayoutClient>;
  worker: Worker;
  ready: Promise<void>;
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
  worker.on('message', (data: LayoutResponse) => port.onmessage?.({ data }));
  const ready = new Promise<void>((resolve) => worker.once('online', () => resolve()));
  return { client: createLayoutClient(port), worker, ready };
}

async function time(work: () => Promise<unknown> | unknown): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function layoutFigures(
  graph: MachineGraph,
): Promise<{ cold: number[]; warm: number[]; cached: number[]; cachedSync: number[] }> {
  const cold: number[] = [];
  const warm: number[] = [];
  const cached: number[] = [];
  const cachedSync: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    const { client, worker, ready } = startWorker();
    await ready;
    // Let the worker load its modules (ELK) before the clock starts, as the page does on open.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    cold.push(await time(() => client.layout(graph)));
    for (let index = 0; index < 5; index += 1) {
      cached.push(await time(() => client.layout(graph)));
      cachedSync.push(await time(() => client.cached(graph)));
    }
    // A changed definition (another hash) in the same, now warm, worker.
    const changed = {
      ...graph,
      edges: graph.edges.map((edge) => ({ ...edge, label: `${edge.label} ` })),
    };
    warm.push(await time(() => client.layout(changed)));
    await worker.terminate();
  }
  return { cold, warm, cached, cachedSync };
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
    for (const machine of [transactionMachine, walletMachine]) {
      const graph = machineGraph(machine);
      const { cold, warm, cached, cachedSync } = await layoutFigures(graph);
      metrics.push(
        {
          name: `${machine.id}: worker layout, cold (median of 3 fresh workers)`,
          value: round(median(cold)),
          unit: 'ms',
          target: { op: '<=', value: 300 },
          runs: cold.map(round),
        },
        {
          name: `${machine.id}: worker layout, new definition in a warm worker`,
          value: round(median(warm)),
          unit: 'ms',
          runs: warm.map(round),
        },
        {
          name: `${machine.id}: cached layout (await)`,
          value: round(Math.max(...cached)),
          unit: 'ms',
          target: { op: '<=', value: 5 },
        },
        {
          name: `${machine.id}: cached layout (sync hash + lookup)`,
          value: round(Math.max(...cachedSync)),
          unit: 'ms',
          target: { op: '<=', value: 5 },
        },
      );
    }
    // CPU time of the same work on this thread: wall times above grow with the machine's load,
    // CPU time much less so.
    const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
    const elk = new ELK();
    for (const machine of [transactionMachine, walletMachine]) {
      const graph = machineGraph(machine);
      const cpu: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        const before = process.cpuUsage();
        await computeLayout(elk, graph);
        const used = process.cpuUsage(before);
        cpu.push((used.user + used.system) / 1000);
      }
      metrics.push({
        name: `${machine.id}: layout CPU time, first then warm (this thread)`,
        value: round(cpu[0] ?? 0),
        unit: 'ms',
        runs: cpu.map(round),
      });
    }
    const notes: string[] = [];
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
