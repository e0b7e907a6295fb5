import { Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import type { WorkbenchRun } from '../../../machines';
import { expectedOutcome, exportTestFile } from '../../../replay/exportTest';
import { fetchExportInputs } from '../../../replay/exportTestInputs';
import { createAptos } from '../../aptos/createAptos';
import { networkKinds, type NetworkConfig, type NetworkKind } from '../../network/networks';
import { useNetwork } from '../../network/useNetwork';

/** Saves text through the browser's download. */
function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/typescript' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** The network the run was on: the app's own when it is the same node, else that node. */
function runNetwork(record: WorkbenchRun, current: NetworkConfig): NetworkConfig {
  if (record.network.nodeUrl === current.fullnode) return current;
  const kind = (networkKinds as readonly string[]).includes(record.network.name)
    ? (record.network.name as NetworkKind)
    : 'custom';
  return { kind, fullnode: record.network.nodeUrl };
}

/**
 * "Export as test": reads the run's packages and balances from the node it ran on and downloads
 * one Vitest file that reproduces it on a fresh local chain (replay/exportTest.ts).
 */
export function ExportTestButton({ record }: { record: WorkbenchRun }) {
  const { network } = useNetwork();
  const hint = useId();
  const exportTest = useMutation({
    mutationFn: async () => {
      expectedOutcome(record);
      const aptos = createAptos(runNetwork(record, network));
      return exportTestFile(record, await fetchExportInputs({ aptos, record }));
    },
    onSuccess: (file) => download(file.text, file.fileName),
  });
  return (
    <Stack gap="xs">
      <Button
        variant="light"
        onClick={() => exportTest.mutate()}
        loading={exportTest.isPending}
        aria-describedby={hint}
      >
        Export as test
      </Button>
      <Text id={hint} size="xs">
        One Vitest file that reproduces this run on a fresh local chain (@tx-workbench/localnet),
        for your own repository. Its keys are new, made from a seed.
      </Text>
      {exportTest.isSuccess && (
        <Text role="status" size="xs">
          Downloaded {exportTest.data.fileName}.
        </Text>
      )}
      {exportTest.isError && (
        <Text role="alert" size="xs" c="red">
          Could not export the test: {exportTest.error.message}
        </Text>
      )}
    </Stack>
  );
}
