import { Alert, Badge, Button, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { runWalletRequest, WalletRequestError } from '../../actors';
import { createAptos } from '../../aptos/createAptos';
import { bindText } from '../../components/forms';
import { errorMessage } from '../../errors/errorMessage';
import { formatApt, parseAmount } from '../../format/amounts';
import { useNetwork } from '../../network/useNetwork';
import { parseAddress } from '../../format/address';
import { accountQueries } from '../../queries/chainQueries';
import { useWalletMachine } from '../useWalletMachine';

/** Props of {@link SendAptForm}. */
export interface SendAptFormProps {
  /** The connected wallet that signs and submits. */
  walletName: string;
  /** Called with `true` while a transfer is with the wallet or the chain, then `false`. */
  onBusyChange?: (busy: boolean) => void;
  /** How long to wait for the chain to commit, in seconds (default 30). */
  waitTimeoutSecs?: number;
}

/** How a transfer ended. */
interface TransferOutcome {
  hash: string;
  success: boolean;
  vmStatus: string;
  version: string;
}

type FieldErrors = Partial<Record<'recipient' | 'amount', string>>;

/**
 * A small APT transfer (`0x1::aptos_account::transfer`) through the connected wallet's
 * sign-and-submit, then a wait for the transaction with the workbench's own client. Shows the
 * hash and the outcome, and refreshes account data.
 *
 * @example
 * ```tsx
 * <SendAptForm walletName="Workbench Dev Wallet" />
 * ```
 */
export function SendAptForm({ walletName, onBusyChange, waitTimeoutSecs = 30 }: SendAptFormProps) {
  const { bridge, devWallet } = useWalletMachine();
  const { network } = useNetwork();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [recipient, setRecipient] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState<string>();

  const send = useMutation({
    mutationFn: async (args: { recipient: string; octas: string }): Promise<TransferOutcome> => {
      const commands = bridge.commands();
      if (commands === null) throw new Error('The wallet adapter is still starting; try again.');
      const { hash } = await runWalletRequest({
        walletName,
        devWallet,
        run: () =>
          commands.signAndSubmitTransaction({
            data: {
              function: '0x1::aptos_account::transfer',
              functionArguments: [args.recipient, args.octas],
            },
          }),
      });
      setSubmitted(hash);
      const committed = await createAptos(network).waitForTransaction({
        transactionHash: hash,
        options: { timeoutSecs: waitTimeoutSecs, checkSuccess: false },
      });
      return {
        hash,
        success: committed.success,
        vmStatus: committed.vm_status,
        version: committed.version,
      };
    },
    onMutate: () => {
      setSubmitted(undefined);
      onBusyChange?.(true);
    },
    onSettled: () => {
      onBusyChange?.(false);
      void queryClient.invalidateQueries({ queryKey: accountQueries.all(network) });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = parseAddress(recipient, 'Recipient');
    const octas = parseAmount(amount);
    const next: FieldErrors = {
      ...(!address.ok ? { recipient: address.error } : {}),
      ...('error' in octas ? { amount: octas.error } : {}),
    };
    setErrors(next);
    if (!address.ok || 'error' in octas) return;
    send.mutate({ recipient: address.address, octas: octas.octas });
  };

  const octasPreview = amount.trim() === '' ? undefined : parseAmount(amount);

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h6" id={headingId}>
        Send APT
      </Title>
      <form onSubmit={submit} noValidate aria-labelledby={headingId}>
        <Stack gap="xs">
          <TextInput
            label="Recipient"
            placeholder="0x…"
            {...bindText(recipient, setRecipient)}
            error={errors.recipient}
            size="xs"
          />
          <TextInput
            label="Amount (APT)"
            placeholder="0.1 (APT) or 10000000 octas"
            inputMode="decimal"
            {...bindText(amount, setAmount)}
            error={errors.amount}
            description={
              octasPreview !== undefined && 'octas' in octasPreview
                ? formatApt(octasPreview.octas)
                : 'In APT, or in octas with the word: 1 APT = 100,000,000 octas'
            }
            size="xs"
          />
          <Group justify="flex-end">
            <Button type="submit" size="xs" loading={send.isPending}>
              Sign and submit
            </Button>
          </Group>
        </Stack>
      </form>
      <div aria-live="polite">
        {send.isPending && (
          <Text size="sm" role="status">
            {submitted === undefined
              ? `Waiting for ${walletName} to sign and submit…`
              : 'Submitted; waiting for the chain to commit it…'}
          </Text>
        )}
        {send.isSuccess && (
          <Alert
            color={send.data.success ? 'teal' : 'red'}
            title={send.data.success ? 'Committed' : 'Committed, but failed'}
            role="status"
          >
            <Stack gap={4}>
              <Text size="sm">
                {send.data.vmStatus}
                {` · version ${send.data.version}`}
              </Text>
              <Text size="sm">
                Hash <Code style={{ wordBreak: 'break-all' }}>{send.data.hash}</Code>
              </Text>
            </Stack>
          </Alert>
        )}
        {send.isError && (
          <Alert color="red" title="The transfer did not go through" role="alert">
            <Stack gap={4}>
              <Group gap={6} wrap="nowrap" align="flex-start">
                {send.error instanceof WalletRequestError && send.error.status !== null && (
                  <Badge color="red" size="sm">
                    {send.error.status}
                  </Badge>
                )}
                <Text size="sm">{errorMessage(send.error)}</Text>
              </Group>
              {submitted !== undefined && (
                <Text size="sm">
                  Submitted as <Code style={{ wordBreak: 'break-all' }}>{submitted}</Code>; look it
                  up later in the Chain area.
                </Text>
              )}
            </Stack>
          </Alert>
        )}
      </div>
    </Stack>
  );
}
