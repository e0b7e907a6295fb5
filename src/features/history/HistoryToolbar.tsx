import { Alert, Button, FileButton, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import type { WorkbenchRun } from '../../../machines';
import { parseRunFile, RunFileError } from '../../../schemas/runFile';
import type { RunStore } from '../runs';
import { ConfirmDelete } from './ConfirmDelete';
import { downloadRuns } from './runFiles';
import { historyQueries } from './useRunList';

type ImportResult =
  { ok: true; count: number; name: string } | { ok: false; message: string; name: string };

async function importFile(store: RunStore, file: File): Promise<ImportResult> {
  try {
    const { runs } = parseRunFile(await file.text());
    await store.putRuns(runs);
    return { ok: true, count: runs.length, name: file.name };
  } catch (error) {
    const message =
      error instanceof RunFileError || error instanceof Error ? error.message : String(error);
    return { ok: false, message, name: file.name };
  }
}

export interface HistoryToolbarProps {
  store: RunStore;
  /** The runs the list shows now, and the ones ticked. */
  shown: readonly WorkbenchRun[];
  selected: readonly WorkbenchRun[];
}

/** Import (pick or drop), export, clear all with confirmation, and the history's bound. */
export function HistoryToolbar({ store, shown, selected }: HistoryToolbarProps) {
  const meta = useQuery(historyQueries.meta(store));
  const [result, setResult] = useState<ImportResult | null>(null);
  const [dragging, setDragging] = useState(false);
  const [confirmOpen, confirm] = useDisclosure(false);
  const [limit, setLimit] = useState<number | string>('');

  const onFile = async (file: File | null) => {
    if (file) setResult(await importFile(store, file));
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void onFile(event.dataTransfer.files.item(0));
  };
  const maxRuns = meta.data?.maxRuns;
  const pruned = meta.data?.pruned;

  return (
    <Stack gap="sm">
      <Paper
        withBorder
        p="sm"
        radius="md"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        bg={dragging ? 'var(--mantine-color-blue-light)' : undefined}
        aria-label="Import, export and storage"
        component="section"
      >
        <Group gap="sm" justify="space-between">
          <Group gap="sm">
            <FileButton onChange={(file) => void onFile(file)} accept="application/json,.json">
              {(props) => (
                <Button variant="default" {...props}>
                  Import runs…
                </Button>
              )}
            </FileButton>
            <Text size="xs">or drop a run file here</Text>
            <Button
              variant="default"
              disabled={selected.length === 0}
              onClick={() => downloadRuns(selected)}
            >
              Export selected ({selected.length})
            </Button>
            <Button
              variant="default"
              disabled={shown.length === 0}
              onClick={() => downloadRuns(shown)}
            >
              Export shown ({shown.length})
            </Button>
          </Group>
          <Group gap="sm" align="end">
            <NumberInput
              label={maxRuns === undefined ? 'Runs kept' : `Runs kept (now ${maxRuns})`}
              min={1}
              step={100}
              placeholder={maxRuns === undefined ? undefined : String(maxRuns)}
              value={limit}
              onChange={setLimit}
              w={130}
              size="xs"
            />
            <Button
              size="xs"
              variant="default"
              disabled={typeof limit !== 'number' || limit < 1}
              onClick={() => typeof limit === 'number' && void store.setMaxRuns(limit)}
            >
              Save bound
            </Button>
            <Button
              color="red"
              variant="light"
              onClick={confirm.open}
              disabled={meta.data?.count === 0}
            >
              Clear all…
            </Button>
          </Group>
        </Group>
      </Paper>
      {result &&
        (result.ok ? (
          <Alert
            color="teal"
            title="Imported"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setResult(null)}
          >
            {result.count} run{result.count === 1 ? '' : 's'} from {result.name}.
          </Alert>
        ) : (
          <Alert
            color="red"
            title={`${result.name} was not imported`}
            role="alert"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setResult(null)}
          >
            {result.message} The history is unchanged.
          </Alert>
        ))}
      {pruned && pruned.count > 0 && (
        <Alert color="yellow" title="Oldest runs pruned">
          The history keeps the newest {maxRuns} runs; {pruned.count} older run
          {pruned.count === 1 ? ' was' : 's were'} removed (last on{' '}
          {new Date(pruned.at).toLocaleString()}). Raise “Runs kept” to keep more.
        </Alert>
      )}
      <ConfirmDelete
        opened={confirmOpen}
        onClose={confirm.close}
        title="Clear the whole history?"
        message={`All ${meta.data?.count ?? 0} stored runs are deleted from this browser. Export them first to keep a copy.`}
        keepLabel="Keep them"
        deleteLabel="Delete all runs"
        onDelete={() => void store.clear()}
      />
    </Stack>
  );
}
