import { useSyncExternalStore } from 'react';

/** What `#/visualizer/<what>` names: the live run, the loaded file, or a stored run's id. */
export type VisualizerRoute =
  { kind: 'live' } | { kind: 'file' } | { kind: 'stored'; runId: string };

/** Reads the route from a hash such as `#/visualizer/0f3c…`. */
export function routeFromHash(hash: string): VisualizerRoute {
  const rest = hash.replace(/^#\/?visualizer\/?/, '').split('?')[0] ?? '';
  const id = decodeURIComponent(rest);
  if (id === '' || id === 'live') return { kind: 'live' };
  if (id === 'file') return { kind: 'file' };
  return { kind: 'stored', runId: id };
}

/** The hash for a route, for links and for switching the source. */
export function hashOf(route: VisualizerRoute): string {
  if (route.kind === 'stored') return `#/visualizer/${encodeURIComponent(route.runId)}`;
  return `#/visualizer/${route.kind}`;
}

function subscribe(onChange: () => void) {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The visualizer's route, following the URL hash (so a view can be linked and reloaded). */
export function useVisualizerRoute(): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.hash,
    () => '',
  );
}
