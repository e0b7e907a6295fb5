/** The embedded chain's dev controls, for the Chain area and the Compose page's chain panel. */
export { DevControlsPanel } from './DevControlsPanel';
export { useDevControl } from './useDevControl';
export {
  callDevControl,
  devControlQueries,
  DevControlError,
  workbenchQueryKey,
  workbenchUrl,
} from './devControlQueries';
export type {
  MempoolEntry,
  MiningMode,
  WorkbenchClock,
  WorkbenchFaults,
  WorkbenchSnapshot,
  WorkbenchStatus,
} from './devControlQueries';
