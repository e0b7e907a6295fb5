import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ApprovalDecision, DevWalletRequestKind, DevWalletRequestRecord } from '../types';
import { useDevWallet } from '../useDevWallet';
import { useDevWalletSnapshot } from '../useDevWalletSnapshot';
import { RequestSummary } from './RequestSummary';

const TITLES: Record<DevWalletRequestKind, string> = {
  connect: 'Connect this app to the dev wallet?',
  signTransaction: 'Sign this transaction?',
  signAndSubmitTransaction: 'Sign and submit this transaction?',
  signMessage: 'Sign this message?',
  changeNetwork: 'Switch the wallet network?',
};

/** Props of {@link ApprovalModal}. */
export interface ApprovalModalProps {
  /** Mantine transition length in ms (tests pass 0). */
  transitionDuration?: number;
}

/**
 * The dev wallet's approval prompt: shows the oldest pending request with its summary and
 * answers it with Approve, Reject or Cancel. Closing it any other way (Escape, the close button,
 * a click outside) answers CANCELLED. Render it once, anywhere under `DevWalletProvider`.
 *
 * @example
 * ```tsx
 * <DevWalletProvider wallet={devWallet}>
 *   <App />
 *   <ApprovalModal />
 * </DevWalletProvider>
 * ```
 */
export function ApprovalModal({ transitionDuration }: ApprovalModalProps) {
  const wallet = useDevWallet();
  const { pending } = useDevWalletSnapshot();
  const current = pending.at(0);
  // Keep showing the last request while the modal animates out.
  const [shown, setShown] = useState<DevWalletRequestRecord | undefined>(current);
  if (current !== undefined && current !== shown) setShown(current);

  const respond = (decision: ApprovalDecision) => {
    if (current === undefined) return;
    if (!wallet.getSnapshot().pending.some((request) => request.id === current.id)) return;
    wallet.respond({ id: current.id, decision });
  };

  return (
    <Modal
      opened={current !== undefined}
      onClose={() => respond('CANCELLED')}
      title={shown === undefined ? 'Dev wallet' : TITLES[shown.kind]}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close and cancel the request' }}
      transitionProps={
        transitionDuration === undefined ? undefined : { duration: transitionDuration }
      }
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Workbench Dev Wallet · request {shown?.id}
          {pending.length > 1 ? ` · ${pending.length - 1} more waiting` : ''}
        </Text>
        {shown?.summary !== undefined && <RequestSummary summary={shown.summary} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => respond('CANCELLED')}>
            Cancel
          </Button>
          <Button variant="light" color="red" onClick={() => respond('REJECTED')}>
            Reject
          </Button>
          <Button onClick={() => respond('APPROVED')}>Approve</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
