import { Group, Paper, Stack, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PanelProps {
  /** The panel's heading. */
  title: ReactNode;
  /** When given, the panel is a named region (`<section aria-label>`) for landmarks and tests. */
  label?: string;
  /** Beside the heading, on the right: a badge, a status line, a toggle. */
  aside?: ReactNode;
  /** Space between the heading and each child. */
  gap?: MantineSpacing;
  children: ReactNode;
}

/** A bordered card with a heading: every panel of the Compose and Chain pages. */
export function Panel({ title, label, aside, gap = 'sm', children }: PanelProps) {
  const heading = (
    <Title order={3} size="h5">
      {title}
    </Title>
  );
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      {...(label === undefined ? {} : { component: 'section', 'aria-label': label })}
    >
      <Stack gap={gap}>
        {aside === undefined ? (
          heading
        ) : (
          <Group justify="space-between">
            {heading}
            {aside}
          </Group>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
