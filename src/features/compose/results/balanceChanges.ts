/** Moved to the shared result views; re-exported so existing imports keep working. */
export * from '../../transaction/balanceChanges';
