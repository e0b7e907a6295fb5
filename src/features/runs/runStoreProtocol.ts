import type { WorkbenchRun } from '../../../machines';
import type { RunFilter } from './runStore';

/**
 * The messages between the page's run store ({@link createRunStoreClient}) and the worker that
 * owns the IndexedDB writes ({@link serveRunStore}). No Dexie here: the page must not load it
 * (Dexie's module opens a `BroadcastChannel` that would wake the page on every write).
 */

export type Transition = WorkbenchRun['transitions'][number];

/** A record's small parts, sent with every save. */
export type RunHeader = Omit<WorkbenchRun, 'transitions' | 'draft' | 'chain' | 'replay'>;

/** A record's large, rarely changing parts, sent only when they changed. */
export type RunDetails = Pick<WorkbenchRun, 'draft' | 'chain' | 'replay'>;

/**
 * One save: what changed since the previous save of the run from this page. `full` when the
 * worker has not seen the run from this page yet (then `details` and every transition are there).
 */
export interface SaveRequest {
  id: number;
  op: 'save';
  runId: string;
  full: boolean;
  header: RunHeader;
  details: RunDetails | null;
  /** The transitions after the previous save's last one. */
  transitions: Transition[];
  /** The lowest `seq` the recorder still keeps (it drops its oldest past its limit). */
  firstSeq: number;
}

/** The store's other operations, forwarded as they are. */
export type CallRequest =
  | { id: number; op: 'getRun'; runId: string }
  | { id: number; op: 'listRuns'; filter: RunFilter }
  | { id: number; op: 'count' }
  | { id: number; op: 'maxRuns' }
  | { id: number; op: 'lastPrune' }
  | { id: number; op: 'putRuns'; records: readonly WorkbenchRun[] }
  | { id: number; op: 'deleteRun'; runId: string }
  | { id: number; op: 'clear' }
  | { id: number; op: 'setMaxRuns'; value: number }
  /** The page stopped tracking a run: the worker drops its copy. */
  | { id: number; op: 'forget'; runId: string }
  | { id: number; op: 'close' };

export type StoreRequest = SaveRequest | CallRequest;

/** An error as it crosses to the page (its name, e.g. `QuotaExceededError`, and message). */
export interface WireError {
  name: string;
  message: string;
}

export type StoreReply = { id: number; value?: unknown } | { id: number; error: WireError };

/** One message from the worker: the replies ready now, and whether the history changed. */
export interface StoreMessage {
  replies: StoreReply[];
  changed: boolean;
}

/** The page's end of the channel: a `Worker`, or a `MessagePort` in tests. */
export interface ClientPort {
  postMessage(message: StoreRequest): void;
  onmessage: ((event: { data: StoreMessage }) => void) | null;
  /** The worker failed to load or threw (a `Worker`'s `error` event). */
  onerror?: ((event: { message?: string }) => void) | null;
  terminate?: () => void;
}

/** The worker's end: `self` in the worker, or a `MessagePort` in tests. */
export interface HostPort {
  postMessage(message: StoreMessage): void;
  onmessage: ((event: { data: StoreRequest }) => void) | null;
}

export function toWireError(error: unknown): WireError {
  if (
    error instanceof Error ||
    (typeof error === 'object' && error !== null && 'message' in error)
  ) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return { name: typeof name === 'string' ? name : 'Error', message: String(message) };
  }
  return { name: 'Error', message: String(error) };
}

export function fromWireError(error: WireError): Error {
  const made =
    error.name === 'RangeError' ? new RangeError(error.message) : new Error(error.message);
  if (made.name !== error.name) made.name = error.name;
  return made;
}

/** Deep equality of JSON values, without allocating (a save runs it on every transition). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index += 1) {
      if (!sameJson(a[index], b[index])) return false;
    }
    return true;
  }
  if (Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let keys = 0;
  for (const key in left) {
    if (!Object.hasOwn(left, key)) continue;
    keys += 1;
    if (!Object.hasOwn(right, key) || !sameJson(left[key], right[key])) return false;
  }
  for (const key in right) if (Object.hasOwn(right, key)) keys -= 1;
  return keys === 0;
}
