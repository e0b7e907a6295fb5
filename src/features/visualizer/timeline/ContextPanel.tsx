import { Badge, Code, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import type { JsonValue } from '../../../../machines';
import classes from './Timeline.module.css';
import { contextDiff, type TimelineRow } from './timelineModel';

const KIND_COLOR = { added: 'teal.9', removed: 'red.9', changed: 'blue.9' } as const;

function short(value: JsonValue | undefined): string {
  if (value === undefined) return '';
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

/**
 * The context at the selected transition: what it changed (added, removed and changed paths,
 * from microdiff) and the whole context after it.
 */
export function ContextPanel({
  row,
  previous,
  note,
}: {
  row: TimelineRow | null;
  previous: TimelineRow | null;
  /** Where the contexts come from (rebuilt from a run record), or why a row has none. */
  note?: string | undefined;
}) {
  const changes = useMemo(
    () => (row?.context == null ? null : contextDiff(previous?.context ?? null, row.context)),
    [row, previous],
  );
  if (row === null) {
    return <Text size="sm">Select a transition to see its context.</Text>;
  }
  if (row.context === null) {
    return (
      <Text size="sm">
        {note ??
          'This run keeps no context per transition. Runs seen live, stored runs (rebuilt by re-running them) and visualizer exports have one.'}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
      <Title order={4} size="h6">
        Context diff at seq {row.seq}
      </Title>
      {changes && changes.length === 0 ? (
        <Text size="sm">No change to the context.</Text>
      ) : (
        <Stack gap={6} component="ul" m={0} p={0} aria-label={`Context changes at seq ${row.seq}`}>
          {changes?.map((change) => (
            <li
              key={`${change.kind}:${change.path}`}
              data-kind={change.kind}
              className={classes.change}
            >
              <Group gap={6} wrap="nowrap">
                <Badge size="xs" color={KIND_COLOR[change.kind]} variant="filled">
                  {change.kind}
                </Badge>
                <Code>{change.path}</Code>
              </Group>
              <Text size="xs" ff="monospace" className={classes.values}>
                {change.kind === 'added'
                  ? short(change.after)
                  : change.kind === 'removed'
                    ? short(change.before)
                    : `${short(change.before)} → ${short(change.after)}`}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      <Title order={4} size="h6">
        Whole context after seq {row.seq}
      </Title>
      <ScrollArea.Autosize mah={260} type="auto">
        <Code block aria-label={`Context after seq ${row.seq}`} tabIndex={0}>
          {JSON.stringify(row.context, null, 2)}
        </Code>
      </ScrollArea.Autosize>
    </Stack>
  );
}
