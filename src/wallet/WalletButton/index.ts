export { WalletButton } from './WalletButton';
export { WalletPanel } from './WalletPanel';
export type { WalletPanelProps } from './WalletPanel';
