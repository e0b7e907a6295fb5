import { useSyncExternalStore } from 'react';

/**
 * What `#/visualizer/<what>` names: the live run, the loaded file (`file?run=2`: the second run
 * of a run file; `run` is from 0 here, from 1 in the URL), or a stored run's id.
 */
export type VisualizerRoute =
  { kind: 'live' } | { kind: 'file'; run?: number } | { kind: 'stored'; runId: string };

/** Reads the route from a hash such as `#/visualizer/0f3c…`. */
export function routeFromHash(hash: string): VisualizerRoute {
  const [rest = '', query = ''] = hash.replace(/^#\/?visualizer\/?/, '').split('?');
  const id = decodeURIComponent(rest);
  if (id === '' || id === 'live') return { kind: 'live' };
  if (id === 'file') {
    const run = Number(new URLSearchParams(query).get('run'));
    return Number.isInteger(run) && run >= 1 ? { kind: 'file', run: run - 1 } : { kind: 'file' };
  }
  return { kind: 'stored', runId: id };
}

/** The hash for a route, for links and for switching the source. */
export function hashOf(route: VisualizerRoute): string {
  if (route.kind === 'stored') return `#/visualizer/${encodeURIComponent(route.runId)}`;
  if (route.kind === 'file' && route.run !== undefined && route.run > 0)
    return `#/visualizer/file?run=${route.run + 1}`;
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
