import { Alert, Loader, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Panel } from '../../components/Panel';
import { ledgerQueries } from '../../network/ledgerQueries';
import { useNetwork } from '../../network/useNetwork';
import { errorMessage } from '../../errors/errorMessage';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/** Ledger time (µs) as an ISO date; a chain that has only its genesis block has time 0. */
export function ledgerTime(micros: string): string {
  if (micros === '0') return 'genesis (no block yet)';
  return new Date(Number(BigInt(micros) / 1000n)).toISOString();
}

/** The selected node's ledger info, refreshed in the background. */
export function LedgerCard() {
  const { network } = useNetwork();
  const query = useQuery(ledgerQueries.info(network));
  return (
    <Panel title="Ledger">
      <Text size="xs" c="dimmed" ff="monospace">
        {network.fullnode}
      </Text>
      {query.isPending && <Loader size="sm" role="status" aria-label="Loading ledger info" />}
      {query.isError && (
        <Alert color="red" title="The node cannot be reached">
          {errorMessage(query.error)}
        </Alert>
      )}
      {query.data && (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          <Fact label="Chain id" value={String(query.data.chain_id)} />
          <Fact label="Ledger version" value={query.data.ledger_version} />
          <Fact label="Block height" value={query.data.block_height} />
          <Fact label="Epoch" value={query.data.epoch} />
          <Fact label="Node role" value={query.data.node_role} />
          <Fact label="Ledger time" value={ledgerTime(query.data.ledger_timestamp)} />
        </SimpleGrid>
      )}
    </Panel>
  );
}
