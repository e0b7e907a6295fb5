/// <reference lib="webworker" />
import ELK from 'elkjs/lib/elk.bundled.js';
import { computeLayout, warmUp } from './layout';
import type { LayoutRequest, LayoutResponse } from './layoutClient';

// Layout runs here so the page never blocks on ELK.
const elk = new ELK();
// ELK's own start is paid now, while the worker waits for its first request.
const warm = warmUp(elk);
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (message: MessageEvent<LayoutRequest>) => {
  const { id, graph } = message.data;
  warm
    .then(() => computeLayout(elk, graph))
    .then(
      (layout) => scope.postMessage({ id, layout } satisfies LayoutResponse),
      (error: unknown) => scope.postMessage({ id, error: String(error) } satisfies LayoutResponse),
    );
};
