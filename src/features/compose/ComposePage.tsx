import {
  Accordion,
  Alert,
  Fieldset,
  List,
  Paper,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import {
  memo,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useState,
  type Ref,
} from 'react';
import { formatApt } from '../../format/amounts';
import { AptosApiError } from '@aptos-labs/ts-sdk';
import type { SigningMode, TransactionDraft } from '../../../machines';
import type { NetworkConfig } from '../../network/networks';
import { useNetwork } from '../../network/useNetwork';
import { networkProblem } from './composer/networkProblem';
import { accountQueries } from '../../queries/chainQueries';
import { useWalletMachine } from '../../wallet/useWalletMachine';
import { DevControlsPanel } from '../chain/devControls';
import { LedgerCard } from '../chain/LedgerCard';
import { useComposeRun } from '../runs';
import { Composer, DraftLockedContext, type DraftResult } from './composer';
import classes from './ComposePage.module.css';
import { GetStarted } from './GetStarted';
import { PublishPackage } from './publish/PublishPackage';
import { ResultsPanel } from './results/ResultsPanel';
import { RunStepper } from './run/RunStepper';
import { CancelledNotice } from './run/CancelledNotice';
import { InterruptedRunNotice } from './run/InterruptedRunNotice';
import { StepControls } from './run/StepControls';
import { useDraftHandOff, type DraftHandOff } from './run/useDraftHandOff';
import { useRunSectionHeight } from './useRunSectionHeight';

/** Why the balance is not shown: an account the chain does not know yet, or an unreachable node. */
function balanceProblem(network: NetworkConfig, error: unknown): string {
  return error instanceof AptosApiError
    ? 'no APT yet: fund it (Get started, or the wallet button).'
    : networkProblem(network, 'the balance', error);
}

/** The sender's APT balance on one line, refetched after each commit. */
const SenderBalance = memo(function SenderBalance({ address }: { address: string }) {
  const { network } = useNetwork();
  const balance = useQuery({ ...accountQueries.aptBalance(network, address), retry: false });
  return (
    <Text
      size="xs"
      aria-label="Sender balance"
      title={address}
      style={{ overflowWrap: 'anywhere' }}
    >
      Sender {address.slice(0, 8)}…{address.slice(-6)} ·{' '}
      {balance.isPending
        ? 'balance: reading…'
        : balance.isError
          ? balanceProblem(network, balance.error)
          : `balance ${formatApt(balance.data)}`}
    </Text>
  );
});

/**
 * The chain's ledger and dev controls, folded. Depends on nothing the draft holds, so typing in
 * the composer never renders it again.
 */
const ChainPanel = memo(function ChainPanel() {
  return (
    <Accordion variant="contained" chevronPosition="left">
      <Accordion.Item value="chain">
        <Accordion.Control>Chain: ledger, mining, clock and faults</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="md">
            <LedgerCard />
            <DevControlsPanel />
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
});

type ComposeRunRef = ReturnType<typeof useComposeRun>;

/**
 * Hands the composer's draft to the machine while it is editing, and the latest one again when
 * editing starts (after Edit). Renders nothing, so a step press renders only this for it.
 */
function DraftToMachine({
  actorRef,
  draftResult,
  handOver,
}: {
  actorRef: ComposeRunRef;
  draftResult: DraftResult | null;
  handOver: DraftHandOff['handOver'];
}) {
  const editing = useSelector(actorRef, (snapshot) => snapshot.matches('editing'));
  useEffect(() => {
    handOver(draftResult);
  }, [handOver, editing, draftResult]);
  return null;
}

/** Why Build is disabled, while editing a draft that is not ready. */
const DraftProblems = memo(function DraftProblems({
  actorRef,
  problems,
}: {
  actorRef: ComposeRunRef;
  problems: readonly string[] | null;
}) {
  const editing = useSelector(actorRef, (snapshot) => snapshot.matches('editing'));
  if (!editing || problems === null) return null;
  return (
    <Alert
      color="yellow"
      p="xs"
      title="Build is disabled: the draft is not ready"
      aria-label="Draft problems"
    >
      <List size="xs">
        {problems.map((problem) => (
          <List.Item key={problem}>{problem}</List.Item>
        ))}
      </List>
    </Alert>
  );
});

/** The step controls and the sender with its balance: in view at every scroll position. */
const RunSection = memo(function RunSection({
  actorRef,
  draftReady,
  beforeStep,
  sender,
  ref,
}: {
  actorRef: ComposeRunRef;
  draftReady: boolean;
  beforeStep: DraftHandOff['beforeStep'];
  sender: string | null;
  ref: Ref<HTMLElement>;
}) {
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="section"
      aria-label="Run"
      className={classes.run}
      ref={ref}
    >
      <Stack gap="xs">
        <StepControls actorRef={actorRef} draftReady={draftReady} beforeStep={beforeStep} />
        {sender === null ? (
          <Text size="xs" c="dimmed">
            Connect a wallet (Get started, or the wallet button in the header) to choose the sender
            and sign.
          </Text>
        ) : (
          <SenderBalance address={sender} />
        )}
      </Stack>
    </Paper>
  );
});

interface DraftFormProps {
  actorRef: ComposeRunRef;
  sender: string | null;
  onDraft: (result: DraftResult) => void;
  live: { draft: TransactionDraft; signingMode: SigningMode } | null;
}

/**
 * What to compose (a call or a package) and its form. Memoised, and its props do not change when
 * a step runs: the lock is the `<fieldset disabled>` around it ({@link DraftSection}), so no field
 * renders again to show itself disabled.
 */
const DraftForm = memo(function DraftForm({ actorRef, sender, onDraft, live }: DraftFormProps) {
  const [mode, setMode] = useState<'call' | 'publish'>('call');
  return (
    <>
      <SegmentedControl
        size="xs"
        mb="sm"
        aria-label="What to compose"
        value={mode}
        onChange={(value) => setMode(value === 'publish' ? 'publish' : 'call')}
        data={[
          { value: 'call', label: 'Call a function' },
          { value: 'publish', label: 'Publish a package' },
        ]}
      />
      {mode === 'publish' ? (
        <PublishPackage sender={sender} disabled={false} onDraft={onDraft} actorRef={actorRef} />
      ) : (
        <Composer
          sender={sender}
          disabled={false}
          onDraft={onDraft}
          {...(live ? { initialDraft: live.draft, initialSigningMode: live.signingMode } : {})}
        />
      )}
    </>
  );
});

/**
 * `value`, one frame late: it changes in a task after the next frame is presented (a discrete
 * press's update paints first, without the style recalculation of what follows `value`). Without
 * `requestAnimationFrame` (tests), in the next task.
 */
function useAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      timer = setTimeout(() => setShown(value), 0);
    };
    if (typeof requestAnimationFrame !== 'function') {
      later();
      return () => clearTimeout(timer);
    }
    const frame = requestAnimationFrame(later);
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [shown, value]);
  return shown;
}

