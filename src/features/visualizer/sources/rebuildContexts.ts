import type { InspectionEvent } from 'xstate';
import {
  redactSecrets,
  replayRun,
  toJsonValue,
  type JsonValue,
  type ReplayOptions,
  type WorkbenchRun,
} from '../../../../machines';
import type { SourceTransition } from '../timeline/timelineModel';

/** A run record's transitions with the context after each, where it could be rebuilt. */
export interface RebuiltContexts {
  transitions: SourceTransition[];
  /** How many transitions got a context. */
  rebuilt: number;
  /** Why some or all transitions have none (no replay data, a divergence), else `null`. */
  note: string | null;
}

interface ContextView {
  context?: { attempt?: unknown };
  machine?: { id?: string };
}

/**
 * Collects the context after each transition of a re-run, in the order the run recorder numbers
 * them (`seq`): the initial snapshot, then every root microstep that took a transition, grouped by
 * attempt. Copies are JSON with secrets redacted, as the live trace keeps them.
 */
function contextCollector(): {
  inspect: (event: InspectionEvent) => void;
  of: (attempt: number) => JsonValue[];
} {
  const byAttempt = new Map<number, JsonValue[]>();
  let started = false;
  const keep = (snapshot: unknown) => {
    const view = snapshot as ContextView;
    if (view.machine?.id !== 'transaction' || view.context === undefined) return;
    const attempt = typeof view.context.attempt === 'number' ? view.context.attempt : 0;
    const list = byAttempt.get(attempt) ?? [];
    list.push(redactSecrets(toJsonValue(view.context)));
    byAttempt.set(attempt, list);
  };
  return {
    inspect: (inspection) => {
      if (inspection.actorRef.sessionId !== inspection.rootId) return;
      if (inspection.type === '@xstate.snapshot' && inspection.event.type === 'xstate.init') {
        if (!started) keep(inspection.snapshot);
        started = true;
      } else if (inspection.type === '@xstate.microstep' && inspection._transitions.length > 0) {
        keep(inspection.snapshot);
      }
    },
    of: (attempt) => byAttempt.get(attempt) ?? [],
  };
}

/**
 * Rebuilds the context after each transition of a stored or imported run, which records keep
 * none of: the transaction machine runs the attempt again with the replay actors
 * (`machines/replay.ts`: each invoked actor answers with its recorded output, the recorded user
 * events are sent again), and the context after each re-run transition is matched to the
 * record's transition of the same `seq`. Transitions after a divergence get no context.
 *
 * Nothing secret comes back: the re-run starts from the record's redacted draft and answers, and
 * every context is redacted again.
 *
 * @param record - a run record, with its replay data when the workbench recorded it.
 * @param options - replay options (a changed machine, a flush), for tests.
 * @returns the transitions, with `context` where it was rebuilt, and a note on what is missing.
 */
export async function rebuildContexts(
  record: WorkbenchRun,
  options: Omit<ReplayOptions, 'inspect'> = {},
): Promise<RebuiltContexts> {
  const plain: SourceTransition[] = record.transitions.map((transition) => ({ ...transition }));
  const collector = contextCollector();
  let result: Awaited<ReturnType<typeof replayRun>>;
  try {
    result = await replayRun(record, { ...options, inspect: collector.inspect });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      transitions: plain,
      rebuilt: 0,
      note: `Contexts could not be rebuilt by re-running this record: ${reason}`,
    };
  }
  const contexts = collector.of(record.attempt);
  const until = result.divergence?.index ?? Number.POSITIVE_INFINITY;
  let rebuilt = 0;
  const transitions = plain.map((transition, index): SourceTransition => {
    const context = contexts[transition.seq - 1];
    if (index >= until || context === undefined) return transition;
    rebuilt += 1;
    return { ...transition, context };
  });
  const divergence = result.divergence;
  return {
    transitions,
    rebuilt,
    note:
      divergence === null
        ? null
        : `The re-run differs from the record at seq ${divergence.expected?.seq ?? divergence.index + 1} (${divergence.fields.join(', ')}): transitions from there on have no context.`,
  };
}
