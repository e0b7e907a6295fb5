/** A run's stored Move trace, shown when the chain cannot answer for it. */
export { StoredTrace } from './StoredTrace';
export type { StoredTraceProps } from './StoredTrace';
