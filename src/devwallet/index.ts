/**
 * The Workbench Dev Wallet, core entry (no React): an in-page AIP-62 wallet the wallet adapter
 * lists like a browser extension. See README.md for the map of its modules; the panel, the
 * approval prompt and the hooks are in `./react`.
 */
export { createDevWallet, DevWallet } from './DevWallet';
export type { DevWalletOptions } from './DevWallet';
export { MAINNET_REFUSAL } from './signingChecks';
export { registerDevWallet } from './registerDevWallet';
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
  toStandardNetworkInfo,
} from './networks';
export type { DevWalletNetwork, DevWalletNetworkInput, DevWalletNetworkName } from './networks';
export { createSdkChainClient, fetchChainIdWithSdk } from './chainClient';
export type { CreateChainClient, DevWalletChainClient } from './chainClient';
export { buildFullMessage, formatOctas, summarizeTransaction } from './summaries';
export type * from './types';
