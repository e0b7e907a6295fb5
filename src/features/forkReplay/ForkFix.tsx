import {
  Alert,
  Badge,
  Button,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toHex } from '../../../chainActors';
import { parseAddress, shortAddress } from '../../format/address';
import type { DraftArgument } from '../../../machines';
import {
  entryPayloadWithArguments,
  modifiedSignedTransaction,
  type ForkChanges,
} from '../../../replay/forkFix';
import {
  absentSenderError,
  compareWithCommitted,
  reexecuteOnFork,
} from '../../../replay/forkReplay';
import { draftArgument, forkRun, type ForkRunPlace } from '../../../replay/forkRun';
import type { NetworkConfig } from '../../network/networks';
import { traceQueries } from '../../queries/traceQueries';
import { TraceDiffView } from '../history/TraceDiff';
import { runHref } from '../history/useHistoryRoute';
import type { RunStore } from '../runs';
import { TraceTab } from '../trace';
import { ForkDiffTable } from './ForkDiffTable';
import { ForkFailure } from './forkErrors';
import { forkQueries } from './forkQueries';

const WHOLE = /^[0-9]{1,20}$/;

/** The entry function payload of a committed transaction, or `null` for another kind. */
function entryOf(tx: UserTransactionResponse): {
  function: `${string}::${string}::${string}`;
  typeArguments: string[];
  arguments: DraftArgument[];
} | null {
  const payload = tx.payload as {
    type?: string;
    function?: `${string}::${string}::${string}`;
    type_arguments?: string[];
    arguments?: unknown[];
  };
  if (payload.type !== 'entry_function_payload' || payload.function === undefined) return null;
  return {
    function: payload.function,
    typeArguments: payload.type_arguments ?? [],
    arguments: (payload.arguments ?? []).map(draftArgument),
  };
}

/** The typed arguments as a JSON array, or why not. */
function parseArguments(text: string): { ok: true; value: DraftArgument[] } | { ok: false } {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? { ok: true, value: value.map(draftArgument) } : { ok: false };
  } catch {
    return { ok: false };
  }
}

/** "max gas 5000 and arguments ["0xb0b","1"]": what a fix changed. */
function changesText(changes: ForkChanges): string {
  const parts = [
    changes.maxGasAmount === undefined ? null : `max gas ${changes.maxGasAmount}`,
    changes.gasUnitPrice === undefined ? null : `gas price ${changes.gasUnitPrice}`,
    changes.functionArguments === undefined
      ? null
      : `arguments ${JSON.stringify(changes.functionArguments)}`,
    changes.sender === undefined
      ? null
      : `sender ${shortAddress(changes.sender)} (sequence number ${changes.sequenceNumber ?? '?'})`,
  ].filter((part) => part !== null);
  return parts.length === 0 ? 'no change' : parts.join(' and ');
}

/** The traces of the committed transaction and of the fix on the fork, compared. */
function FixTraceDiff(props: { forkUrl: string; version: string; transaction: string }) {
  const original = useQuery(traceQueries.trace(props.forkUrl, { version: props.version }));
  const modified = useQuery(
    traceQueries.trace(props.forkUrl, { version: props.version, transaction: props.transaction }),
  );
  if (original.isError || modified.isError) {
    return <ForkFailure error={(original.error ?? modified.error) as Error} />;
  }
  if (original.data === undefined || modified.data === undefined) {
    return (
      <Text size="sm" role="status">
        Tracing both executions…
      </Text>
    );
  }
  return <TraceDiffView original={original.data} modified={modified.data} />;
}

export interface ForkFixProps {
  network: NetworkConfig;
  version: string;
  forkUrl: string;
  committed: UserTransactionResponse;
  place: ForkRunPlace;
  /** The replay's run in History, which the fix's run retries. */
  replayRunId: string | null;
  store: Pick<RunStore, 'putRun'>;
}

