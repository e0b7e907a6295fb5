/**
 * The app's explanations of VM statuses come from the one catalog in `machines/vmStatus.ts`,
 * which the classifier's summaries, `replay/` and the CLI read too: a status gets the same cause
 * and fix in the outcome summary and in the explanation panels.
 */
export { explainValidationCode, explainVmStatus } from '../../../machines';
export type { MoveAbort, ValidationCodeExplanation, VmStatusExplanation } from '../../../machines';
