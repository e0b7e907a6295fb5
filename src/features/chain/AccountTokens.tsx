import { Alert, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CopyValue } from '../../components/CopyValue';
import { errorMessage } from '../../errors/errorMessage';
import { formatUnits } from '../../format/amounts';
import { shortAddress } from '../../format/address';
import { useNetwork } from '../../network/useNetwork';
import { IndexerUnavailableError, tokenQueries } from '../../queries/tokenQueries';

/** An indexer failure as an alert: "Indexer unavailable" says why and what to do. */
export function IndexerAlert({ error, what }: { error: Error; what: string }) {
  return (
    <Alert
      color="orange"
      title={
        error instanceof IndexerUnavailableError
          ? 'Indexer unavailable'
          : `${what} could not be read`
      }
    >
      {errorMessage(error)}
    </Alert>
  );
}

function AddressCell({ address, what }: { address: string; what: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="xs" ff="monospace" title={address}>
        {shortAddress(address)}
      </Text>
      <CopyValue value={address} label={`Copy the ${what} address`} />
    </Group>
  );
}

/**
 * The tokens an account holds (`current_token_ownerships_v2` with each token's name and
 * collection), from the network's indexer, the most recently changed first.
 */
export function AccountTokens({ address }: { address: string }) {
  const { network } = useNetwork();
  const tokens = useQuery(tokenQueries.accountTokens(network, address));
  if (tokens.isPending) return <Loader size="sm" role="status" aria-label="Loading tokens" />;
  if (tokens.isError) return <IndexerAlert error={tokens.error} what="Tokens" />;
  if (tokens.data.length === 0) {
    return (
      <Text size="sm">
        No tokens. Mint one with the composer&apos;s templates &quot;Digital asset: create a
        collection&quot;, then &quot;mint a token&quot;.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table striped aria-label="Tokens held by the account">
        <Table.Caption>
          {tokens.data.length} token{tokens.data.length === 1 ? '' : 's'} held, from the
          indexer&apos;s current_token_ownerships_v2, newest first
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Collection</Table.Th>
            <Table.Th>Token address</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Owner</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.data.map((token) => (
            <Table.Tr key={`${token.tokenAddress}:${token.owner}`}>
              <Table.Td>{token.name}</Table.Td>
              <Table.Td>{token.collectionName}</Table.Td>
              <Table.Td>
                <AddressCell address={token.tokenAddress} what="token" />
              </Table.Td>
              <Table.Td ff="monospace">{formatUnits(token.amount, 0)}</Table.Td>
              <Table.Td>
                <AddressCell address={token.owner} what="owner" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * An account's fungible-asset balances (`current_fungible_asset_balances` with each asset's
 * metadata): asset type, symbol, and the amount with the asset's decimals, exact.
 */
export function FungibleBalances({ address }: { address: string }) {
  const { network } = useNetwork();
  const balances = useQuery(tokenQueries.fungibleBalances(network, address));
  if (balances.isPending)
    return <Loader size="sm" role="status" aria-label="Loading fungible assets" />;
  if (balances.isError) return <IndexerAlert error={balances.error} what="Fungible assets" />;
  if (balances.data.length === 0) {
    return <Text size="sm">No fungible assets: fund the account first.</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table striped aria-label="Fungible-asset balances of the account">
        <Table.Caption>
          Fungible assets, from the indexer&apos;s current_fungible_asset_balances and each
          asset&apos;s metadata
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Asset type</Table.Th>
            <Table.Th>Symbol</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Smallest units</Table.Th>
            <Table.Th>Store</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {balances.data.map((balance) => (
            <Table.Tr key={`${balance.assetType}:${balance.storeId ?? ''}`}>
              <Table.Td ff="monospace" fz="xs" style={{ overflowWrap: 'anywhere' }}>
                {balance.assetType}
              </Table.Td>
              <Table.Td>{balance.symbol ?? '(none)'}</Table.Td>
              <Table.Td ff="monospace">{balance.formatted}</Table.Td>
              <Table.Td ff="monospace">{formatUnits(balance.amount, 0)}</Table.Td>
              <Table.Td ff="monospace" fz="xs" title={balance.storeId ?? undefined}>
                {balance.storeId
                  ? `${shortAddress(balance.storeId)}${balance.isPrimary ? ' (primary)' : ''}`
                  : 'account'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The Tokens tab of the account explorer: the tokens held, then the fungible-asset balances with
 * their symbols and decimals, both from the network's indexer.
 */
export function TokensAndAssets({ address }: { address: string }) {
  return (
    <Stack gap="md">
      <AccountTokens address={address} />
      <FungibleBalances address={address} />
    </Stack>
  );
}
