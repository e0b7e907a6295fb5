import type { MoveFunction, MoveModuleBytecode, MoveStruct } from '@aptos-labs/ts-sdk';
import { Accordion, Alert, Badge, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../errors/errorMessage';
import { useNetwork } from '../../network/useNetwork';
import { MoveType } from '../transaction/MoveType';
import { explorerQueries } from './explorerQueries';

function Generics({ params }: { params: ReadonlyArray<{ constraints: string[] }> }) {
  if (params.length === 0) return null;
  return (
    <Text span ff="monospace" size="xs">
      {'<'}
      {params
        .map((p, i) => `T${i}${p.constraints.length ? `: ${p.constraints.join(' + ')}` : ''}`)
        .join(', ')}
      {'>'}
    </Text>
  );
}

function FunctionRow({ fn }: { fn: MoveFunction }) {
  // Entry functions take a leading `&signer` the wallet supplies: show it, dimmed.
  return (
    <Table.Tr>
      <Table.Td>
        <Text ff="monospace" size="sm" fw={600}>
          {fn.name}
          <Generics params={fn.generic_type_params} />
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          <Badge size="xs" variant="light" color="gray">
            {fn.visibility}
          </Badge>
          {fn.is_entry && (
            <Badge size="xs" variant="light" color="blue">
              entry
            </Badge>
          )}
          {fn.is_view && (
            <Badge size="xs" variant="light" color="grape">
              view
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          {fn.params.length === 0 ? (
            <Text size="xs" c="dimmed">
              none
            </Text>
          ) : (
            fn.params.map((param, index) => <MoveType key={index} type={param} copy={false} />)
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          {fn.return.length === 0 ? (
            <Text size="xs" c="dimmed">
              —
            </Text>
          ) : (
            fn.return.map((type, index) => <MoveType key={index} type={type} copy={false} />)
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

function StructRow({ struct }: { struct: MoveStruct }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text ff="monospace" size="sm" fw={600}>
          {struct.name}
          <Generics params={struct.generic_type_params} />
        </Text>
        {struct.is_event && (
          <Badge size="xs" variant="light" color="orange">
            event
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {struct.abilities.length === 0 ? (
            <Text size="xs" c="dimmed">
              none
            </Text>
          ) : (
            struct.abilities.map((ability) => (
              <Badge key={ability} size="xs" variant="outline" tt="none">
                {ability}
              </Badge>
            ))
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          {struct.fields.map((field) => (
            <Group key={field.name} gap={6} wrap="nowrap" align="flex-start">
              <Text size="xs" ff="monospace">
                {field.name}:
              </Text>
              <MoveType type={field.type} copy={false} />
            </Group>
          ))}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

function ModuleAbi({ module }: { module: MoveModuleBytecode }) {
  const abi = module.abi;
  if (abi === undefined) return <Text size="sm">The node returned no ABI for this module.</Text>;
  const functions = abi.exposed_functions;
  return (
    <Stack gap="sm">
      <Text size="sm" fw={600}>
        Exposed functions ({functions.length})
      </Text>
      <Table.ScrollContainer minWidth={560} type="native">
        <Table aria-label={`Functions of ${abi.name}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Function</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Parameters</Table.Th>
              <Table.Th>Returns</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {functions.map((fn) => (
              <FunctionRow key={fn.name} fn={fn} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" fw={600}>
        Structs ({abi.structs.length})
      </Text>
      {abi.structs.length > 0 && (
        <Table.ScrollContainer minWidth={480} type="native">
          <Table aria-label={`Structs of ${abi.name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Struct</Table.Th>
                <Table.Th>Abilities</Table.Th>
                <Table.Th>Fields</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {abi.structs.map((struct) => (
                <StructRow key={struct.name} struct={struct} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** The modules published at an address, each with its ABI: functions and structs. */
export function AccountModules({ address }: { address: string }) {
  const { network } = useNetwork();
  const query = useQuery(explorerQueries.modules(network, address));
  if (query.isPending) return <Loader size="sm" role="status" aria-label="Loading modules" />;
  if (query.isError) return <Alert color="red">{errorMessage(query.error)}</Alert>;
  if (query.data.length === 0)
    return <Text size="sm">No modules are published at this address.</Text>;
  const modules = [...query.data].sort((a, b) =>
    (a.abi?.name ?? '').localeCompare(b.abi?.name ?? ''),
  );
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {modules.length} module{modules.length === 1 ? '' : 's'}
      </Text>
      <Accordion variant="separated" multiple>
        {modules.map((module, index) => {
          const name = module.abi?.name ?? `module ${index}`;
          return (
            <Accordion.Item key={name} value={name}>
              <Accordion.Control>
                <Group gap="xs">
                  <Text ff="monospace" size="sm">
                    {name}
                  </Text>
                  {module.abi && (
                    <Text size="xs" c="dimmed">
                      {module.abi.exposed_functions.length} functions · {module.abi.structs.length}{' '}
                      structs
                    </Text>
                  )}
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <ModuleAbi module={module} />
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}
