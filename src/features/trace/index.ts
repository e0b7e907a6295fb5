/** The Trace tab: a Move execution's call tree, gas flamegraph and frame detail. */
export { TraceTab, traceTarget } from './TraceTab';
export type { TraceTabProps, TraceTarget } from './TraceTab';
export { TraceView } from './TraceView';
export type { TraceViewProps } from './TraceView';
export { FrameDetail } from './FrameDetail';
export type { FrameDetailProps } from './FrameDetail';
