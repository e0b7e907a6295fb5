import type { DevWallet } from '../devwallet';
import type { ChainCheck } from '../network/ledgerQueries';
import type { NetworkConfig } from '../network/networks';
import type { AdapterBridge } from './adapterBridge';

/** What the app knows when an actor runs: the selected network and whether it answers. */
export interface WalletEnvironment {
  network: NetworkConfig;
  chainCheck: ChainCheck;
  /** `navigator.onLine`. */
  online: boolean;
}

/** A message for the person, outside any request they are waiting on. */
export interface WalletNotice {
  title: string;
  message: string;
}

/** What the wallet actors are built from. */
export interface WalletActorDeps {
  bridge: AdapterBridge;
  /** The in-page dev wallet, for its request statuses and its own events. */
  devWallet?: DevWallet;
  getEnvironment: () => WalletEnvironment;
  notify: (notice: WalletNotice) => void;
  /** How long to wait for the adapter to report a connection it made (default 5 s). */
  reportTimeoutMs?: number;
}

/** Default of {@link WalletActorDeps.reportTimeoutMs}. */
export const REPORT_TIMEOUT_MS = 5_000;
