/** Steps that wait for I/O; each one's time is summed in {@link StateTiming.stepDurationsMs}. */
export type TimedStep =
  'building' | 'simulating' | 'signing' | 'submitting' | 'pending' | 'rechecking';

/** The timed steps in the order a transaction goes through them. */
export const TIMED_STEPS: readonly TimedStep[] = [
  'building',
  'simulating',
  'signing',
  'submitting',
  'pending',
  'rechecking',
];

function isTimedStep(state: string): state is TimedStep {
  return (TIMED_STEPS as readonly string[]).includes(state);
}

/**
 * When each state of the current attempt was entered and how long each step took, in
 * milliseconds from the injected clock. Plain numbers: JSON-safe.
 */
export interface StateTiming {
  /** Clock reading when the attempt's first state was entered. */
  attemptStartedAt: number | null;
  /** Clock reading of the latest entry into each state (`simulated.success`, `pending`, …). */
  enteredAt: Record<string, number>;
  /** Total time spent in each step of the attempt (re-entries add up). */
  stepDurationsMs: Partial<Record<TimedStep, number>>;
  /** The state entered last and when. */
  current: { state: string; since: number } | null;
}

/** Timing of an attempt that has not entered any state yet. */
export function emptyTiming(): StateTiming {
  return { attemptStartedAt: null, enteredAt: {}, stepDurationsMs: {}, current: null };
}

/**
 * Records entering `state` at clock reading `at`: closes the step being left (if it was a timed
 * step) and opens the new one. Pure: returns a new object.
 *
 * @param timing - the attempt's timing so far.
 * @param state - the state path entered, e.g. `simulated.failure`.
 * @param at - the clock reading, in milliseconds.
 * @returns the updated timing.
 */
export function enterState(timing: StateTiming, state: string, at: number): StateTiming {
  const previous = timing.current;
  // Only leaving a timed step changes the durations; otherwise the (never mutated) object is kept.
  let stepDurationsMs = timing.stepDurationsMs;
  if (previous !== null && isTimedStep(previous.state)) {
    stepDurationsMs = {
      ...stepDurationsMs,
      [previous.state]: (stepDurationsMs[previous.state] ?? 0) + Math.max(0, at - previous.since),
    };
  }
  return {
    attemptStartedAt: timing.attemptStartedAt ?? at,
    enteredAt: { ...timing.enteredAt, [state]: at },
    stepDurationsMs,
    current: { state, since: at },
  };
}
