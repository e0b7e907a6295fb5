import { Alert, Badge, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../errors/errorMessage';
import { formatApt, formatUnits } from '../../format/amounts';
import { shortAddress } from '../../format/address';
import { useNetwork } from '../../network/useNetwork';
import { accountQueries } from '../../queries/chainQueries';
import { MoveType } from '../transaction/MoveType';
import { coinBalances, explorerQueries, type AccountBalance } from './explorerQueries';

function AmountText({ balance }: { balance: AccountBalance }) {
  return (
    <Text size="sm" ff="monospace">
      {balance.isApt
        ? formatApt(balance.amount)
        : `${formatUnits(balance.amount, 0)} (smallest units)`}
    </Text>
  );
}

/**
 * What an account holds: coins (`0x1::coin::CoinStore<T>` resources, from the node) and fungible
 * assets (the indexer's `current_fungible_asset_balances`, which the embedded chain serves).
 */
export function AccountBalances({ address }: { address: string }) {
  const { network } = useNetwork();
  const resources = useQuery(accountQueries.resources(network, address));
  const assets = useQuery(explorerQueries.fungibleAssets(network, address));
  const coins = resources.data ? coinBalances(resources.data) : [];
  const rows = [...coins, ...(assets.data ?? [])];
  const pending = resources.isPending || assets.isPending;
  return (
    <Stack gap="xs">
      {pending && <Loader size="sm" role="status" aria-label="Loading balances" />}
      {resources.isError && (
        <Alert color="red" title="Coins could not be read">
          {errorMessage(resources.error)}
        </Alert>
      )}
      {assets.isError && (
        <Alert color="orange" title="Fungible assets could not be read">
          {errorMessage(assets.error)}. They come from the network&apos;s indexer (
          {network.indexer ?? 'none configured'}).
        </Alert>
      )}
      {!pending && rows.length === 0 && (
        <Text size="sm">No coins or fungible assets: fund the account first.</Text>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={520} type="native">
          <Table striped aria-label="Balances of the account">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Asset</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Store</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((balance) => (
                <Table.Tr key={`${balance.kind}:${balance.asset}:${balance.store ?? ''}`}>
                  <Table.Td>
                    <Badge size="sm" variant="light">
                      {balance.kind}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <MoveType type={balance.asset} />
                  </Table.Td>
                  <Table.Td>
                    <AmountText balance={balance} />
                  </Table.Td>
                  <Table.Td ff="monospace" fz="xs" title={balance.store}>
                    {balance.store ? shortAddress(balance.store) : 'account'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
