import { queryOptions } from '@tanstack/react-query';
import type { NetworkConfig } from '../../../network/networks';

/** `GET /workbench/status`. */
export interface WorkbenchStatus {
  ledger_version: string;
  block_height: string;
  user_transactions: number;
  mempool_size: number;
  mining: MiningMode;
  faults: WorkbenchFaults;
}

/** The embedded chain's mining mode. */
export type MiningMode =
  | { mode: 'instant' }
  /** `idleBlockMs`: an empty block after that long without one (a real localnet's idle blocks). */
  | { mode: 'interval'; intervalMs: number; idleBlockMs?: number }
  | { mode: 'manual' };

/** `GET /workbench/faults`. */
export interface WorkbenchFaults {
  delayCommitsMs: number;
  holdNext: number;
  rejectNext: number;
}

/** `GET /workbench/clock`. */
export interface WorkbenchClock {
  /** Wall time + offset, µs. */
  now_microseconds: string;
  offset_microseconds: string;
  /** The last block's time, µs. */
  ledger_microseconds: string;
  /** When the next block would be stamped: max(now, ledger + 1 µs). */
  next_block_microseconds: string;
}

/** One entry of `GET /workbench/mempool`: a pending transaction and whether it is held. */
export interface MempoolEntry {
  hash: string;
  sender: string;
  sequence_number: string;
  expiration_timestamp_secs: string;
  held: boolean;
  payload?: { function?: string };
}

/** `POST /workbench/snapshot`. */
export interface WorkbenchSnapshot {
  id: string;
  version: number;
  height: number;
  /** The clock offset taken with the snapshot; a revert restores it. */
  offset_microseconds: string;
}

/** An error answer of the dev controls, with the node's message. */
export class DevControlError extends Error {
  readonly status: number;

  constructor(args: { path: string; status: number; message: string }) {
    super(`${args.path} answered ${args.status}: ${args.message}`);
    this.name = 'DevControlError';
    this.status = args.status;
  }
}

/** The dev controls' base URL (the REST port, beside `/v1`): `http://127.0.0.1:8080/workbench`. */
export function workbenchUrl(network: NetworkConfig): string {
  const url = new URL(network.fullnode);
  url.pathname = `${url.pathname.replace(/\/v1\/?$/, '').replace(/\/$/, '')}/workbench`;
  url.search = '';
  return url.toString();
}

/**
 * Calls one dev control: `GET` without a body, `POST` with a JSON body.
 *
 * @example
 * ```ts
 * await callDevControl({ network, path: '/faults', body: { holdNext: 1 } });
 * ```
 */
export async function callDevControl<T>(args: {
  network: NetworkConfig;
  path: string;
  body?: unknown;
}): Promise<T> {
  const { network, path, body } = args;
  const response = await fetch(`${workbenchUrl(network)}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) {
    let message = text;
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === 'string') message = parsed.message;
    } catch {
      // Not JSON: keep the text.
    }
    throw new DevControlError({ path: `/workbench${path}`, status: response.status, message });
  }
  return JSON.parse(text) as T;
}

/** The query key every dev control query starts with, per node. */
export function workbenchQueryKey(network: NetworkConfig) {
  return ['workbench', network.fullnode] as const;
}

/** One polled `GET /workbench/<what>`; the dev controls have no retry: a node without them says so. */
function workbenchQuery<T>(network: NetworkConfig, what: string, refetchInterval: number) {
  return queryOptions({
    queryKey: [...workbenchQueryKey(network), what] as const,
    queryFn: () => callDevControl<T>({ network, path: `/${what}` }),
    refetchInterval,
    retry: false,
  });
}

/** TanStack Query factories for the embedded chain's dev controls (network kind `local`). */
export const devControlQueries = {
  status: (network: NetworkConfig) => workbenchQuery<WorkbenchStatus>(network, 'status', 2_000),
  mempool: (network: NetworkConfig) => workbenchQuery<MempoolEntry[]>(network, 'mempool', 2_000),
  clock: (network: NetworkConfig) => workbenchQuery<WorkbenchClock>(network, 'clock', 5_000),
};
