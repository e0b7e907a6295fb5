import type { TransactionEvent, TransactionSnapshot } from '../../../../machines';

/** The events the step controls send (every one without a payload). */
export type StepEvent = Extract<
  TransactionEvent['type'],
  'build' | 'simulate' | 'sign' | 'submit' | 'run' | 'cancel' | 'recheck' | 'edit' | 'retry'
>;

/** One step control: its event, label and keyboard shortcut (with Alt). */
export interface StepControl {
  event: StepEvent;
  label: string;
  /** The letter pressed with Alt, e.g. `B` for Alt+B. */
  key: string;
  /** What it does, for its tooltip. */
  hint: string;
}

function control(event: StepEvent, label: string, key: string, hint: string): StepControl {
  return { event, label, key, hint };
}

/** The controls in the order they are shown. */
export const STEP_CONTROLS: readonly StepControl[] = [
  control('build', 'Build', 'B', 'Build the raw transaction from the draft.'),
  control('simulate', 'Simulate', 'S', 'Ask the node to run it without committing.'),
  control('sign', 'Sign', 'G', 'Ask the connected wallet to sign it.'),
  control('submit', 'Submit', 'U', 'Send the signed transaction to the node and wait.'),
  control('run', 'Run all', 'R', 'Every remaining step, stopping at the first failure.'),
  control('cancel', 'Cancel', 'X', 'Stop the step in progress.'),
  control('recheck', 'Recheck', 'K', 'Ask the chain about the transaction again.'),
  control('edit', 'Edit', 'E', 'Back to the draft; results are cleared.'),
  control('retry', 'Retry', 'T', 'A new attempt with the same draft, run to the end.'),
];

/**
 * Which step controls are enabled: exactly the events the machine `can` take now, with two more
 * conditions of the page: starting from `editing` (Build, Run all) needs a valid draft, and
 * Cancel is offered only while a step is busy.
 *
 * @param snapshot - the transaction machine's snapshot.
 * @param draftReady - whether the composer reports a valid draft.
 * @returns each control's enabled state.
 * @example
 * ```ts
 * enabledControls(actor.getSnapshot(), true).simulate; // true in `built`
 * ```
 */
export function enabledControls(
  snapshot: Pick<TransactionSnapshot, 'can' | 'hasTag' | 'matches'>,
  draftReady: boolean,
): Record<StepEvent, boolean> {
  const editing = snapshot.matches('editing');
  const can = (type: StepEvent) => snapshot.can({ type });
  return {
    build: can('build') && (!editing || draftReady),
    simulate: can('simulate'),
    sign: can('sign'),
    submit: can('submit'),
    run: can('run') && (!editing || draftReady),
    cancel: snapshot.hasTag('busy') && can('cancel'),
    recheck: can('recheck'),
    edit: can('edit'),
    retry: can('retry'),
  };
}

/** `Alt+B`, as `aria-keyshortcuts` and the hint write it. */
export function shortcutOf(control: Pick<StepControl, 'key'>): string {
  return `Alt+${control.key}`;
}
