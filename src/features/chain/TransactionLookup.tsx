import { Alert, Badge, Code, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Panel } from '../../components/Panel';
import { useNetwork } from '../../network/useNetwork';
import {
  parseTransactionRef,
  transactionQueries,
  type TransactionRef,
} from '../../queries/chainQueries';
import { errorMessage } from '../../errors/errorMessage';
import { LookupForm } from './LookupForm';

/** Finds a transaction by hash or by version and shows what the chain holds for it. */
export function TransactionLookup() {
  const { network } = useNetwork();
  const [ref, setRef] = useState<TransactionRef | null>(null);
  const query = useQuery({
    ...transactionQueries.lookup(network, ref ?? { kind: 'version', version: '0' }),
    enabled: ref !== null,
  });

  const transaction = query.data;
  return (
    <Panel title="Transaction lookup">
      <LookupForm
        label="Hash or version"
        placeholder="0x… or 42"
        buttonLabel="Look up"
        parse={parseTransactionRef}
        onSubmit={setRef}
      />
      {ref && query.isPending && (
        <Loader size="sm" role="status" aria-label="Looking up the transaction" />
      )}
      {ref && query.isError && (
        <Alert color="red" title="Not found">
          {errorMessage(query.error)}
        </Alert>
      )}
      {transaction && (
        <Stack gap={4}>
          <Group gap="xs">
            <Badge variant="light">{transaction.type}</Badge>
            {'success' in transaction && (
              <Badge color={transaction.success ? 'teal' : 'red'}>
                {transaction.success ? 'success' : 'failed'}
              </Badge>
            )}
          </Group>
          <Text size="sm" ff="monospace">
            hash {transaction.hash}
          </Text>
          {'version' in transaction && (
            <Text size="sm" ff="monospace">
              version {transaction.version}
            </Text>
          )}
          {'vm_status' in transaction && (
            <Text size="sm">
              VM status: <Code>{transaction.vm_status}</Code>
            </Text>
          )}
          <Code block mah={320} style={{ overflow: 'auto' }}>
            {JSON.stringify(transaction, null, 2)}
          </Code>
        </Stack>
      )}
    </Panel>
  );
}
