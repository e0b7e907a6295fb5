import { Button, Loader, Popover } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { WalletSnapshot } from '../../../machines';
import { useWalletMachine } from '../useWalletMachine';
import { shortAddress } from '../../format/address';
import { openDevWalletDrawer } from '../DevWalletDrawer';
import { WalletPanel } from './WalletPanel';

function buttonText(state: WalletSnapshot): { text: string; label?: string } {
  const address = state.context.account?.address;
  if (state.matches('connected') && address !== undefined) {
    const short = shortAddress(address);
    return state.matches({ connected: 'wrongNetwork' })
      ? { text: `${short} · wrong network`, label: `Wallet ${short}, wrong network` }
      : { text: short, label: `Wallet ${short}, connected` };
  }
  if (state.matches('detecting')) return { text: 'Detecting wallets…' };
  if (state.matches('unavailable')) return { text: 'No wallet available' };
  if (state.matches('connecting')) return { text: 'Connecting…' };
  if (state.matches('reconnecting')) return { text: 'Reconnecting…' };
  if (state.matches('disconnecting')) return { text: 'Disconnecting…' };
  if (state.matches('rejected')) return { text: 'Connection rejected' };
  return { text: 'Connect wallet' };
}

/**
 * The header's one wallet entry point: a button that says where the wallet machine is (and the short
 * address once connected), opening the wallet panel. While the machine is busy, or a request from
 * the panel runs, the panel stays open so the wallet's prompt can be answered.
 *
 * @example
 * ```tsx
 * <WalletButton />
 * ```
 */
export function WalletButton() {
  const { actorRef } = useWalletMachine();
  const { text, label } = useSelector(actorRef, buttonText, (a, b) => a.text === b.text);
  const busy = useSelector(actorRef, (state) => state.hasTag('busy'));
  const error = useSelector(actorRef, (state) => state.hasTag('error'));
  const headingId = useId();
  const [opened, setOpened] = useState(false);
  const [requestRunning, setRequestRunning] = useState(false);
  const pinned = busy || requestRunning;

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      // 400 px, or the screen's width less a margin on a phone.
      width="min(400px, calc(100vw - 16px))"
      shadow="md"
      withinPortal={false}
      // Below the dev wallet's approval prompt (a modal, 200), which must stay on top.
      zIndex={190}
      closeOnClickOutside={!pinned}
      closeOnEscape={!pinned}
    >
      <Popover.Target>
        <Button
          variant={error ? 'light' : 'filled'}
          color={error ? 'orange' : undefined}
          leftSection={busy ? <Loader size={14} color="currentColor" /> : undefined}
          aria-label={label}
          onClick={() => setOpened((current) => !current)}
          // The popover closes on Escape only from inside it; the button opened it, so Escape
          // there closes it too (unless a request keeps it pinned).
          onKeyDown={(event) => {
            if (event.key === 'Escape' && opened && !pinned) {
              event.preventDefault();
              setOpened(false);
            }
          }}
        >
          {text}
        </Button>
      </Popover.Target>
      <Popover.Dropdown
        aria-labelledby={headingId}
        mah="calc(100vh - 80px)"
        style={{ overflowY: 'auto' }}
      >
        <WalletPanel
          headingId={headingId}
          onBusyChange={setRequestRunning}
          onOpenDevWallet={() => {
            setOpened(false);
            openDevWalletDrawer();
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
