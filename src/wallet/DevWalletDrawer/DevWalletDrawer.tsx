import { Button, Drawer } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { DevWalletPanel } from '../../devwallet/react';
import { useNetwork } from '../../network/useNetwork';
import { accountQueries } from '../../queries/chainQueries';

/**
 * The "Dev wallet" header button and the drawer with the dev wallet's panel (accounts, faucet,
 * network, approval policy, request log). Closing it refreshes account data, which the wallet may
 * have changed (a faucet funding, a new active account).
 *
 * @example
 * ```tsx
 * <DevWalletDrawer />
 * ```
 */
export function DevWalletDrawer() {
  const [opened, { open, close }] = useDisclosure(false);
  const queryClient = useQueryClient();
  const { network } = useNetwork();
  const onClose = () => {
    close();
    void queryClient.invalidateQueries({ queryKey: accountQueries.all(network) });
  };
  return (
    <>
      <Button variant="default" onClick={open} aria-haspopup="dialog" aria-expanded={opened}>
        Dev wallet
      </Button>
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
    </>
  );
}
