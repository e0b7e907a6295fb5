import { Alert, Badge, FileInput, Group, List, Stack, Table, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { transactionMachine } from '../../../../machines';
import type { DraftResult } from '../composer';
import { PackageSourcesPicker } from './PackageSourcesPicker';
import {
  abisFromChanges,
  parsePublishPayload,
  publishDraft,
  senderProblems,
  type PublishPayloadResult,
} from './publishPayload';

/** The file's text (FileReader: what every browser, and jsdom, has). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsText(file);
  });
}

export interface PublishPackageProps {
  /** The connected account (long form), or null. */
  sender: string | null;
  /** True while a run is in progress. */
  disabled: boolean;
  onDraft: (result: DraftResult) => void;
  actorRef: ActorRefFrom<typeof transactionMachine>;
}

/**
 * Compose's "Publish a package": takes the JSON of `aptos move build-publish-payload`, lists its
 * modules, and hands the transaction machine a `0x1::code::publish_package_txn` draft, so Build,
 * Simulate, Sign and Submit run it step by step. Once simulated (or committed), the modules' ABIs
 * the node derived from the bytecode are listed; afterwards the composer offers their entry
 * functions like any other module's. On the embedded chain, the build folder's source maps go to
 * the chain once committed, for `file.move:line` in traces.
 */
export function PublishPackage({ sender, disabled, onDraft, actorRef }: PublishPackageProps) {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<PublishPayloadResult | null>(null);
  const changes = useSelector(
    actorRef,
    (snapshot) =>
      snapshot.context.committed?.changes ?? snapshot.context.simulation?.changes ?? null,
  );

  const latest = useRef<File | null>(null);
  const choose = (next: File | null) => {
    latest.current = next;
    setFile(next);
    if (next === null) {
      setResult(null);
      return;
    }
    readText(next).then(
      (text) => {
        // A later choice wins over a slower read of an earlier file.
        if (latest.current === next) setResult(parsePublishPayload(text));
      },
      () => {
        if (latest.current === next)
          setResult({ ok: false, problems: ['The file could not be read.'] });
      },
    );
  };

  const problems = useMemo(
    () =>
      result === null
        ? ['Choose the JSON file of `aptos move build-publish-payload`.']
        : result.ok
          ? senderProblems(sender, result.payload)
          : result.problems,
    [result, sender],
  );
  useEffect(() => {
    if (result?.ok && sender !== null && problems.length === 0)
      onDraft({ ok: true, draft: publishDraft(sender, result.payload), signingMode: 'sign' });
    else onDraft({ ok: false, problems, signingMode: 'sign' });
  }, [result, sender, problems, onDraft]);

  const abis = changes === null ? [] : abisFromChanges(changes);
  return (
    <Stack gap="sm" role="group" aria-label="Publish a package">
      <FileInput
        label="Publish payload (JSON)"
        description="aptos move build-publish-payload --json-output-file publish.json"
        placeholder="Choose publish.json"
        accept="application/json,.json"
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the payload file' }}
        disabled={disabled}
        value={file}
        onChange={choose}
      />
      {result?.ok === false && (
        <Alert
          color="red"
          p="xs"
          title="This file cannot be published"
          aria-label="Payload problems"
        >
          <List size="xs">
            {result.problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {result?.ok === true && (
        <Stack gap="xs">
          <Text size="sm">
            Package <strong>{result.payload.packageName}</strong>: {result.payload.modules.length}{' '}
            module
            {result.payload.modules.length === 1 ? '' : 's'}, published by{' '}
            <code>0x1::code::publish_package_txn</code>.
          </Text>
          <Table striped withTableBorder aria-label="Modules">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Module</Table.Th>
                <Table.Th>Bytecode</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.payload.modules.map((m) => (
                <Table.Tr key={`${m.address}::${m.name}`}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {m.address.slice(0, 8)}…{m.address.slice(-6)}::{m.name}
                  </Table.Td>
                  <Table.Td>
                    v{m.version}, {m.bytes.toLocaleString('en-US')} bytes
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <PackageSourcesPicker payload={result.payload} actorRef={actorRef} />
          {abis.length === 0 ? (
            <Text size="xs" c="dimmed">
              Simulate to see each module&apos;s ABI as the node derives it from the bytecode.
            </Text>
          ) : (
            abis.map((abi) => (
              <Stack key={abi.name} gap={4} role="group" aria-label={`ABI of ${abi.name}`}>
                <Text fw={700} size="sm">
                  {abi.name}
                </Text>
                {abi.structs.length > 0 && <Text size="xs">Structs: {abi.structs.join(', ')}</Text>}
                <List size="xs">
                  {abi.functions.map((f) => (
                    <List.Item key={f.name}>
                      <Group gap={4} wrap="wrap">
                        <code>
                          {f.name}({f.params.join(', ')})
                        </code>
                        {f.isEntry && <Badge size="xs">entry</Badge>}
                        {f.isView && (
                          <Badge size="xs" color="grape">
                            view
                          </Badge>
                        )}
                        {f.visibility !== 'public' && (
                          <Badge size="xs" color="gray">
                            {f.visibility}
                          </Badge>
                        )}
                      </Group>
                    </List.Item>
                  ))}
                </List>
              </Stack>
            ))
          )}
        </Stack>
      )}
    </Stack>
  );
}
