import { Accordion, Alert, Code, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Panel } from '../../components/Panel';
import { formatApt } from '../../format/amounts';
import { useNetwork } from '../../network/useNetwork';
import { accountQueries } from '../../queries/chainQueries';
import { parseAddress } from '../../format/address';
import { errorMessage } from '../../errors/errorMessage';
import { LookupForm } from './LookupForm';

/** Resources and APT balance of any account, read through TanStack Query. */
export function AccountInspector() {
  const { network } = useNetwork();
  const [address, setAddress] = useState<string | null>(null);
  const resources = useQuery({
    ...accountQueries.resources(network, address ?? ''),
    enabled: address !== null,
  });
  const balance = useQuery({
    ...accountQueries.aptBalance(network, address ?? ''),
    enabled: address !== null,
  });

  return (
    <Panel title="Account">
      <LookupForm
        label="Account address"
        placeholder="0x1"
        buttonLabel="Inspect"
        parse={(input) => {
          const parsed = parseAddress(input);
          return parsed.ok ? { address: parsed.address } : { error: parsed.error };
        }}
        onSubmit={(parsed) => setAddress(parsed.address)}
      />
      {address && (
        <Stack gap="xs">
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
          {resources.isPending && <Loader size="sm" role="status" aria-label="Loading resources" />}
          {resources.isError && <Alert color="red">{errorMessage(resources.error)}</Alert>}
          {resources.data && (
            <>
              <Text size="sm" c="dimmed">
                {resources.data.length} resources
              </Text>
              <Accordion variant="separated" multiple>
                {resources.data.map((resource) => (
                  <Accordion.Item key={resource.type} value={resource.type}>
                    <Accordion.Control>
                      <Text ff="monospace" size="sm">
                        {resource.type}
                      </Text>
                    </Accordion.Control>
                    <Accordion.Panel>
                      <Code block>{JSON.stringify(resource.data, null, 2)}</Code>
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </>
          )}
        </Stack>
      )}
    </Panel>
  );
}
