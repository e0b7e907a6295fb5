import { Alert, Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { WorkbenchRun } from '../../../machines';
import { diffExecutions, originalFacts, type ExecutionFacts } from '../../../replay/executionDiff';
import {
  atVersionUnavailable,
  reexecuteAtVersion,
  type AtVersionChanges,
} from '../../../replay/reexecute';
import { resimulate } from '../../../replay/resimulate';
import { createAptos } from '../../aptos/createAptos';
import { AspectLines } from '../transaction/AspectLines';
import { useNetwork } from '../../network/useNetwork';
import { TraceDiff } from './TraceDiff';

/** The original execution and another one side by side, one row per aspect. */
function DiffTable(props: {
  /** The region's accessible name. */
  region: string;
  /** The second column's heading. */
  label: string;
  original: ExecutionFacts;
  other: ExecutionFacts;
  sender: string;
  heading: string;
}) {
  const rows = diffExecutions({ original: props.original, now: props.other, sender: props.sender });
  const same = rows.every((row) => row.same);
  return (
    <Stack gap="xs" aria-label={props.region} role="region">
      <Group gap="xs">
        <Text size="sm">{props.heading}</Text>
        <Badge size="sm" color={same ? 'teal' : 'orange'}>
          {same ? 'identical to the original' : 'differs from the original'}
        </Badge>
      </Group>
      <Table.ScrollContainer minWidth={480}>
        {/* Fixed layout: the original and the new value get half the width each, however long
            one side is (auto layout squeezed a short side to a letter column). */}
        <Table fz="xs" withColumnBorders layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={110}>aspect</Table.Th>
              <Table.Th>original</Table.Th>
              <Table.Th>{props.label}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.aspect}>
                <Table.Th>
                  <Stack gap={2}>
                    {row.aspect}
                    <Badge size="xs" color={row.same ? 'teal' : 'orange'}>
                      {row.same ? 'same' : 'differs'}
                    </Badge>
                  </Stack>
                </Table.Th>
                <Table.Td>
                  <AspectLines lines={row.original} />
                </Table.Td>
                <Table.Td>
                  <AspectLines lines={row.now} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function Failure({ title, error }: { title: string; error: Error }) {
  return (
    <Alert color="red" title={title} role="alert">
      {error.message}
    </Alert>
  );
}

/**
 * Kind 3 at the original version, on the embedded chain: re-execute the committed transaction
 * on the state just before its version (rebuilt from the chain's log), and try it modified there.
 */
function AtVersion({ record, nodeUrl }: { record: WorkbenchRun; nodeUrl: string }) {
  const original = originalFacts(record);
  const [maxGas, setMaxGas] = useState(() => {
    const recorded = BigInt(
      record.chain.built?.maxGasAmount ?? record.draft.options.maxGasAmount ?? '0',
    );
    return String(recorded > 0n ? recorded * 4n : 2000n);
  });
  const recorded = useMutation({
    mutationFn: () => reexecuteAtVersion({ record, nodeUrl }),
  });
  const modified = useMutation({
    mutationFn: (changes: AtVersionChanges) => reexecuteAtVersion({ record, nodeUrl, changes }),
  });
  const unavailable = atVersionUnavailable(record);
  if (unavailable !== null || original === null) {
    return <Text size="xs">{unavailable ?? 'Nothing to compare with.'}</Text>;
  }
  const version = record.chain.version ?? '';
  const validGas = /^[0-9]{1,20}$/.test(maxGas) && BigInt(maxGas) > 0n;
  return (
    <Stack gap="xs">
      <Text size="xs">
        The embedded chain rebuilds the state just before version {version} from its log, in a
        scratch chain (the live chain is not touched), and runs the transaction there with its
        block&apos;s time. Nothing is signed or submitted.
      </Text>
      <Group gap="xs" align="end">
        <Button variant="light" onClick={() => recorded.mutate()} loading={recorded.isPending}>
          Re-execute at original version {version}
        </Button>
      </Group>
      {recorded.isError && (
        <Failure title="The re-execution could not run" error={recorded.error} />
      )}
      {recorded.data && (
        <DiffTable
          region="Re-execution at the original version"
          label={`at version ${version}`}
          heading={`Re-executed the committed transaction at version ${version}.`}
          original={original}
          other={recorded.data.facts}
          sender={record.draft.sender}
        />
      )}
      <Group gap="xs" align="end">
        <TextInput
          label="Max gas at that version"
          description="Whole gas units"
          value={maxGas}
          onChange={(event) => setMaxGas(event.currentTarget.value.trim())}
          error={validGas ? undefined : 'A whole number of gas units above 0'}
          w={200}
        />
        <Button
          variant="light"
          onClick={() => modified.mutate({ maxGasAmount: maxGas })}
          loading={modified.isPending}
          disabled={!validGas}
        >
          Try a modified draft at version {version}
        </Button>
      </Group>
      {modified.isError && (
        <Failure title="The modified draft could not run" error={modified.error} />
      )}
      {modified.data && (
        <DiffTable
          region="Modified draft at the original version"
          label={`modified at version ${version}`}
          heading={`The same transaction with max gas ${maxGas}, at version ${version}.`}
          original={original}
          other={modified.data.facts}
          sender={record.draft.sender}
        />
      )}
      {modified.data && modified.variables && (
        <TraceDiff record={record} nodeUrl={nodeUrl} changes={modified.variables} />
      )}
    </Stack>
  );
}

/**
 * Kind 3: simulate the run against the chain as it is now (the same bytes where the chain still
 * accepts them, else the draft built again) and show both side by side; on the embedded chain,
 * also at the original version.
 */
export function ResimulatePanel({ record }: { record: WorkbenchRun }) {
  const { network } = useNetwork();
  const original = originalFacts(record);
  const run = useMutation({
    mutationFn: () => resimulate({ aptos: createAptos(network), record }),
  });
  if (original === null) {
    return (
      <Text size="xs">The run has no simulation and no committed transaction to compare with.</Text>
    );
  }
  return (
    <Stack gap="xs">
      <Button variant="light" onClick={() => run.mutate()} loading={run.isPending}>
        Re-simulate now on {network.kind}
      </Button>
      {run.isError && <Failure title="The simulation could not run" error={run.error} />}
      {run.data && (
        <DiffTable
          region="Re-simulation diff"
          label="now"
          heading={`${
            run.data.mode === 'sameBytes'
              ? 'Simulated the recorded bytes.'
              : 'Simulated the same draft, built again.'
          } ${run.data.note ?? ''}`}
          original={original}
          other={run.data.facts}
          sender={record.draft.sender}
        />
      )}
      {record.chain.version !== null && (
        <AtVersion
          record={record}
          nodeUrl={network.kind === 'local' ? network.fullnode : record.network.nodeUrl}
        />
      )}
    </Stack>
  );
}
