import { Badge, Burger, Button, Group, Select, Title, Tooltip } from '@mantine/core';
import { ColorSchemeToggle } from '../ColorSchemeToggle';

export interface AppHeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

const networkChoices = [
  { value: 'local', label: 'Local (embedded chain)' },
  { value: 'devnet', label: 'Devnet', disabled: true },
  { value: 'testnet', label: 'Testnet', disabled: true },
  { value: 'mainnet', label: 'Mainnet', disabled: true },
  { value: 'custom', label: 'Custom…', disabled: true },
];

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
        <Tooltip label="Only the embedded local chain for now; devnet, testnet, mainnet and custom nodes come with network selection.">
          <Select
            aria-label="Network"
            data={networkChoices}
            value="local"
            allowDeselect={false}
            w={210}
            visibleFrom="xs"
            readOnly
          />
        </Tooltip>
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