/**
 * The draft, locked while a step runs. The lock is a native `<fieldset disabled>` (no border, no
 * padding): every control inside is disabled (not focusable, announced as disabled, styled by
 * Mantine's `fieldset:disabled` rules) by one attribute, without rendering a field. It locks and
 * unlocks after the press's frame ({@link useAfterPaint}), so a step press paints its controls
 * first and the form's restyling lands in a later frame. While it lags,
 * the machine takes no draft update ({@link DraftToMachine} sends only in `editing`) and gets the
 * latest one when editing starts.
 */
const DraftSection = memo(function DraftSection(props: DraftFormProps) {
  const editing = useSelector(props.actorRef, (snapshot) => snapshot.matches('editing'));
  const locked = useAfterPaint(!editing);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="section"
      aria-label="Draft"
      // Scrolls on its own (two columns); focusable so the keyboard can scroll it while the form
      // is locked.
      tabIndex={0}
      className={classes.draft}
    >
      <Fieldset variant="unstyled" disabled={locked} p={0} m={0} style={{ minWidth: 0 }}>
        <DraftLockedContext.Provider value={locked}>
          <DraftForm {...props} />
        </DraftLockedContext.Provider>
      </Fieldset>
    </Paper>
  );
});

/** Get started, fed with what the machine accepts now (its own subscription). */
function LiveGetStarted({
  actorRef,
  sender,
  draftReady,
  beforeStep,
}: {
  actorRef: ComposeRunRef;
  sender: string | null;
  draftReady: boolean;
  beforeStep: DraftHandOff['beforeStep'];
}) {
  // Get started's Build and Run all act only when the machine takes them (not while a step runs).
  // Deferred: a step press paints first (a press in between sends an event the machine ignores).
  const canStep = useDeferredValue(
    useSelector(
      actorRef,
      (snapshot) => snapshot.can({ type: 'build' }) && snapshot.can({ type: 'run' }),
    ),
  );
  const attempt = useSelector(actorRef, (snapshot) => snapshot.context.attempt);
  // The latest draft first: a press right after typing must not build the one before.
  const onBuild = useCallback(() => {
    if (beforeStep() !== false) actorRef.send({ type: 'build' });
  }, [actorRef, beforeStep]);
  const onRunAll = useCallback(() => {
    if (beforeStep() !== false) actorRef.send({ type: 'run' });
  }, [actorRef, beforeStep]);
  return (
    <GetStarted
      sender={sender}
      attempt={attempt}
      draftReady={draftReady}
      canStep={canStep}
      onBuild={onBuild}
      onRunAll={onRunAll}
    />
  );
}

