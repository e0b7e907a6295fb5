import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import type { ActorRefFrom, InspectionEvent } from 'xstate';
import {
  createReplayRecorder,
  type transactionMachine,
  type WorkbenchRun,
} from '../../../machines';
import { createAptos } from '../../aptos/createAptos';
import type { NetworkConfig } from '../../network/networks';
import { useNetwork } from '../../network/useNetwork';
import { useWalletMachine } from '../../wallet/useWalletMachine';
import { useTransactionRun } from '../compose/run/useTransactionRun';
import { interruptedRun } from './interruptedRun';
import { createLiveRun, type LiveRun } from './liveRun';
import { RunsContext, type RunsContextValue, type StartRunArgs } from './RunsContext';
import { runStore, type RunStore } from './runStore';
import { useTransactionSigner } from '../../wallet/useTransactionSigner';

type TransactionActorRef = ActorRefFrom<typeof transactionMachine>;

/** A run is worth keeping once it has left `editing`: a draft nobody ran is not an attempt. */
export function isAttempt(record: WorkbenchRun): boolean {
  return record.transitions.some((transition) => transition.target !== 'editing');
}

interface SessionProps {
  network: NetworkConfig;
  start: StartRunArgs | null;
  live: LiveRun;
  store: RunStore;
  onActor: (actorRef: TransactionActorRef) => void;
}

/**
 * Runs `task` once after the next frame is painted (a task posted from `requestAnimationFrame`),
 * or after 100 ms where no frame comes (a hidden tab).
 */
function afterNextPaint(task: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    task();
  };
  const fallback = setTimeout(once, 100);
  if (typeof requestAnimationFrame !== 'function') return;
  requestAnimationFrame(() =>
    setTimeout(() => {
      clearTimeout(fallback);
      once();
    }, 0),
  );
}

/**
 * One Compose actor with its recorder. Every transition updates the live record and saves it
 * (the transitions of one macrostep together). Where the machine rests (an outcome, `built`,
 * `editing`…) it saves at once, in a microtask, so a reload right after keeps the record. While a
 * step waits (`busy`) it saves after the next frame is painted: the record's copy and the
 * IndexedDB write then delay neither the step's request (an actor reaches `fetch` only after the
 * microtasks of the transition) nor the page's answer to the press; a pending save runs at
 * `pagehide`.
 */
function ComposeSession({ network, start, live, store, onActor }: SessionProps) {
  const { actorRef: walletRef, devWallet } = useWalletMachine();
  const sender = walletRef.getSnapshot().context.account?.address ?? null;
  const signer = useTransactionSigner();
  const [recording] = useState(() => {
    const recorder = createReplayRecorder({
      now: Date.now,
      newRunId: () => crypto.randomUUID(),
      retryOf: start?.retryOf ?? null,
    });
    /** A save is due (run by `save`, once). */
    let scheduled = false;
    /** A macrostep's microtask is queued. */
    let queued = false;
    let busy = false;
    const save = () => {
      if (!scheduled) return;
      scheduled = false;
      const record = recorder.current();
      if (record === null) return;
      live.set(record);
      if (!isAttempt(record)) return;
      store.putRun(record).then(
        () => live.saveError() && live.setSaveError(null),
        (error: unknown) =>
          live.setSaveError(error instanceof Error ? error : new Error(String(error))),
      );
    };
    return {
      current: () => recorder.current(),
      /** Runs a save still waiting for its frame (the page is going). */
      flush: save,
      inspect: (event: InspectionEvent) => {
        recorder.inspect(event);
        if (event.type !== '@xstate.microstep') return;
        // The latest microstep's state decides when the macrostep's save runs.
        busy = (event.snapshot as { hasTag?: (tag: string) => boolean }).hasTag?.('busy') ?? false;
        if (queued) return;
        queued = true;
        queueMicrotask(() => {
          queued = false;
          scheduled = true;
          if (busy) afterNextPaint(save);
          else save();
        });
      },
    };
  });
  const actorRef = useTransactionRun({
    network,
    aptos: useMemo(() => createAptos(network), [network]),
    signer,
    devWallet,
    sender,
    ...(start ? { draft: start.draft } : {}),
    inspect: recording.inspect,
  });
  useLayoutEffect(() => {
    onActor(actorRef);
    if (start?.autoRun) actorRef.send({ type: 'run' });
  }, [actorRef, onActor, start]);
  useEffect(() => {
    addEventListener('pagehide', recording.flush);
    return () => removeEventListener('pagehide', recording.flush);
  }, [recording]);
  useEffect(
    () => () => {
      // This session is going (the network changed): a run still waiting stops here, and Compose
      // says where, so that the next page does not look as if nothing happened.
      const record = recording.current();
      if (record === null || !record.tags.includes('busy')) return;
      interruptedRun.set({
        id: record.id,
        state: record.state,
        network: `${record.network.name} (${record.network.nodeUrl})`,
        hash: record.chain.hash,
      });
    },
    [recording],
  );
  return null;
}

/**
 * Holds the Compose transaction actor above the pages (a run survives page changes), records
 * every attempt with the run recorder and saves it to the run history as it happens. A new
 * network starts a new actor.
 *
 * @example
 * ```tsx
 * <WalletAdapterProvider>
 *   <RunsProvider>{children}</RunsProvider>
 * </WalletAdapterProvider>
 * ```
 */
export function RunsProvider({
  children,
  store = runStore,
}: {
  children: ReactNode;
  store?: RunStore;
}) {
  const { network } = useNetwork();
  const [live] = useState(createLiveRun);
  const [session, setSession] = useState<{ key: number; start: StartRunArgs | null }>({
    key: 0,
    start: null,
  });
  const [actorRef, setActorRef] = useState<TransactionActorRef | null>(null);
  const value = useMemo<RunsContextValue | null>(
    () =>
      actorRef && {
        actorRef,
        live,
        store,
        startRun: (start) => setSession((current) => ({ key: current.key + 1, start })),
      },
    [actorRef, live, store],
  );
  return (
    <>
      <ComposeSession
        key={`${network.fullnode} ${session.key}`}
        network={network}
        start={session.start}
        live={live}
        store={store}
        onActor={setActorRef}
      />
      {value && <RunsContext.Provider value={value}>{children}</RunsContext.Provider>}
    </>
  );
}
