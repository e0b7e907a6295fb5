/** Replaying a real transaction on a fork of its network (issue 34). */
export { ForkReplayPanel } from './ForkReplayPanel';
export type { ForkReplayPanelProps } from './ForkReplayPanel';
export { ForkRunSection, runNetwork } from './ForkRunSection';
