import { Group, Table, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { CopyValue } from '../../components/CopyValue';
import { formatUnits, unitsText } from '../../format/amounts';
import type { NetworkConfig } from '../../network/networks';
import { assetQueries, type AssetMetadata } from '../../queries/chainQueries';
import type { AssetChange } from '../../../replay/balanceChanges';

function short(value: string): string {
  return value.length > 18 ? `${value.slice(0, 8)}…${value.slice(-6)}` : value;
}

/** `+1.5 USDC (1,500,000 units)` with the asset's decimals, else `+1500000 units`. */
function amountText(delta: string, metadata: AssetMetadata | null | undefined): string {
  const negative = delta.startsWith('-');
  const units = negative ? delta.slice(1) : delta;
  const sign = negative ? '-' : units === '0' ? '' : '+';
  if (!metadata) return unitsText(`${sign}${units}`);
  return `${sign}${formatUnits(units, metadata.decimals)} ${metadata.symbol} (${unitsText(formatUnits(units, 0))})`;
}

/**
 * Balance changes of assets other than APT (fungible assets and coins), per account and asset.
 * With `network`, each asset's symbol and decimals come from its metadata on that network;
 * without it (or when the chain has none) amounts stay in the asset's smallest unit.
 */
export function AssetChangesTable({
  changes,
  sender,
  network,
}: {
  changes: readonly AssetChange[];
  sender: string | undefined;
  network?: NetworkConfig | undefined;
}) {
  const assets = [...new Set(changes.map((change) => change.asset))];
  const metadata = useQueries({
    queries: network ? assets.map((asset) => assetQueries.metadata(network, asset)) : [],
  });
  const metadataOf = (asset: string) => metadata[assets.indexOf(asset)]?.data;
  if (changes.length === 0) return null;
  return (
    <Table fz="xs" aria-label="Other assets" layout="fixed" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="28%">Account</Table.Th>
          <Table.Th w="26%">Asset</Table.Th>
          <Table.Th>Change</Table.Th>
          <Table.Th w="18%">Balance after</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((change) => {
          const asset = metadataOf(change.asset);
          return (
            <Table.Tr key={`${change.asset} ${change.store}`}>
              <Table.Td>
                <Group gap={2} wrap="nowrap">
                  <Text size="xs" ff="monospace" title={change.account}>
                    {short(change.account)}
                    {change.account === sender ? ' (sender)' : change.ownerKnown ? '' : ' (store)'}
                  </Text>
                  <CopyValue value={change.account} label={`Copy ${change.account}`} />
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap={2} wrap="nowrap">
                  <Text size="xs" ff="monospace" title={change.asset}>
                    {asset ? `${asset.symbol} ` : ''}
                    {short(change.asset)}
                  </Text>
                  <CopyValue value={change.asset} label={`Copy ${change.asset}`} />
                </Group>
              </Table.Td>
              <Table.Td ff="monospace" c={change.delta.startsWith('-') ? 'red' : 'teal'}>
                {amountText(change.delta, asset)}
              </Table.Td>
              <Table.Td ff="monospace">
                {change.balanceAfter === null
                  ? '–'
                  : asset
                    ? `${formatUnits(change.balanceAfter, asset.decimals)} ${asset.symbol}`
                    : unitsText(change.balanceAfter)}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
