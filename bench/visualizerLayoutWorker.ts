import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import ELK from 'elkjs/lib/elk.bundled.js';
import { computeLayout, warmUp } from '../src/features/visualizer/graph/layout.ts';
import type {
  LayoutRequest,
  LayoutResponse,
} from '../src/features/visualizer/graph/layoutClient.ts';

/** What the bench learns besides the layout: the CPU time this thread spent on one request. */
export interface LayoutCpuMessage {
  cpu: {
    id: number;
    /** CPU time of this thread during the request (ms), from the kernel's schedstat. */
    threadMs: number;
    /** CPU time of this thread since it started, request included (ms). */
    threadTotalMs: number;
    /** CPU time of the whole process during the request (ms): V8's compiler and GC threads too. */
    processMs: number;
  };
}

/**
 * CPU time this thread has spent on a CPU (ms). Linux's `/proc/thread-self/schedstat` counts
 * nanoseconds per thread, so time spent waiting for a core under load is left out; `null` where
 * it is missing.
 */
function threadCpuMs(): number | null {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

// The browser's layout worker (src/features/visualizer/graph/layout.worker.ts) on Node's threads:
// the same ELK build, the same computeLayout, and the same warm-up as it starts.
const elk = new ELK();
const warm = warmUp(elk);
const port = parentPort;
if (!port) throw new Error('visualizerLayoutWorker.ts runs as a worker thread');

const answer = (id: number, graph: LayoutRequest['graph']): void => {
  const thread = threadCpuMs();
  const processed = processCpuMs();
  computeLayout(elk, graph).then(
    (layout) => {
      const threadNow = threadCpuMs();
      port.postMessage({
        cpu: {
          id,
          threadMs: thread === null || threadNow === null ? Number.NaN : threadNow - thread,
          threadTotalMs: threadNow ?? Number.NaN,
          processMs: processCpuMs() - processed,
        },
      } satisfies LayoutCpuMessage);
      port.postMessage({ id, layout } satisfies LayoutResponse);
    },
    (error: unknown) => port.postMessage({ id, error: String(error) } satisfies LayoutResponse),
  );
};

port.on('message', ({ id, graph }: LayoutRequest) => {
  void warm.then(() => answer(id, graph));
});
