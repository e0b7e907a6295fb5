/**
 * The wallet side of the UI: the wallet machine's provider and hooks, the adapter provider wired
 * to it, the header's wallet button and the dev wallet drawer.
 */
export { WalletMachineProvider } from './WalletMachineProvider';
export type { WalletMachineProviderProps } from './WalletMachineProvider';
export { WalletMachineContext } from './WalletMachineContext';
export type { WalletMachineContextValue } from './WalletMachineContext';
export { WalletAdapterProvider } from './WalletAdapterProvider';
export { AdapterBridgeSync, toAdapterView } from './AdapterBridgeSync';
export { useWalletMachine } from './useWalletMachine';
export { useAdapterBridgeState } from './useAdapterBridgeState';
export { useTransactionSigner } from './useTransactionSigner';
export { createAutoConnect, useAutoConnect } from './useAutoConnect';
export type { AutoConnect } from './useAutoConnect';
export { WalletButton, WalletPanel } from './WalletButton';
export type { WalletPanelProps } from './WalletButton';
export { SendAptForm } from './SendAptForm';
export type { SendAptFormProps } from './SendAptForm';
export { DevWalletDrawer } from './DevWalletDrawer';
export { toAppNetwork, chainIdText, UNKNOWN_CHAIN_ID } from './networkConverters';
export {
  KEYLESS_WALLET_NAMES,
  isKeylessWallet,
  offeredWallets,
  supportsKeylessWallets,
  walletRefusal,
} from './keylessWallets';
export { createAptosConnectClient } from './aptosConnectClient';
