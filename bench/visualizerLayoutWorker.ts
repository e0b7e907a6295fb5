import { parentPort } from 'node:worker_threads';
import ELK from 'elkjs/lib/elk.bundled.js';
import { computeLayout } from '../src/features/visualizer/graph/layout.ts';
import type {
  LayoutRequest,
  LayoutResponse,
} from '../src/features/visualizer/graph/layoutClient.ts';

// The browser's layout worker (src/features/visualizer/graph/layout.worker.ts) on Node's threads.
const elk = new ELK();
const port = parentPort;
port?.on('message', ({ id, graph }: LayoutRequest) => {
  computeLayout(elk, graph).then(
    (layout) => port.postMessage({ id, layout } satisfies LayoutResponse),
    (error: unknown) => port.postMessage({ id, error: String(error) } satisfies LayoutResponse),
  );
});
