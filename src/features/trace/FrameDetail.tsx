import { Alert, Badge, Code, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  abortCodeHex,
  gasUnitsText,
  totalInternalGas,
  type MoveTrace,
  type TraceFrame,
  type TraceValue,
} from '../../../replay/moveTrace';
import { EventsTable } from '../transaction/EventsTable';
import { WriteSetTable } from '../transaction/WriteSetTable';
import { statusText } from './CallTree';
import { frameName } from './traceModel';
import classes from './Trace.module.css';

/** Lines of source shown on each side of the frame's line. */
const CONTEXT_LINES = 3;

// The detail is rendered with every trace: its many short texts are plain elements styled as
// Mantine's Text (Trace.module.css), not a Mantine component each.

function Label({ children }: { children: ReactNode }) {
  return <p className={classes.label}>{children}</p>;
}

/** A line of small dimmed text: what a section holds when it holds nothing. */
function Note({ children }: { children: ReactNode }) {
  return <p className={classes.note}>{children}</p>;
}

function Values({ values, empty }: { values: readonly TraceValue[]; empty: string }) {
  if (values.length === 0) return <Note>{empty}</Note>;
  return (
    <div className={classes.values}>
      {values.map((value, index) => (
        <p key={index} className={classes.value}>
          <span className={classes.dimmed}>{index}:</span>{' '}
          {typeof value === 'string' ? value : JSON.stringify(value)}
        </p>
      ))}
    </div>
  );
}

/** `file.move:line` and the lines around it, when the trace carries the file's text. */
function SourceLines({ frame, trace }: { frame: TraceFrame; trace: MoveTrace }) {
  const { source } = frame;
  if (source === undefined) {
    return (
      <p className={classes.small}>
        {frame.offset !== undefined
          ? `Stopped at code offset ${frame.offset}.`
          : frame.callOffset !== undefined
            ? `Called from code offset ${frame.callOffset} of its caller.`
            : 'No code offset (no source map was given with the package).'}
      </p>
    );
  }
  const text = trace.sources?.[source.file];
  const lines = text?.split('\n') ?? [];
  const from = Math.max(1, source.line - CONTEXT_LINES);
  const to = Math.min(lines.length, source.line + CONTEXT_LINES);
  const shown = lines.slice(from - 1, to);
  const width = String(to).length;
  return (
    <Stack gap={4}>
      <p className={classes.small} data-monospace>
        {source.file}:{source.line}:{source.column}
        {frame.offset === undefined ? '' : ` (code offset ${frame.offset})`}
      </p>
      {shown.length > 0 && (
        <pre
          className={classes.source}
          tabIndex={0}
          aria-label={`Source around line ${source.line}`}
        >
          {shown.map((line, index) => {
            const number = from + index;
            return (
              <code
                key={number}
                className={classes.sourceLine}
                data-current={number === source.line || undefined}
              >
                {`${String(number).padStart(width)}  ${line}`}
              </code>
            );
          })}
        </pre>
      )}
    </Stack>
  );
}

