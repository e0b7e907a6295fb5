import { Alert, Button, FileButton, Group, Paper, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { canonicalAddresses, compactAddresses } from '../../../format/address';
import { useLiveRunRecord } from '../../runs';
import type { MachineGraph } from '../graph/machineGraph';
import { keepVisualizerFile } from './useVisualizerData';
import { hashOf, type VisualizerRoute } from './useVisualizerRoute';
import { parseVisualizerFile, toVisualizerFile, type VisualizerData } from './visualizerData';

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

export interface SourceBarProps {
  route: VisualizerRoute;
  data: VisualizerData | null;
  /** Why the route's source cannot be shown. */
  error: string | null;
  loading: boolean;
  /** The transaction machine's graph, to read a file with. */
  graph: MachineGraph;
  /** Another run or file is about to be shown: the page forgets its selection. */
  onSourceChange: () => void;
}

/**
 * Where the shown run comes from: the live run, a loaded file (with a picker for a file of
 * several runs), the export, the shown run's title, and why a file or source was refused.
 */
export function SourceBar({ route, data, error, loading, graph, onSourceChange }: SourceBarProps) {
  /** A file too large for session storage: shown, but not kept for a reload. */
  const [fileError, setFileError] = useState<string | null>(null);
  /** A file that was refused: the view keeps what it showed. */
  const [loadError, setLoadError] = useState<{ name: string; message: string } | null>(null);
  const live = useLiveRunRecord();
  // The function the shown run calls: from its record, or the live run's.
  const record =
    data?.record ?? (data?.kind === 'live' && live?.id === data.runId ? live : undefined);
  const fn = record?.draft.payload.function;

  async function loadFile(file: File | null) {
    if (!file) return;
    const text = await file.text();
    try {
      // Read it once here, so that a file the visualizer cannot show replaces nothing.
      parseVisualizerFile(text, graph);
    } catch (refusal) {
      setLoadError({
        name: file.name,
        message: refusal instanceof Error ? refusal.message : String(refusal),
      });
      return;
    }
    setLoadError(null);
    setFileError(
      keepVisualizerFile(text)
        ? null
        : 'The file is too large to keep in this tab; it is shown until you leave the page.',
    );
    onSourceChange();
    window.location.hash = hashOf({ kind: 'file' });
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  }

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Source">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Button
            size="xs"
            variant={route.kind === 'live' ? 'filled' : 'default'}
            color="blue"
            component="a"
            href={hashOf({ kind: 'live' })}
            aria-current={route.kind === 'live' ? 'page' : undefined}
          >
            Live run
          </Button>
          <FileButton onChange={(file) => void loadFile(file)} accept="application/json,.json">
            {(props) => (
              <Button
                size="xs"
                variant={route.kind === 'file' ? 'filled' : 'default'}
                color="blue"
                {...props}
              >
                Load JSON file
              </Button>
            )}
          </FileButton>
          <Button
            size="xs"
            variant="default"
            disabled={!data}
            onClick={() =>
              data &&
              download(
                `visualizer-${data.runId ?? 'live'}.json`,
                JSON.stringify(toVisualizerFile(data)),
              )
            }
          >
            Export
          </Button>
        </Group>
        <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} aria-live="polite">
            {data ? data.title : loading ? 'Loading…' : 'Nothing to show'}
          </Text>
          {fn && (
            <Text
              size="sm"
              ff="monospace"
              title={canonicalAddresses(fn)}
              style={{ overflowWrap: 'anywhere' }}
            >
              {compactAddresses(fn)}
            </Text>
          )}
        </Group>
      </Group>
      {data?.fileRuns && (
        <Select
          mt="xs"
          size="xs"
          maw={560}
          label={`Run in this file (${data.fileRuns.labels.length} runs)`}
          value={String(data.fileRuns.index)}
          allowDeselect={false}
          data={data.fileRuns.labels.map((label, index) => ({ value: String(index), label }))}
          onChange={(value) => {
            if (value === null) return;
            onSourceChange();
            window.location.hash = hashOf({ kind: 'file', run: Number(value) });
          }}
        />
      )}
      {loadError && (
        <Alert
          mt="xs"
          color="red"
          role="alert"
          title={`${loadError.name} was not loaded`}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setLoadError(null)}
        >
          {loadError.message} The view is unchanged.
        </Alert>
      )}
      {error && (
        <Alert mt="xs" color="yellow" title="Cannot show this source">
          {error}
        </Alert>
      )}
      {fileError && route.kind === 'file' && (
        <Alert mt="xs" color="yellow" title="Not kept for a reload">
          {fileError}
        </Alert>
      )}
    </Paper>
  );
}
