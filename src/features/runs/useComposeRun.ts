import { useRuns } from './useRuns';

/**
 * The live Compose transaction actor, held above the pages so that a run survives a page change.
 *
 * @example
 * ```tsx
 * const actorRef = useComposeRun();
 * const busy = useSelector(actorRef, (snapshot) => snapshot.hasTag('busy'));
 * ```
 */
export function useComposeRun() {
  return useRuns().actorRef;
}
