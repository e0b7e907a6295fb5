/**
 * The composer's public face. `Composer` owns the form state (persisted, so the draft survives a
 * reload) and reports, on every change, either a valid draft for the transaction machine or the
 * problems that keep it from being one.
 */
export type { ComposerProps, DraftResult } from './types';
export { Composer } from './Composer';
export { DraftLockedContext } from './draftLock';
