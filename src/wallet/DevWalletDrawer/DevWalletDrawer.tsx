import { Drawer } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { DevWalletPanel } from '../../devwallet/react';
import { useNetwork } from '../../network/useNetwork';
import { accountQueries } from '../../queries/chainQueries';
import { closeDevWalletDrawer, useDevWalletDrawerOpened } from './devWalletDrawerStore';

/**
 * The drawer with the dev wallet's panel (accounts, network, approval policy, request log),
 * opened from the header's one wallet entry point ("Open dev wallet"). Closing it refreshes
 * account data, which the wallet may have changed (a faucet funding, a new active account).
 *
 * @example
 * ```tsx
 * <DevWalletDrawer />
 * ```
 */
export function DevWalletDrawer() {
  const opened = useDevWalletDrawerOpened();
  const queryClient = useQueryClient();
  const { network } = useNetwork();
  const onClose = () => {
    closeDevWalletDrawer();
    void queryClient.invalidateQueries({ queryKey: accountQueries.all(network) });
  };
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xl"
      title="Workbench Dev Wallet"
      // Below the approval prompt (a modal, 200), which must stay on top.
      zIndex={190}
      closeButtonProps={{ 'aria-label': 'Close the dev wallet' }}
    >
      <DevWalletPanel headingOrder={2} />
    </Drawer>
  );
}
