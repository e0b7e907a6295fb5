import type { StateValue } from 'xstate';

/**
 * Turns a state value into a path: `'editing'`, `{ simulated: 'success' }` → `'simulated.success'`.
 * The one spelling of a state the visualizer, the run records, the UI and the tests share.
 *
 * @param value - an XState state value.
 * @returns the dot-separated path (parallel regions joined with `,`).
 */
export function statePath(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${statePath(child)}`))
    .join(',');
}
