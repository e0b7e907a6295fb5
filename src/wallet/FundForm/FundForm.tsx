import { Alert, Button, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { createAptos } from '../../aptos/createAptos';
import { bindText } from '../../components/forms';
import { errorMessage } from '../../errors/errorMessage';
import { formatApt, parseAmount } from '../../format/amounts';
import { networkLabels } from '../../network/networks';
import { useNetwork } from '../../network/useNetwork';
import { accountQueries } from '../../queries/chainQueries';
import { DEFAULT_FUND_TEXT, FAUCET_LIMIT_OCTAS } from './faucetLimits';

/** Props of {@link FundForm}. */
export interface FundFormProps {
  /** The account funded (long form). */
  address: string;
  /** Called with `true` while the faucet request runs. */
  onBusyChange?: (busy: boolean) => void;
}

/** Reads the amount typed (APT, or octas with the unit) against the faucet's limit. */
export function parseFundAmount(
  input: string,
  limitOctas: string | undefined,
): { octas: string } | { error: string } {
  const amount = parseAmount(input);
  if ('error' in amount) return amount;
  if (limitOctas !== undefined && BigInt(amount.octas) > BigInt(limitOctas)) {
    return { error: `The faucet gives at most ${formatApt(limitOctas)} a request.` };
  }
  return amount;
}

/**
 * Asks the selected network's faucet for an amount the person chooses (APT, or octas with the
 * word), states the faucet's limit, and says how much it gave once the funding committed.
 */
export function FundForm({ address, onBusyChange }: FundFormProps) {
  const { network } = useNetwork();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [amount, setAmount] = useState(DEFAULT_FUND_TEXT);
  const [error, setError] = useState<string>();
  const limit = FAUCET_LIMIT_OCTAS[network.kind];

  const fund = useMutation({
    mutationFn: async (octas: string) => {
      const committed = await createAptos(network).fundAccount({
        accountAddress: address,
        // The SDK takes a number: amounts up to the limit (1,000 APT) are exact below 2^53.
        amount: Number(octas),
      });
      return { octas, hash: committed.hash, version: committed.version };
    },
    onMutate: () => onBusyChange?.(true),
    onSettled: () => {
      onBusyChange?.(false);
      void queryClient.invalidateQueries({ queryKey: accountQueries.all(network) });
    },
  });

  if (network.faucet === undefined) {
    return (
      <Text size="sm" c="dimmed">
        {networkLabels[network.kind]} has no faucet the workbench can call: fund this account from
        another account or the network&apos;s own faucet page.
      </Text>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseFundAmount(amount, limit);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(undefined);
    fund.mutate(parsed.octas);
  };
  const preview = amount.trim() === '' ? undefined : parseAmount(amount);

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h6" id={headingId}>
        Fund from the faucet
      </Title>
      <form onSubmit={submit} noValidate aria-labelledby={headingId}>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label="Amount to fund"
            placeholder="1 (APT) or 50000000 octas"
            inputMode="decimal"
            {...bindText(amount, setAmount)}
            error={error}
            description={
              preview !== undefined && 'octas' in preview
                ? formatApt(preview.octas)
                : `In APT, or octas with the word.${limit ? ` At most ${formatApt(limit)}.` : ''}`
            }
            size="xs"
            style={{ flex: 1 }}
          />
          <Button type="submit" size="xs" mt={22} loading={fund.isPending}>
            Fund
          </Button>
        </Group>
      </form>
      {limit !== undefined && (
        <Text size="xs" c="dimmed">
          The {networkLabels[network.kind]} faucet gives up to {formatApt(limit)} a request.
        </Text>
      )}
      <div aria-live="polite">
        {fund.isPending && (
          <Text size="sm" role="status">
            Asking the faucet…
          </Text>
        )}
        {fund.isSuccess && (
          <Alert color="teal" title={`Funded ${formatApt(fund.data.octas)}`} role="status">
            <Text size="sm">
              Version {fund.data.version} · transaction{' '}
              <Code style={{ wordBreak: 'break-all' }}>{fund.data.hash}</Code>
            </Text>
          </Alert>
        )}
        {fund.isError && (
          <Alert color="red" title="The faucet did not fund the account" role="alert">
            <Text size="sm">
              {errorMessage(fund.error)}. Check that {networkLabels[network.kind]} is reachable
              {network.kind === 'local' ? ' (npm start runs the embedded chain)' : ''} and try
              again.
            </Text>
          </Alert>
        )}
      </div>
    </Stack>
  );
}
