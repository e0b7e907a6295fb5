/**
 * The Workbench Dev Wallet, React entry: the provider and hooks that reach a dev wallet, the
 * approval prompt and the wallet panel. The wallet itself is in the core entry (`./index`).
 */
export { DevWalletContext, DevWalletProvider } from './DevWalletContext';
export type { DevWalletProviderProps } from './DevWalletContext';
export { useDevWallet } from './useDevWallet';
export { useDevWalletSnapshot } from './useDevWalletSnapshot';
export { ApprovalModal, RequestSummary } from './ApprovalModal';
export type { ApprovalModalProps, RequestSummaryProps } from './ApprovalModal';
export { DevWalletPanel } from './DevWalletPanel';
export type { DevWalletPanelProps } from './DevWalletPanel';
