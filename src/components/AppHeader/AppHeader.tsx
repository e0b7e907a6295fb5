import { Badge, Burger, Group, Title } from '@mantine/core';
import { NetworkSelector } from '../../network/NetworkSelector';
import { DevWalletDrawer, WalletButton } from '../../wallet';
import { ColorSchemeToggle } from '../ColorSchemeToggle';

export interface AppHeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

/** Product name, network choice, the wallet button and the dev wallet. */
export function AppHeader({ navOpened, onToggleNav }: AppHeaderProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
        />
        <Title order={1} size="h4">
          Transaction Workbench
        </Title>
        <Badge variant="light" visibleFrom="sm">
          Aptos
        </Badge>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <NetworkSelector />
        <WalletButton />
        <DevWalletDrawer />
        <ColorSchemeToggle />
      </Group>
    </Group>
  );
}
