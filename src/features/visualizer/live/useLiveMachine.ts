import { useSyncExternalStore } from 'react';
import type { AnyActorRef } from 'xstate';
import { workbenchTrace, type TracedMachine } from '../../../inspection/workbenchTrace';
import { useComposeRun } from '../../runs';
import { useWalletMachine } from '../../../wallet/useWalletMachine';

/**
 * The running actor of a machine (the Compose run, or the app's wallet machine) and the trace's
 * version, which changes on every transition so that readers of `actor.getSnapshot()` re-render.
 */
export function useLiveMachine(machine: TracedMachine): { actor: AnyActorRef; version: number } {
  const version = useSyncExternalStore(workbenchTrace.subscribe, workbenchTrace.getVersion);
  const compose = useComposeRun();
  const { actorRef: wallet } = useWalletMachine();
  return { actor: machine === 'transaction' ? compose : wallet, version };
}
