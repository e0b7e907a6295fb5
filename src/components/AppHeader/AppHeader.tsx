import { Badge, Burger, Group, Title } from '@mantine/core';
import classes from './AppHeader.module.css';
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
    <div className={classes.header}>
      <Group className={classes.brand} gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
        />
        <Title order={1} size="h4" style={{ whiteSpace: 'nowrap' }}>
          Transaction Workbench
        </Title>
        <Badge variant="light" visibleFrom="sm">
          Aptos
        </Badge>
      </Group>
      <Group className={classes.controls} gap="sm" wrap="nowrap">
        <NetworkSelector />
        <WalletButton />
        <DevWalletDrawer />
      </Group>
      <div className={classes.toggle}>
        <ColorSchemeToggle />
      </div>
    </div>
  );
}
