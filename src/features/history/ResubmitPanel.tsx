import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { WorkbenchRun } from '../../../machines';
import { suggestFix } from '../../../replay/suggestFix';
import { createAptos } from '../../aptos/createAptos';
import { useNetwork } from '../../network/useNetwork';
import { useRuns } from '../runs';

/**
 * Kind 4: the classifier's suggestion as an action. The new attempt runs in Compose as a new run
 * linked to this one by `retryOf`.
 */
export function ResubmitPanel({ record }: { record: WorkbenchRun }) {
  const fix = suggestFix(record);
  const { network } = useNetwork();
  const { startRun } = useRuns();
  const resubmit = useMutation({
    mutationFn: async () => {
      if (!fix) return;
      if (fix.fundOctas) {
        await createAptos(network).fundAccount({
          accountAddress: fix.draft.sender,
          amount: Number(fix.fundOctas),
        });
      }
      startRun({ draft: fix.draft, retryOf: record.id, autoRun: true });
      window.location.hash = '#/compose';
    },
  });
  if (!fix) {
    return (
      <Text size="xs">
        No automatic fix for this failure; edit the draft in Compose and run it again.
      </Text>
    );
  }
  const otherNetwork = network.kind !== record.network.name;
  return (
    <Stack gap="xs">
      <Button
        onClick={() => resubmit.mutate()}
        loading={resubmit.isPending}
        disabled={otherNetwork}
      >
        {fix.label}
      </Button>
      <Text size="xs">
        {otherNetwork
          ? `This run was made on ${record.network.name}; select that network to resubmit.`
          : `${fix.detail} The attempt opens in Compose, linked to this run.`}
      </Text>
      {resubmit.isError && (
        <Alert color="red" title="Could not resubmit" role="alert">
          {resubmit.error.message}
        </Alert>
      )}
    </Stack>
  );
}
