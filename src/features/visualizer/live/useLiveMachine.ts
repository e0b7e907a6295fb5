import { useSyncExternalStore } from 'react';
import type { AnyActorRef } from 'xstate';
import { workbenchTrace, type TracedMachine } from '../../../inspection/workbenchTrace';

/**
 * The running actor of a machine and the trace's version (which changes on every transition, so
 * readers of `actor.getSnapshot()` re-render). `null` when no actor runs (e.g. Compose closed).
 */
export function useLiveMachine(machine: TracedMachine): {
  actor: AnyActorRef | null;
  version: number;
} {
  const version = useSyncExternalStore(workbenchTrace.subscribe, workbenchTrace.getVersion);
  return { actor: workbenchTrace.liveActor(machine), version };
}