function GasTable({ frame, trace }: { frame: TraceFrame; trace: MoveTrace }) {
  const units = (value: string) => gasUnitsText(value, trace.gasScale, 4);
  const rows: Array<[string, string, string]> = [
    ['Execution (gas units)', units(frame.gas.execution), units(frame.selfGas.execution)],
    ['IO (gas units)', units(frame.gas.io), units(frame.selfGas.io)],
    ['Storage (octas)', frame.gas.storageOctas, frame.selfGas.storageOctas],
    [
      'All (gas units)',
      gasUnitsText(totalInternalGas(frame.gas, trace), trace.gasScale, 4),
      gasUnitsText(totalInternalGas(frame.selfGas, trace), trace.gasScale, 4),
    ],
  ];
  // A plain table drawn as Mantine's Table (fz xs, vertical spacing 2, fixed layout).
  return (
    <table className={classes.gasTable} aria-label="Gas of the frame">
      <thead>
        <tr>
          <th>Gas</th>
          <th>With its calls</th>
          <th>Its own</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, inclusive, own]) => (
          <tr key={name}>
            <th>{name}</th>
            <td>{inclusive}</td>
            <td>{own}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export interface FrameDetailProps {
  frame: TraceFrame;
  trace: MoveTrace;
  /**
   * Controls shown beside the frame's name: where "Step through" (the instruction stepper)
   * mounts, with the frame it starts from.
   */
  actions?: ReactNode;
}

/** One frame: type arguments, arguments, returns, abort, gas split, reads, writes, events, source. */
export function FrameDetail({ frame, trace, actions }: FrameDetailProps) {
  const status = statusText(frame);
  const reads = frame.reads.flatMap((index) => trace.reads[index] ?? []);
  const writes = frame.writes.flatMap((index) => trace.writes[index]?.change ?? []);
  const events = frame.events.flatMap((index) => trace.events[index]?.event ?? []);
  return (
    <div className={classes.detail} aria-label="Frame detail" role="region">
      <div className={classes.detailHead}>
        <div className={classes.detailName}>
          <span className={classes.detailFunction} title={frame.function}>
            {frameName(frame.function)}
          </span>
          <Badge size="sm" variant="outline" color={frame.kind === 'native' ? 'grape' : 'gray'}>
            {frame.kind}
          </Badge>
          <Badge size="sm" variant="light" color={status ? 'red' : 'teal'}>
            {status ?? 'returned'}
          </Badge>
        </div>
        {actions}
      </div>
      <p className={classes.note} data-monospace>
        {frame.function}
      </p>
      {frame.abort && (
        <Alert
          color="red"
          title={`Aborted with ${frame.abort.name ?? 'code'} (${abortCodeHex(frame.abort.code)})`}
        >
          <Stack gap={2}>
            <Text size="sm">
              Abort code {frame.abort.code} ({abortCodeHex(frame.abort.code)})
              {frame.offset === undefined ? '' : `, at code offset ${frame.offset}`}.
            </Text>
            {frame.abort.description && <Text size="sm">{frame.abort.description}</Text>}
            {frame.abort.message && <Text size="sm">Message: {frame.abort.message}</Text>}
          </Stack>
        </Alert>
      )}
      {frame.error && (
        <Alert color="red" title={frame.error}>
          <Text size="sm">
            The VM stopped here with {frame.error}
            {frame.offset === undefined ? '' : `, at code offset ${frame.offset}`}.
          </Text>
        </Alert>
      )}
      <Label>Where</Label>
      <SourceLines frame={frame} trace={trace} />
      <Label>Type arguments</Label>
      {frame.typeArgs.length === 0 ? (
        <Note>None.</Note>
      ) : (
        <Code block>{frame.typeArgs.map(frameName).join(', ')}</Code>
      )}
      <Label>Arguments</Label>
      <Values values={frame.args} empty="None." />
      <Label>Return values</Label>
      {frame.returns === null ? (
        <Note>None: the frame did not return.</Note>
      ) : (
        <Values values={frame.returns} empty="None (it returns nothing)." />
      )}
      <GasTable frame={frame} trace={trace} />
      <Label>Reads ({reads.length})</Label>
      {reads.length === 0 ? (
        <Note>No state read first here.</Note>
      ) : (
        <Table fz="xs" verticalSpacing={2} aria-label="Reads" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={110}>Kind</Table.Th>
              <Table.Th w="25%">Address</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th w={60} ta="right">
                Bytes
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {reads.map((read, index) => (
              <Table.Tr key={index}>
                <Table.Td>{read.kind}</Table.Td>
                <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {read.address}
                </Table.Td>
                <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {frameName(read.path)}
                </Table.Td>
                <Table.Td ta="right">{read.bytes}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Label>Writes ({writes.length})</Label>
      <WriteSetTable changes={writes} />
      <Label>Events ({events.length})</Label>
      <EventsTable events={events} />
    </div>
  );
}
