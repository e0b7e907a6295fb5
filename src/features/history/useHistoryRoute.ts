import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The run id in `#/history/<runId>`, or `null` on the list. */
export function runIdFromHash(hash: string): string | null {
  const match = /^#\/history\/([^/?#]+)/.exec(hash);
  return match ? decodeURIComponent(match[1]) : null;
}

/** The run the History page shows, from the URL hash (reloads and links keep it). */
export function useHistoryRoute(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => runIdFromHash(window.location.hash),
    () => null,
  );
}

/** Link to one run in History. */
export function runHref(id: string): string {
  return `#/history/${encodeURIComponent(id)}`;
}

/** Link to one run in the Visualizer. */
export function visualizerHref(id: string): string {
  return `#/visualizer/${encodeURIComponent(id)}`;
}
