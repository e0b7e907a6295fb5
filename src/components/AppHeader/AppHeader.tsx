import { Badge, Burger, Button, Group, Title, Tooltip } from '@mantine/core';
import { NetworkSelector } from '../../network/NetworkSelector';
import { ColorSchemeToggle } from '../ColorSchemeToggle';

export interface AppHeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

/** Product name, network choice and wallet entry point. */
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
        <Tooltip label="Wallet connection comes with the dev wallet and the wallet adapter.">
          <Button
            variant="filled"
            data-disabled
            aria-disabled="true"
            onClick={(e) => e.preventDefault()}
          >
            Connect wallet
          </Button>
        </Tooltip>
        <ColorSchemeToggle />
      </Group>
    </Group>
  );
}
