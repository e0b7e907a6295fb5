/**
 * The Workbench Dev Wallet: an in-page AIP-62 wallet the wallet adapter lists like a browser
 * extension. See DevWallet for how statuses (REJECTED, CANCELLED, INVALID) surface.
 */
export { createDevWallet, DevWallet, MAINNET_REFUSAL } from './DevWallet';
export type { DevWalletOptions } from './DevWallet';
export { registerDevWallet } from './registerDevWallet';
export { createStandardWallet } from './createStandardWallet';
export { DevWalletError } from './DevWalletError';
export type { DevWalletErrorCode } from './DevWalletError';
export {
  APPROVAL_POLICIES,
  APPROVAL_POLICY_PARAM,
  approvalPolicyFromSearch,
  isApprovalPolicy,
} from './approvalPolicy';
export {
  DEFAULT_DERIVATION_PATH,
  DEFAULT_FUND_AMOUNT,
  DEV_WALLET_ICON,
  DEV_WALLET_NAME,
  MAINNET_CHAIN_ID,
  MNEMONIC_WORD_COUNTS,
} from './constants';
export { deriveAccount, parsePrivateKey, validateDerivationPath, validateMnemonic } from './keys';
export {
  createLocalStorageKeyStore,
  createMemoryKeyStore,
  DEV_WALLET_STORAGE_KEY,
  parsePersistedDevWallet,
} from './keyStore';
export type {
  DevWalletKeyStore,
  MemoryKeyStore,
  PersistedAccount,
  PersistedDevWallet,
} from './keyStore';
export {
  DEV_WALLET_NETWORK_NAMES,
  faucetRefusal,
  isMainnet,
  isPersistentNetwork,
  LOCAL_NETWORK,
  networkLabel,
  resolveNetwork,
  toNetworkInfo,
} from './networks';
export type { DevWalletNetwork, DevWalletNetworkInput, DevWalletNetworkName } from './networks';
export { createSdkChainClient, fetchChainIdWithSdk } from './chainClient';
export type { CreateChainClient, DevWalletChainClient } from './chainClient';
export { buildFullMessage, formatOctas, summarizeTransaction } from './summaries';
export type {
  ApprovalDecision,
  ApprovalPolicy,
  ArgumentSummary,
  DevWalletAccount,
  DevWalletAccountOrigin,
  DevWalletEvent,
  DevWalletRequestKind,
  DevWalletRequestRecord,
  DevWalletRequestStatus,
  DevWalletRequestSummary,
  DevWalletSnapshot,
  NetworkSummary,
  TransactionSummary,
} from './types';
export { DevWalletContext, DevWalletProvider } from './DevWalletContext';
export type { DevWalletProviderProps } from './DevWalletContext';
export { useDevWallet } from './useDevWallet';
export { useDevWalletSnapshot } from './useDevWalletSnapshot';
export { ApprovalModal, RequestSummary } from './ApprovalModal';
export type { ApprovalModalProps, RequestSummaryProps } from './ApprovalModal';
export { DevWalletPanel } from './DevWalletPanel';
export type { DevWalletPanelProps } from './DevWalletPanel';
