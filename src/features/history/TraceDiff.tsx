import { Alert, Badge, Code, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { WorkbenchRun } from '../../../machines';
import { toHex } from '../../../chainActors';
import {
  gasUnitsText,
  totalInternalGas,
  type MoveTrace,
  type TraceFrame,
} from '../../../replay/moveTrace';
import {
  diffMoveTraces,
  frameEnd,
  traceDiffSummary,
  type FramePair,
} from '../../../replay/moveTraceDiff';
import { valueText } from '../../../replay/moveTraceText';
import { modifiedTransactionBytes, type AtVersionChanges } from '../../../replay/reexecute';
import { errorMessage } from '../../errors/errorMessage';
import { frameName } from '../trace/traceModel';
import { traceQueries } from '../../queries/traceQueries';

/** Rows of the per-frame table shown; the rest are counted. */
const MAX_ROWS = 100;

function frameFacts(frame: TraceFrame | null, trace: MoveTrace): Array<[string, string]> {
  if (frame === null) return [['called', 'not called']];
  const values = (list: TraceFrame['args'] | null) =>
    list === null ? '(did not return)' : `(${list.map(valueText).join(', ')})`;
  return [
    ['function', frameName(frame.function)],
    ['arguments', values(frame.args)],
    ['returns', values(frame.returns)],
    ['ended', frameEnd(frame)],
    [
      'gas (units)',
      `${gasUnitsText(totalInternalGas(frame.gas, trace), trace.gasScale, 4)} with its calls, ${gasUnitsText(totalInternalGas(frame.selfGas, trace), trace.gasScale, 4)} its own`,
    ],
  ];
}

/** The diverging frame of each execution, side by side. */
function SideBySide(props: { pair: FramePair; original: MoveTrace; modified: MoveTrace }) {
  const { pair, original, modified } = props;
  const left = frameFacts(pair.original, original);
  const right = frameFacts(pair.modified, modified);
  const aspects = [...new Set([...left, ...right].map(([aspect]) => aspect))];
  const value = (facts: Array<[string, string]>, aspect: string) =>
    facts.find(([name]) => name === aspect)?.[1] ?? '';
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table fz="xs" withColumnBorders layout="fixed" aria-label="The diverging frame, both runs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={90}>frame</Table.Th>
            <Table.Th>original</Table.Th>
            <Table.Th>modified</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {aspects.map((aspect) => {
            const a = value(left, aspect);
            const b = value(right, aspect);
            return (
              <Table.Tr key={aspect}>
                <Table.Th>
                  <Stack gap={2}>
                    {aspect}
                    {a !== b && (
                      <Badge size="xs" color="orange">
                        differs
                      </Badge>
                    )}
                  </Stack>
                </Table.Th>
                <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {a}
                </Table.Td>
                <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {b}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Two traces of one transaction compared: where they diverge, then every frame that differs. */
export function TraceDiffView(props: { original: MoveTrace; modified: MoveTrace }) {
  const { original, modified } = props;
  const diff = useMemo(() => diffMoveTraces({ original, modified }), [original, modified]);
  const differing = diff.pairs.filter((pair) => pair.differences.length > 0);
  const diverging = diff.divergence === null ? null : diff.pairs[diff.divergence.pair];
  const name = diverging?.original?.function ?? diverging?.modified?.function ?? '';
  return (
    <Stack gap="xs" role="region" aria-label="Trace diff">
      {diff.divergence === null || diverging === undefined || diverging === null ? (
        <Alert color="teal" title="The traces are identical">
          {traceDiffSummary(diff)}
        </Alert>
      ) : (
        <Alert color="orange" title={`Diverges at ${frameName(name)}`}>
          <Text size="sm">
            Identical up to frame {diff.divergence.identicalFrames}; diverges at{' '}
            <Code title={name}>{frameName(name)}</Code>:{' '}
            {diverging.differences.map((each) => each.aspect).join(', ')}.
          </Text>
        </Alert>
      )}
      {diverging && <SideBySide pair={diverging} original={original} modified={modified} />}
      {differing.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table fz="xs" withColumnBorders layout="fixed" aria-label="Frames that differ">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={170}>frame</Table.Th>
                <Table.Th w={70}>aspect</Table.Th>
                <Table.Th>original</Table.Th>
                <Table.Th>modified</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {differing.slice(0, MAX_ROWS).flatMap((pair, row) =>
                pair.differences.map((difference, index) => {
                  const frame = pair.original ?? pair.modified;
                  return (
                    <Table.Tr key={`${row}:${index}`}>
                      <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                        {index === 0
                          ? `${frame?.id ?? ''} ${frameName(frame?.function ?? '')}`
                          : ''}
                      </Table.Td>
                      <Table.Td>{difference.aspect}</Table.Td>
                      <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                        {difference.original}
                      </Table.Td>
                      <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                        {difference.modified}
                      </Table.Td>
                    </Table.Tr>
                  );
                }),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {differing.length > MAX_ROWS && (
        <Text size="xs">
          {differing.length - MAX_ROWS} more frames differ (the first {MAX_ROWS} are listed).
        </Text>
      )}
    </Stack>
  );
}

/**
 * The trace of the committed transaction at its version beside the trace of the same transaction
 * modified there (the bytes the re-execution posted), both asked of the embedded chain.
 */
export function TraceDiff(props: {
  record: WorkbenchRun;
  nodeUrl: string;
  changes: AtVersionChanges;
}) {
  const { record, nodeUrl, changes } = props;
  const version = record.chain.version ?? '';
  const transaction = useMemo(
    () => toHex(modifiedTransactionBytes(record, changes)),
    [record, changes],
  );
  const original = useQuery(traceQueries.trace(nodeUrl, { version }));
  const modified = useQuery(traceQueries.trace(nodeUrl, { version, transaction }));
  if (original.isError || modified.isError) {
    return (
      <Alert color="red" title="The traces could not be compared">
        {errorMessage(original.error ?? modified.error)}
      </Alert>
    );
  }
  if (original.isPending || modified.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" role="status" aria-label="Tracing both executions" />
        <Text size="xs">Tracing both executions…</Text>
      </Group>
    );
  }
  return <TraceDiffView original={original.data} modified={modified.data} />;
}
