import { useSyncExternalStore } from 'react';
import { areaFromHash, type AreaId } from '../app/areas';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/**
 * The area named by the URL hash, so that reloads, links and the back button keep the place.
 * Navigation is plain links (`href="#/chain"`), which keeps it keyboard- and screen-reader-friendly.
 */
export function useHashArea(): AreaId {
  return useSyncExternalStore(
    subscribe,
    () => areaFromHash(window.location.hash),
    () => areaFromHash(''),
  );
}
