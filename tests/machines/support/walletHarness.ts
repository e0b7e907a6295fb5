import { createActor, fromCallback, fromPromise } from 'xstate';
import type { EventObject } from 'xstate';
import { walletMachine } from '../../../machines';
import type {
  AppNetwork,
  ConnectInput,
  ConnectOutput,
  DisconnectInput,
  WalletWatchEvent,
  WatchWalletInput,
} from '../../../machines';
import { flush } from './harness';

export const localNetwork: AppNetwork = { name: 'local', chainId: 4 };

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * A started wallet actor over fakes: `connect`/`disconnect` wait until settled, and `wallet(…)`
 * sends an event the way the watcher does (through its `sendBack`).
 */
export function startWallet(options: { watchFails?: boolean } = {}) {
  const pending = new Map<'connect' | 'disconnect', Deferred>();
  let sendBack: ((event: WalletWatchEvent) => void) | null = null;
  let watcherStopped = false;

  const deferred = <TOutput, TInput>(id: 'connect' | 'disconnect') =>
    fromPromise<TOutput, TInput>(
      () =>
        new Promise<TOutput>((resolve, reject) => {
          pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        }),
    );

  const logic = walletMachine.provide({
    actors: {
      connect: deferred<ConnectOutput, ConnectInput>('connect'),
      disconnect: deferred<unknown, DisconnectInput>('disconnect'),
      watchWallet: fromCallback<EventObject, WatchWalletInput>(({ sendBack: send }) => {
        if (options.watchFails) throw new Error('wallet standard unavailable');
        sendBack = send as (event: WalletWatchEvent) => void;
        return () => {
          watcherStopped = true;
        };
      }),
    },
  });
  const actor = createActor(logic, { input: { appNetwork: localNetwork } });
  actor.start();

  return {
    actor,
    /** Sends an event from the wallet, through the watcher. */
    wallet: async (event: WalletWatchEvent) => {
      if (!sendBack) throw new Error('watchWallet is not running');
      sendBack(event);
      await flush();
    },
    settle: async (
      id: 'connect' | 'disconnect',
      result: { output: unknown } | { error: unknown },
    ) => {
      const call = pending.get(id);
      if (!call) throw new Error(`no running ${id}`);
      pending.delete(id);
      if ('output' in result) call.resolve(result.output);
      else call.reject(result.error);
      await flush();
    },
    watcherStopped: () => watcherStopped,
  };
}
