/**
 * The transaction machine's state names in words, for people scanning History: `submitRejected`
 * reads "Submit rejected". The state name stays beside it (a tooltip, the run page) and is what the
 * visualizer shows, where it is the machine's vocabulary.
 */
const STATE_LABELS: Readonly<Record<string, string>> = {
  editing: 'Editing',
  building: 'Building',
  built: 'Built',
  simulating: 'Simulating',
  'simulated.success': 'Simulated: success',
  'simulated.failure': 'Simulated: failure',
  'signing.signOnly': 'Signing',
  'signing.signAndSubmit': 'Signing and submitting',
  signed: 'Signed',
  submitting: 'Submitting',
  pending: 'Pending',
  rechecking: 'Rechecking',
  committed: 'Committed',
  failed: 'Failed on chain',
  timedOut: 'Timed out',
  expired: 'Expired',
  rejected: 'Rejected by the wallet',
  submitRejected: 'Submit rejected',
  buildError: 'Build error',
  simulationError: 'Simulation error',
};

/**
 * A state name in words; a name the map does not know (a record from a newer machine) as it is.
 *
 * @example
 * ```ts
 * stateLabel('timedOut'); // 'Timed out'
 * ```
 */
export function stateLabel(state: string): string {
  return STATE_LABELS[state] ?? state;
}
