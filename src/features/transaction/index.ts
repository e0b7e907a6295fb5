/** Shared result views: a node-shaped transaction in explorer tabs (Compose, History, Chain). */
export { TransactionTabs, TRANSACTION_TABS } from './TransactionTabs';
export type { TransactionTab, TransactionTabsProps } from './TransactionTabs';
export type { NodeTransaction, TimingRow } from './types';
export { EventsTable } from './EventsTable';
export { WriteSetTable } from './WriteSetTable';
export { FeeBreakdownTable } from './FeeBreakdownTable';
export { BalanceChangesTable } from './BalanceChangesTable';
export { OutcomeDiff } from './OutcomeDiff';
export { CodeText } from './CodeText';
export { VmStatusExplanation } from './VmStatusExplanation';
export * from './decode';
