import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { NumberAction } from './controls';
import type { WorkbenchFaults } from './devControlQueries';

/** The three faults that take a number: the input's label, its default, and the button. */
const numberFaults = [
  { key: 'delayCommitsMs', label: 'Delay (ms)', initial: 2000, min: 0, action: 'Delay commits' },
  { key: 'holdNext', label: 'Hold next', initial: 1, min: 1, action: 'Hold next submissions' },
  { key: 'rejectNext', label: 'Reject next', initial: 1, min: 1, action: 'Reject next with 507' },
] as const satisfies readonly {
  key: keyof WorkbenchFaults;
  label: string;
  initial: number;
  min: number;
  action: string;
}[];

/** Delay commits, hold or reject the next N submissions, clear; and the faults now active. */
export function FaultControls({
  faults,
  send,
}: {
  faults: WorkbenchFaults | undefined;
  send: (path: string, body?: unknown) => void;
}) {
  const [values, setValues] = useState(
    () =>
      Object.fromEntries(numberFaults.map((fault) => [fault.key, fault.initial])) as Record<
        keyof WorkbenchFaults,
        number | string
      >,
  );
  return (
    <>
      {numberFaults.map((fault) => (
        <NumberAction
          key={fault.key}
          label={fault.label}
          width={120}
          min={fault.min}
          value={values[fault.key]}
          onChange={(value) => setValues((all) => ({ ...all, [fault.key]: value }))}
          action={fault.action}
          onAction={(value) => send('/faults', { [fault.key]: value })}
        />
      ))}
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => send('/faults/clear')}>
          Clear faults
        </Button>
        {faults && (
          <Text size="xs" aria-label="Active faults">
            delay {faults.delayCommitsMs} ms · hold next {faults.holdNext} · reject next{' '}
            {faults.rejectNext}
          </Text>
        )}
      </Group>
    </>
  );
}
