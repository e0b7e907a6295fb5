import { Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { transactionMachine } from '../../../../machines';
import { useNetwork } from '../../../network/useNetwork';
import { callDevControl } from '../../chain/devControls/devControlQueries';
import { readPackageSources, type PackageSourceFiles } from './packageSources';
import type { PublishPayload } from './publishPayload';

// React's input props do not declare the directory pick every browser supports.
const FOLDER_INPUT = { webkitdirectory: '', directory: '' } as ComponentProps<'input'>;

type Sent =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'sent'; modules: string[] }
  | { state: 'failed'; message: string };

/**
 * Optional beside a publish payload: the build folder's source maps and sources. Once the package
 * is committed on the embedded chain they go to `POST /workbench/sources` (at once when picked
 * after), and the chain's traces then show `file.move:line` for its functions. Not part of the
 * draft, so it stays enabled while a run is in progress.
 */
export function PackageSourcesPicker(props: {
  payload: PublishPayload;
  actorRef: ActorRefFrom<typeof transactionMachine>;
}) {
  const { payload, actorRef } = props;
  const { network } = useNetwork();
  const [picked, setPicked] = useState<PackageSourceFiles | null>(null);
  const [sent, setSent] = useState<Sent>({ state: 'idle' });
  const committed = useSelector(actorRef, (snapshot) => snapshot.context.committed);
  const posted = useRef<string | null>(null);
  const names = payload.modules.map((m) => m.name);

  const choose = (files: File[]) => {
    if (files.length === 0) return;
    setSent({ state: 'idle' });
    posted.current = null;
    readPackageSources(files, names).then(setPicked, (error: unknown) =>
      setSent({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  };

  const address = payload.modules[0]?.address;
  useEffect(() => {
    if (picked === null || picked.modules.length === 0 || address === undefined) return;
    if (committed?.success !== true || posted.current === committed.hash) return;
    posted.current = committed.hash;
    setSent({ state: 'sending' });
    callDevControl<{ modules: string[] }>({
      network,
      path: '/sources',
      body: {
        address,
        package: payload.packageName,
        modules: picked.modules,
        files: picked.files,
      },
    }).then(
      (answer) => setSent({ state: 'sent', modules: answer.modules }),
      (error: unknown) =>
        setSent({
          state: 'failed',
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  }, [picked, committed, network, address, payload.packageName]);

  if (network.kind !== 'local') return null;
  const sourceCount = picked === null ? 0 : Object.keys(picked.files).length;
  return (
    <Stack gap={6} role="group" aria-label="Source maps">
      <Text size="sm" fw={600}>
        Source lines in traces (optional)
      </Text>
      <Text size="xs" c="dimmed">
        The <code>build/{payload.packageName || '<Package>'}</code> folder of{' '}
        <code>aptos move compile</code>, or its <code>.mvsm</code> and <code>.move</code> files.
        They go to the embedded chain once the package is committed.
      </Text>
      <Group gap="xs">
        <FileButton onChange={choose} multiple inputProps={FOLDER_INPUT}>
          {(button) => (
            <Button {...button} size="xs" variant="default">
              Choose the build folder…
            </Button>
          )}
        </FileButton>
        <FileButton onChange={choose} multiple accept=".mvsm,.move">
          {(button) => (
            <Button {...button} size="xs" variant="subtle">
              Choose files…
            </Button>
          )}
        </FileButton>
      </Group>
      <div aria-live="polite">
        {picked !== null && (
          <Text size="xs">
            {picked.modules.length === 0
              ? `No source map of ${names.join(', ')} among the files.`
              : `Source maps of ${picked.modules.map((m) => m.name).join(', ')}; ${sourceCount} source file${sourceCount === 1 ? '' : 's'}.`}
            {picked.modules.length > 0 && picked.missing.length > 0
              ? ` None for ${picked.missing.join(', ')}.`
              : ''}
            {sent.state === 'idle' && picked.modules.length > 0
              ? ' Sent to the chain when the package is committed.'
              : ''}
            {sent.state === 'sending' ? ' Sending to the chain…' : ''}
            {sent.state === 'sent'
              ? ` The chain has them: traces show file.move:line for ${sent.modules.length} module${sent.modules.length === 1 ? '' : 's'}.`
              : ''}
          </Text>
        )}
        {sent.state === 'failed' && (
          <Alert color="red" p="xs" title="The source maps were not taken">
            {sent.message}
          </Alert>
        )}
      </div>
    </Stack>
  );
}
