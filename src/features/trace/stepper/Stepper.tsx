import { ActionIcon, Badge, Group, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { gasUnitsText, type MoveTrace, type TraceValue } from '../../../../replay/moveTrace';
import {
  describeStep,
  localTexts,
  sourceAround,
  stepIndex,
  stepTarget,
  type StepMove,
} from '../../../../replay/moveTraceSteps';
import { sourceText, valueText } from '../../../../replay/moveTraceText';
import { frameName } from '../traceModel';
import classes from './Stepper.module.css';

/** The controls, in toolbar order: label, symbol, keys (as `aria-keyshortcuts` names them). */
const CONTROLS: ReadonlyArray<{ move: StepMove; label: string; symbol: string; keys: string }> = [
  { move: 'start', label: 'To the start', symbol: '|◀', keys: 'Home' },
  { move: 'backOut', label: 'Step back out', symbol: '⤒◀', keys: 'Shift+ArrowLeft' },
  { move: 'backOver', label: 'Step back over', symbol: '↶', keys: 'ArrowUp' },
  { move: 'backInto', label: 'Step back into', symbol: '◀', keys: 'ArrowLeft' },
  { move: 'into', label: 'Step into', symbol: '▶', keys: 'ArrowRight' },
  { move: 'over', label: 'Step over', symbol: '↷', keys: 'ArrowDown' },
  { move: 'out', label: 'Step out', symbol: '▶⤓', keys: 'Shift+ArrowRight' },
  { move: 'abort', label: 'To the abort', symbol: '▶|', keys: 'End' },
];

const KEY_TEXT: Record<string, string> = {
  Home: 'Home',
  End: 'End',
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
  'Shift+ArrowLeft': 'Shift+←',
  'Shift+ArrowRight': 'Shift+→',
};

function moveForKey(event: KeyboardEvent): StepMove | null {
  const name = `${event.shiftKey ? 'Shift+' : ''}${event.key}`;
  return CONTROLS.find((control) => control.keys === name)?.move ?? null;
}

function Slots(props: {
  label: string;
  values: readonly string[];
  empty: string;
  /** The stack's top is its last value: marked. */
  top?: boolean;
}) {
  const { label, values, empty, top } = props;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {values.length === 0 ? (
        <Text size="xs" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table fz="xs" verticalSpacing={2} aria-label={label} layout="fixed">
          <Table.Tbody>
            {values.map((value, slot) => (
              <Table.Tr key={slot}>
                <Table.Th w={70} fw={500}>
                  {slot}
                  {top && slot === values.length - 1 ? ' (top)' : ''}
                </Table.Th>
                <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export interface StepperProps {
  /** A stepping trace (fetched with `steps: true`). */
  trace: MoveTrace;
  /** The step to open at. */
  start: number;
}

/**
 * One execution instruction by instruction, both ways: the disassembled instruction, the source
 * line with the lines around it (when the package's source map was given), the operand stack,
 * the locals, the call stack and the gas left. Into, over and out forwards and backwards, to the
 * start and to the abort, from the toolbar or the keys it names; the position is announced.
 */
export function Stepper({ trace, start }: StepperProps) {
  const index = useMemo(() => stepIndex(trace), [trace]);
  const [at, setAt] = useState(() => Math.min(Math.max(0, start), index.steps.length - 1));
  const step = index.steps[at];
  if (step === undefined) {
    return <Text size="sm">This execution ran no bytecode instruction to step through.</Text>;
  }
  const frame = trace.frames[step.frame];
  const go = (move: StepMove) => {
    const target = stepTarget(index, at, move);
    if (target !== null) setAt(target);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const move = moveForKey(event);
    if (move === null) return;
    event.preventDefault();
    go(move);
  };
  const lines = step.source ? sourceAround(trace, step.source) : [];
  const callStack: number[] = [];
  for (let id = step.frame; id >= 0; id = trace.frames[id]?.parent ?? -1) callStack.unshift(id);
  const used = BigInt(index.steps[0]?.gasLeft ?? '0') - BigInt(step.gasLeft);
  const atAbort = index.abort === at;
  return (
    <Stack gap="sm" onKeyDown={onKeyDown} className={classes.stepper}>
      <Group gap={4} role="toolbar" aria-label="Step through the execution" wrap="wrap">
        {CONTROLS.map((control) => {
          const disabled = stepTarget(index, at, control.move) === null;
          const keys = KEY_TEXT[control.keys] ?? control.keys;
          return (
            <Tooltip key={control.move} label={`${control.label} (${keys})`}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={control.label}
                aria-keyshortcuts={control.keys}
                // Not `disabled`: a focused button that reaches an end keeps the focus (and the keys).
                aria-disabled={disabled}
                data-disabled={disabled || undefined}
                onClick={() => go(control.move)}
              >
                <span aria-hidden>{control.symbol}</span>
              </ActionIcon>
            </Tooltip>
          );
        })}
        <Text size="xs" ml="xs">
          Step {at + 1} of {index.steps.length}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        Keys: → into, ↓ over, Shift+→ out; ← back into, ↑ back over, Shift+← back out; Home the
        start, End the abort.
      </Text>
      <Text size="xs" className={classes.live} aria-live="polite" aria-atomic>
        {describeStep(trace, at, frameName)}
      </Text>
      <Group gap="xs" align="center">
        <Text size="sm" fw={700} ff="monospace" title={frame?.function}>
          {frameName(frame?.function ?? '')}
        </Text>
        <Badge size="sm" variant="outline" color="gray">
          offset {step.offset}
        </Badge>
        <Badge size="sm" variant="outline" color="gray">
          depth {frame?.depth ?? 0}
        </Badge>
        {atAbort && (
          <Badge size="sm" color="red">
            {frame?.abort
              ? `aborts with ${frame.abort.name ?? frame.abort.code}`
              : 'execution stopped here'}
          </Badge>
        )}
      </Group>
      <Text
        ff="monospace"
        size="md"
        className={classes.instruction}
        aria-label="Instruction about to run"
      >
        {step.instruction}
      </Text>
      {step.source ? (
        <Stack gap={4}>
          <Text size="xs" ff="monospace">
            {sourceText(step.source)} ({step.source.file}:{step.source.line}:{step.source.column})
          </Text>
          {lines.length > 0 && (
            <pre
              className={classes.source}
              tabIndex={0}
              aria-label={`Source around line ${step.source.line}`}
            >
              {lines.map((line) => (
                <code
                  key={line.number}
                  className={classes.sourceLine}
                  data-current={line.current || undefined}
                >
                  {`${String(line.number).padStart(String(lines.at(-1)?.number ?? 0).length)}  ${line.text}`}
                </code>
              ))}
            </pre>
          )}
        </Stack>
      ) : (
        <Text size="xs" c="dimmed">
          No source line: the package was published without its source map.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Slots
          label="Operand stack (bottom first)"
          values={step.stack.map((value: TraceValue) => valueText(value))}
          empty="Empty."
          top
        />
        <Slots label="Locals" values={localTexts(step)} empty="No locals." />
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Call stack
        </Text>
        <ol className={classes.callStack} aria-label="Call stack, entry first">
          {callStack.map((id) => (
            <li key={id}>
              <Text span size="xs" ff="monospace" fw={id === step.frame ? 700 : 400}>
                {frameName(trace.frames[id]?.function ?? '')}
              </Text>
            </li>
          ))}
        </ol>
      </Stack>
      <Text size="xs">
        Gas left {gasUnitsText(step.gasLeft, trace.gasScale, 4)} units; used since the first
        instruction {gasUnitsText(used < 0n ? 0n : used, trace.gasScale, 4)} units.
      </Text>
    </Stack>
  );
}
