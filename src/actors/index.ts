/**
 * The real implementations handed to the machines with `machine.provide()`: where the wallet
 * adapter, the dev wallet and TanStack Query meet the machines.
 */
export { createAdapterBridge } from './adapterBridge';
export type {
  AdapterBridge,
  AdapterBridgeState,
  AdapterCommands,
  AdapterView,
  WalletListing,
} from './adapterBridge';
export { createConnectWallet } from './connectWallet';
export { createDisconnectWallet } from './disconnectWallet';
export { createWatchWallet } from './watchWallet';
export { createWalletActors } from './createWalletActors';
export { REPORT_TIMEOUT_MS } from './walletActorDeps';
export type { WalletActorDeps, WalletEnvironment, WalletNotice } from './walletActorDeps';
export { runWalletRequest, WalletRequestError } from './walletRequestError';
