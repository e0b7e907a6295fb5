import { SimpleGrid, Stack } from '@mantine/core';
import { AccountInspector } from './AccountInspector';
import { DevControlsPanel } from './devControls';
import { LedgerCard } from './LedgerCard';
import { TransactionLookup } from './TransactionLookup';

/**
 * What the selected network knows: its ledger, any account, any transaction; on the embedded
 * chain, its dev controls.
 */
export function ChainPage() {
  return (
    <Stack gap="md">
      <LedgerCard />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <AccountInspector />
        <TransactionLookup />
      </SimpleGrid>
      <DevControlsPanel />
    </Stack>
  );
}
