import { AptosApiError } from '@aptos-labs/ts-sdk';
import { errorMessage } from '../../../errors/errorMessage';
import { networkLabels, type NetworkConfig } from '../../../network/networks';

/** How long the composer waits for the node before it says the node did not answer. */
export const COMPOSER_TIMEOUT_MS = 10_000;

/**
 * Rejects when `promise` has not settled within `ms`: a node that never answers (a dropped
 * connection) ends in an error the page can explain, not in "Loading…" forever.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer to ${what} within ${Math.round(ms / 1000)} s`)),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A failed read as one sentence that names the network and says what to do: the node's own answer
 * when it answered, otherwise that it cannot be reached and how to fix that.
 *
 * @example
 * ```ts
 * networkProblem(presetNetworks.devnet, 'the modules at 0x1', new TypeError('Failed to fetch'));
 * // 'Could not load the modules at 0x1 from the Devnet node at https://…/v1: it cannot be reached (Failed to fetch). Check your connection, or pick another network in the header.'
 * ```
 */
export function networkProblem(network: NetworkConfig, what: string, error: unknown): string {
  const label = networkLabels[network.kind];
  if (error instanceof AptosApiError) {
    return `Could not load ${what} from the ${label} node at ${network.fullnode}: ${errorMessage(error)}.`;
  }
  const hint =
    network.kind === 'local'
      ? 'Start the embedded chain with npm start (or npm run localnet).'
      : `Check your connection, or pick another network in the header${network.kind === 'custom' ? ' (or correct the custom URL)' : ''}.`;
  return `Could not load ${what} from the ${label} node at ${network.fullnode}: it cannot be reached (${errorMessage(error)}). ${hint}`;
}
