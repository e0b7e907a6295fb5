import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';

// Its own chunk: the diagram, ELK's client and the timeline load only when the page is opened.
const Visualizer = lazy(() => import('./Visualizer'));

/** The Visualizer area; the code behind it loads on first visit. */
export function VisualizerPage() {
  return (
    <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the visualizer" />}>
      <Visualizer />
    </Suspense>
  );
}

/** Starts the layout worker ahead of the first visit (the app calls it on intent: hover, focus). */
export function startLayoutWorker(): void {
  void import('./graph/LayoutClientContext').then((m) => m.startLayoutWorker());
}