/**
 * "Try a fix": the same transaction with more gas, another gas price, other arguments or from
 * another sender (its sequence number read at that state from the fork), at the same state on
 * the same fork (`POST /workbench/reexecute` with the modified transaction), compared with the
 * committed result, with its trace and the trace diff; each try is a run in History.
 */
export function ForkFix({
  network,
  version,
  forkUrl,
  committed,
  place,
  replayRunId,
  store,
}: ForkFixProps) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [maxGas, setMaxGas] = useState(() => String(BigInt(committed.max_gas_amount) * 2n));
  const [gasPrice, setGasPrice] = useState(committed.gas_unit_price);
  const entry = entryOf(committed);
  const committedArgs = JSON.stringify(entry?.arguments ?? []);
  const [argsText, setArgsText] = useState(committedArgs);
  const parsedArgs = parseArguments(argsText);
  const [senderText, setSenderText] = useState('');
  const parsedSender = senderText === '' ? null : parseAddress(senderText, 'Sender');
  const stateVersion = String(BigInt(version) - 1n);
  const [shown, setShown] = useState<'trace' | 'diff' | null>(null);
  const fix = useMutation({
    mutationFn: async (changes: ForkChanges) => {
      const signed = await queryClient.fetchQuery(forkQueries.signed(network.fullnode, version));
      const payload =
        changes.functionArguments === undefined || entry === null
          ? undefined
          : entryPayloadWithArguments({
              function: entry.function,
              typeArguments: entry.typeArguments,
              functionArguments: changes.functionArguments,
              abi: await queryClient.fetchQuery(forkQueries.entryAbi(network, entry.function)),
            });
      const { maxGasAmount, gasUnitPrice, sender } = changes;
      const gas = {
        ...(maxGasAmount === undefined ? {} : { maxGasAmount }),
        ...(gasUnitPrice === undefined ? {} : { gasUnitPrice }),
      };
      let from: { address: string; sequenceNumber: string } | undefined;
      if (sender !== undefined) {
        const account = await queryClient.fetchQuery(
          forkQueries.accountAt(forkUrl, sender, stateVersion),
        );
        if (account === null) throw absentSenderError(sender, stateVersion);
        from = { address: sender, sequenceNumber: account.sequenceNumber };
      }
      // The run keeps the other sender's sequence number as its draft's.
      const applied =
        from === undefined ? changes : { ...changes, sequenceNumber: from.sequenceNumber };
      const bytes = modifiedSignedTransaction(signed, gas, payload, from);
      const result = await reexecuteOnFork({ forkUrl, version, transaction: bytes });
      const comparison = compareWithCommitted({
        committed,
        replayed: result.facts,
        ...(sender === undefined ? {} : { sender }),
      });
      const id = crypto.randomUUID();
      await store.putRun(
        forkRun({
          id,
          startedAt: Date.now(),
          retryOf: replayRunId,
          committed,
          replayed: result.facts,
          comparison,
          place,
          mode: 'modified',
          changes: applied,
          nativeFramework: result.nativeFramework,
        }),
      );
      return { result, comparison, changes: applied, hex: toHex(bytes), runId: id };
    },
    onMutate: () => setShown(null),
  });
  const valid =
    WHOLE.test(maxGas) &&
    WHOLE.test(gasPrice) &&
    parsedArgs.ok &&
    (parsedSender === null || parsedSender.ok);
  const changes: ForkChanges = {};
  if (maxGas !== committed.max_gas_amount) changes.maxGasAmount = maxGas;
  if (gasPrice !== committed.gas_unit_price) changes.gasUnitPrice = gasPrice;
  if (parsedArgs.ok && JSON.stringify(parsedArgs.value) !== committedArgs)
    changes.functionArguments = parsedArgs.value;
  if (parsedSender?.ok === true && parsedSender.address !== committed.sender)
    changes.sender = parsedSender.address;
  const data = fix.data;
  return (
    <Stack gap="xs" component="section" aria-labelledby={`${ids}-title`}>
      <Title order={4} size="h6" id={`${ids}-title`}>
        Try a fix at the same state
      </Title>
      <Text size="xs">
        The same transaction (sender, sequence number, function) with other gas, arguments or
        sender, re-executed on the fork on the state of version {stateVersion}. Nothing is signed or
        sent.
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) fix.mutate(changes);
        }}
      >
        <Group align="end" gap="xs">
          <TextInput
            label="Max gas amount"
            description={`committed: ${committed.max_gas_amount}`}
            inputMode="numeric"
            value={maxGas}
            onChange={(event) => setMaxGas(event.currentTarget.value.trim())}
            error={WHOLE.test(maxGas) ? undefined : 'A whole number of gas units'}
            w={180}
          />
          <TextInput
            label="Gas unit price"
            description={`committed: ${committed.gas_unit_price}`}
            inputMode="numeric"
            value={gasPrice}
            onChange={(event) => setGasPrice(event.currentTarget.value.trim())}
            error={WHOLE.test(gasPrice) ? undefined : 'A whole number of octas'}
            w={180}
          />
        </Group>
        {entry !== null && (
          <Textarea
            mt="xs"
            label="Arguments (JSON)"
            description={`committed: ${committedArgs}`}
            value={argsText}
            onChange={(event) => setArgsText(event.currentTarget.value)}
            error={parsedArgs.ok ? undefined : 'A JSON array, one value per argument'}
            rows={2}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        )}
        <TextInput
          mt="xs"
          label="Another sender (optional)"
          description={`Sends the same payload from this account, with its sequence number at version ${stateVersion} (the sender is the signer replaced). Empty: the committed sender.`}
          placeholder={shortAddress(committed.sender)}
          value={senderText}
          onChange={(event) => setSenderText(event.currentTarget.value.trim())}
          error={parsedSender !== null && !parsedSender.ok ? parsedSender.error : undefined}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Group mt="xs">
          <Button type="submit" variant="light" disabled={!valid} loading={fix.isPending}>
            Re-execute with these changes
          </Button>
        </Group>
      </form>
      {fix.isError && <ForkFailure error={fix.error} />}
      {data && (
        <Stack gap="xs" role="region" aria-label="The fix on the fork">
          <Alert
            color={data.result.facts.success ? 'teal' : 'orange'}
            variant="light"
            role="status"
            title={`With ${changesText(data.changes)}: ${data.result.facts.success ? 'success' : 'failure'}`}
          >
            <Group gap="xs">
              <Text size="sm" ff="monospace">
                {data.result.facts.vmStatus}
              </Text>
              <Badge size="sm" variant="light">
                gas used {data.result.facts.gasUsed}
              </Badge>
            </Group>
          </Alert>
          <ForkDiffTable
            rows={data.comparison.rows}
            label="Committed result and the fix"
            other="with the fix"
          />
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              aria-expanded={shown === 'trace'}
              onClick={() => setShown(shown === 'trace' ? null : 'trace')}
            >
              {shown === 'trace' ? 'Hide the fix’s trace' : 'Open the fix’s trace'}
            </Button>
            <Button
              variant="default"
              size="xs"
              aria-expanded={shown === 'diff'}
              onClick={() => setShown(shown === 'diff' ? null : 'diff')}
            >
              {shown === 'diff' ? 'Hide the trace diff' : 'Compare the traces'}
            </Button>
            <Button component="a" href={runHref(data.runId)} variant="subtle" size="xs">
              Open the fix in History
            </Button>
          </Group>
          {shown === 'trace' && (
            <TraceTab
              target={{
                network: { kind: 'local', fullnode: forkUrl },
                request: { version, transaction: data.hex },
              }}
            />
          )}
          {shown === 'diff' && (
            <FixTraceDiff forkUrl={forkUrl} version={version} transaction={data.hex} />
          )}
        </Stack>
      )}
    </Stack>
  );
}