/** Where the run is, what the chain said, and the chain panel. */
const ResultsColumn = memo(function ResultsColumn({
  actorRef,
  sender,
  draftReady,
  beforeStep,
}: {
  actorRef: ComposeRunRef;
  sender: string | null;
  draftReady: boolean;
  beforeStep: DraftHandOff['beforeStep'];
}) {
  return (
    <Stack gap="sm">
      <InterruptedRunNotice />
      <RunStepper actorRef={actorRef} />
      <CancelledNotice />
      <ResultsPanel
        actorRef={actorRef}
        onStart={
          <LiveGetStarted
            actorRef={actorRef}
            sender={sender}
            draftReady={draftReady}
            beforeStep={beforeStep}
          />
        }
      />
      <ChainPanel />
    </Stack>
  );
});

/**
 * The page's layout. It subscribes to no machine state: each section subscribes to what it shows,
 * so a step press renders the few components whose state changed, not the page.
 */
function ComposeWorkspace() {
  const { actorRef: walletRef } = useWalletMachine();
  const account = useSelector(walletRef, (snapshot) =>
    snapshot.matches('connected') ? snapshot.context.account : null,
  );
  const sender = account?.address ?? null;
  const actorRef = useComposeRun();
  const [draftResult, setDraftResult] = useState<DraftResult | null>(null);
  const { remember, handOver, beforeStep } = useDraftHandOff(actorRef);
  // The composer's own field updates at once; what the rest of the page shows about the draft
  // (Build enabled, problems) follows as a non-urgent update, so a keystroke paints first. A
  // step press hands the latest draft to the machine itself (`beforeStep`).
  const onDraft = useCallback(
    (result: DraftResult) => {
      remember(result);
      startTransition(() => setDraftResult(result));
    },
    [remember],
  );
  // The composer opens on the live run's draft (a run goes on while another page is open).
  const [live] = useState(() => {
    const snapshot = actorRef.getSnapshot();
    const fresh =
      snapshot.matches('editing') &&
      snapshot.context.attempt === 1 &&
      snapshot.context.built === null &&
      snapshot.context.draft.payload.functionArguments.length === 0;
    return fresh
      ? null
      : { draft: snapshot.context.draft, signingMode: snapshot.context.signingMode };
  });
  const draftReady = draftResult?.ok === true;
  const problems = draftResult && !draftResult.ok ? draftResult.problems : null;
  const { workbenchRef, runRef } = useRunSectionHeight();
  return (
    <>
      <DraftToMachine actorRef={actorRef} draftResult={draftResult} handOver={handOver} />
      <div className={classes.workbench} ref={workbenchRef}>
        <div className={classes.draftColumn}>
          <div className={classes.pinned}>
            <RunSection
              actorRef={actorRef}
              draftReady={draftReady}
              beforeStep={beforeStep}
              sender={sender}
              ref={runRef}
            />
            <DraftProblems actorRef={actorRef} problems={problems} />
            <DraftSection actorRef={actorRef} sender={sender} onDraft={onDraft} live={live} />
          </div>
        </div>
        <div className={classes.results}>
          <ResultsColumn
            actorRef={actorRef}
            sender={sender}
            draftReady={draftReady}
            beforeStep={beforeStep}
          />
        </div>
      </div>
    </>
  );
}

/**
 * Compose and run, as a workbench: on the left the step controls and the draft (the controls stay
 * in view at every scroll position and width); on the right where the run is, what the chain said,
 * in tabs, and the chain's ledger and dev controls, folded. The transaction actor lives in RunsProvider, so
 * a run goes on while another page is open, and the draft shown is the live run's.
 */
export function ComposePage() {
  const { network } = useNetwork();
  return <ComposeWorkspace key={network.fullnode} />;
}
