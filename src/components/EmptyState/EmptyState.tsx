import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** What is missing, as a short heading. */
  title: string;
  /** What will appear here, and how to get it there. */
  children: ReactNode;
  /** The things this area will show once there is something to show. */
  upcoming?: readonly string[];
}

/** The placeholder an area shows before it has anything to show: it says what will appear. */
export function EmptyState({ title, children, upcoming }: EmptyStateProps) {
  return (
    <Paper withBorder radius="md" p="xl" maw={720}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Text c="dimmed">{children}</Text>
        {upcoming && upcoming.length > 0 && (
          <Stack gap={4} component="ul" m={0} pl="lg">
            {upcoming.map((item) => (
              <Text component="li" key={item} size="sm">
                {item}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
