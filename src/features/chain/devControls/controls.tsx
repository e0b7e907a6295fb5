import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One control with its one-line explanation. */
export function Control({
  title,
  explanation,
  children,
}: {
  title: string;
  explanation: string;
  children: ReactNode;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Text size="xs" c="dimmed">
        {explanation}
      </Text>
      {children}
    </Stack>
  );
}

interface NumberActionProps {
  label: string;
  width: number;
  min: number;
  value: number | string;
  onChange: (value: number | string) => void;
  /** The button's label. */
  action: string;
  onAction: (value: number) => void;
}

/** A number and the button that sends it. */
export function NumberAction({
  label,
  width,
  min,
  value,
  onChange,
  action,
  onAction,
}: NumberActionProps) {
  return (
    <Group gap="xs" align="flex-end">
      <NumberInput size="xs" w={width} label={label} min={min} value={value} onChange={onChange} />
      <Button size="xs" variant="light" onClick={() => onAction(Number(value) || 0)}>
        {action}
      </Button>
    </Group>
  );
}
