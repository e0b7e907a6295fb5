import { Accordion, Alert, Code, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Panel } from '../../components/Panel';
import { CopyValue } from '../../components/CopyValue';
import { formatApt } from '../../format/amounts';
import { canonicalAddresses, compactAddresses, parseAddress } from '../../format/address';
import { useNetwork } from '../../network/useNetwork';
import { accountQueries } from '../../queries/chainQueries';
import { errorMessage } from '../../errors/errorMessage';
import { AccountBalances } from './AccountBalances';
import { AccountModules } from './AccountModules';
import { TokensAndAssets } from './AccountTokens';
import { AccountTransactions } from './AccountTransactions';
import { LookupForm } from './LookupForm';

function parseAccount(input: string): { address: string } | { error: string } {
  const parsed = parseAddress(input);
  return parsed.ok ? { address: parsed.address } : { error: parsed.error };
}

function Resources({ address }: { address: string }) {
  const { network } = useNetwork();
  const resources = useQuery(accountQueries.resources(network, address));
  if (resources.isPending) return <Loader size="sm" role="status" aria-label="Loading resources" />;
  if (resources.isError) return <Alert color="red">{errorMessage(resources.error)}</Alert>;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {resources.data.length} resources
      </Text>
      <Accordion variant="separated" multiple>
        {resources.data.map((resource) => (
          <Accordion.Item key={resource.type} value={resource.type}>
            <Accordion.Control>
              <Text
                ff="monospace"
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
                title={canonicalAddresses(resource.type)}
              >
                {compactAddresses(resource.type)}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Code block>{JSON.stringify(resource.data, null, 2)}</Code>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}

/** Props of {@link AccountInspector}. */
export interface AccountInspectorProps {
  /** The inspected account (long form), or `null` before one is entered. */
  address: string | null;
  onAddressChange: (address: string) => void;
  /** Opens a transaction (by hash) in the lookup. */
  onOpenTransaction: (hash: string) => void;
}

/**
 * Any account as an explorer shows it: APT balance, then tabs for its sent transactions (paged,
 * newest first), balances (coins and fungible assets), tokens and fungible assets (with
 * symbol and decimals, from the indexer), modules with their ABIs, and resources.
 * Everything is read through TanStack Query.
 */
export function AccountInspector({
  address,
  onAddressChange,
  onOpenTransaction,
}: AccountInspectorProps) {
  const { network } = useNetwork();
  const balance = useQuery({
    ...accountQueries.aptBalance(network, address ?? ''),
    enabled: address !== null,
  });

  return (
    <Panel title="Account" label="Account">
      <LookupForm
        key={address ?? ''}
        initialValue={address ?? ''}
        label="Account address"
        placeholder="0x1 or 0xb0b"
        buttonLabel="Inspect"
        parse={parseAccount}
        onSubmit={(parsed) => onAddressChange(parsed.address)}
      />
      {address && (
        <Stack gap="xs">
          <Group gap={6} wrap="nowrap">
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {address}
            </Text>
            <CopyValue value={address} label="Copy the account address" />
          </Group>
          <Text size="sm">
            APT balance:{' '}
            {balance.isPending ? (
              <Loader size="xs" role="status" aria-label="Loading balance" />
            ) : balance.isError ? (
              <Text span c="red">
                {errorMessage(balance.error)}
              </Text>
            ) : (
              <Text span ff="monospace" fw={600}>
                {formatApt(balance.data)}
              </Text>
            )}
          </Text>
          <Tabs defaultValue="transactions" keepMounted={false}>
            <Tabs.List aria-label="Account views">
              <Tabs.Tab value="transactions">Transactions</Tabs.Tab>
              <Tabs.Tab value="balances">Balances</Tabs.Tab>
              <Tabs.Tab value="tokens">Tokens and assets</Tabs.Tab>
              <Tabs.Tab value="modules">Modules</Tabs.Tab>
              <Tabs.Tab value="resources">Resources</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="transactions" pt="sm">
              <AccountTransactions address={address} onOpen={onOpenTransaction} />
            </Tabs.Panel>
            <Tabs.Panel value="balances" pt="sm">
              <AccountBalances address={address} />
            </Tabs.Panel>
            <Tabs.Panel value="tokens" pt="sm">
              <TokensAndAssets address={address} />
            </Tabs.Panel>
            <Tabs.Panel value="modules" pt="sm">
              <AccountModules address={address} />
            </Tabs.Panel>
            <Tabs.Panel value="resources" pt="sm">
              <Resources address={address} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Panel>
  );
}
