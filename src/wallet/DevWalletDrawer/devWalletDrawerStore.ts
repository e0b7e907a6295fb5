import { useSyncExternalStore } from 'react';

let opened = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (opened === next) return;
  opened = next;
  for (const listener of listeners) listener();
}

/** Opens the dev wallet's drawer (the wallet panel's "Open dev wallet" button calls it). */
export function openDevWalletDrawer(): void {
  set(true);
}

/** Closes the dev wallet's drawer. */
export function closeDevWalletDrawer(): void {
  set(false);
}

/** Whether the dev wallet's drawer is open. */
export function useDevWalletDrawerOpened(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => opened,
  );
}
