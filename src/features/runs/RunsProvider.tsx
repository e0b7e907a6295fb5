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
import { createKeptTrace, type KeptTrace } from './keptTrace';
import { createLiveRun, type LiveRun } from './liveRun';
import { RunsContext, type RunsContextValue, type StartRunArgs } from './RunsContext';
import { runStore } from './pageRunStore';
import type { RunStore } from './runStore';
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
  kept: KeptTrace;
  onActor: (actorRef: TransactionActorRef) => void;
}

/**
 * One Compose actor with its recorder. Every transition updates the live record and saves it
 * (transitions of one macrostep are saved together, before anything else can run).
 */
function ComposeSession({ network, start, live, store, kept, onActor }: SessionProps) {
  const { actorRef: walletRef, devWallet } = useWalletMachine();
  const sender = walletRef.getSnapshot().context.account?.address ?? null;
  const signer = useTransactionSigner();
  const [recording] = useState(() => {
    const recorder = createReplayRecorder({
      now: Date.now,
      newRunId: () => crypto.randomUUID(),
      retryOf: start?.retryOf ?? null,
    });
    let scheduled = false;
    const save = () => {
      scheduled = false;
      const recorded = recorder.current();
      if (recorded === null) return;
      const record = kept.apply(recorded);
      live.set(record);
      if (!isAttempt(record)) return;
      store.putRun(record).then(
        () => live.saveError() && live.setSaveError(null),
        (error: unknown) =>
          live.setSaveError(error instanceof Error ? error : new Error(String(error))),
      );
    };
    return {
      save,
      current: () => recorder.current(),
      inspect: (event: InspectionEvent) => {
        recorder.inspect(event);
        if (scheduled || event.type !== '@xstate.microstep') return;
        scheduled = true;
        queueMicrotask(save);
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
  // Registered once the session is on the page (a render React discards never saves a trace).
  useLayoutEffect(() => kept.setSave(recording.save), [kept, recording]);
  useLayoutEffect(() => {
    onActor(actorRef);
    if (start?.autoRun) actorRef.send({ type: 'run' });
  }, [actorRef, onActor, start]);
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
  const [kept] = useState(createKeptTrace);
  const value = useMemo<RunsContextValue | null>(
    () =>
      actorRef && {
        actorRef,
        live,
        store,
        startRun: (start) => setSession((current) => ({ key: current.key + 1, start })),
        keepTrace: (trace) => {
          const record = live.get();
          if (record !== null) kept.keep(record, trace);
        },
      },
    [actorRef, live, store, kept],
  );
  return (
    <>
      <ComposeSession
        key={`${network.fullnode} ${session.key}`}
        network={network}
        start={session.start}
        live={live}
        store={store}
        kept={kept}
        onActor={setActorRef}
      />
      {value && <RunsContext.Provider value={value}>{children}</RunsContext.Provider>}
    </>
  );
}
