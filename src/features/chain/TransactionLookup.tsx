import { Alert, Anchor, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Panel } from '../../components/Panel';
import { CopyValue } from '../../components/CopyValue';
import { parseAddress } from '../../format/address';
import { useNetwork } from '../../network/useNetwork';
import {
  parseTransactionRef,
  transactionQueries,
  type TransactionRef,
} from '../../queries/chainQueries';
import { errorMessage } from '../../errors/errorMessage';
import { ForkReplayPanel } from '../forkReplay';
import { useRuns } from '../runs';
import { traceTarget } from '../trace';
import { TransactionTabs, type NodeTransaction } from '../transaction';
import { LookupForm } from './LookupForm';

/** The address arguments of an entry payload: accounts whose balance may have changed. */
function addressArguments(payload: unknown): string[] {
  if (typeof payload !== 'object' || payload === null || !('arguments' in payload)) return [];
  const args = (payload as { arguments: unknown }).arguments;
  if (!Array.isArray(args)) return [];
  return args.flatMap((arg) => {
    if (typeof arg !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(arg)) return [];
    const parsed = parseAddress(arg);
    return parsed.ok ? [parsed.address] : [];
  });
}

/** A committed transaction has what the shared tabs need; a pending one does not yet. */
function asNodeTransaction(tx: object): NodeTransaction | null {
  const record = tx as Partial<NodeTransaction>;
  if (
    typeof record.success !== 'boolean' ||
    typeof record.vm_status !== 'string' ||
    typeof record.gas_used !== 'string' ||
    !Array.isArray(record.events) ||
    !Array.isArray(record.changes)
  )
    return null;
  return record as NodeTransaction;
}

function refText(ref: TransactionRef): string {
  return ref.kind === 'hash' ? ref.hash : ref.version;
}

/** Props of {@link TransactionLookup}. */
export interface TransactionLookupProps {
  /** The transaction shown, or `null` before a lookup. */
  transactionRef: TransactionRef | null;
  onRefChange: (ref: TransactionRef) => void;
  /** Opens the sender in the account explorer. */
  onOpenAccount: (address: string) => void;
}

/**
 * Finds a transaction by hash or by version and shows it in the same tabs as Compose's results
 * (Overview, Balance changes, Events, Write set, Trace, Payload, Timings).
 */
export function TransactionLookup({
  transactionRef,
  onRefChange,
  onOpenAccount,
}: TransactionLookupProps) {
  const { network } = useNetwork();
  const { store } = useRuns();
  const query = useQuery({
    ...transactionQueries.lookup(network, transactionRef ?? { kind: 'version', version: '0' }),
    enabled: transactionRef !== null,
  });

  const transaction = query.data;
  const shown = transaction ? asNodeTransaction(transaction) : null;
  const sender = transaction && 'sender' in transaction ? transaction.sender : undefined;
  return (
    <Panel title="Transaction lookup" label="Transaction lookup">
      <LookupForm
        key={transactionRef ? refText(transactionRef) : ''}
        initialValue={transactionRef ? refText(transactionRef) : ''}
        label="Hash or version"
        placeholder="0x… or 42"
        buttonLabel="Look up"
        parse={parseTransactionRef}
        onSubmit={onRefChange}
      />
      {transactionRef && query.isPending && (
        <Loader size="sm" role="status" aria-label="Looking up the transaction" />
      )}
      {transactionRef && query.isError && (
        <Alert color="red" title="Not found">
          {errorMessage(query.error)}
        </Alert>
      )}
      {transaction && (
        <Stack gap="xs">
          <Group gap="xs">
            <Badge variant="light">{transaction.type}</Badge>
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {transaction.hash}
            </Text>
            <CopyValue value={transaction.hash} label="Copy the transaction hash" />
          </Group>
          {sender !== undefined && (
            <Text size="sm">
              Sender{' '}
              <Anchor
                component="button"
                type="button"
                ff="monospace"
                size="sm"
                title="Open the sender in the account explorer"
                onClick={() => {
                  const parsed = parseAddress(sender);
                  if (parsed.ok) onOpenAccount(parsed.address);
                }}
              >
                {sender}
              </Anchor>
            </Text>
          )}
          {shown ? (
            <>
              <TransactionTabs
                transaction={shown}
                kind="committed"
                candidates={addressArguments(shown.payload)}
                label="Looked-up transaction"
                network={network}
                trace={traceTarget({ network, version: shown.version })}
              />
              {transaction.type === 'user_transaction' && shown.version !== undefined && (
                // Keyed: another transaction or network starts a new replay.
                <ForkReplayPanel
                  key={`${network.fullnode}@${shown.version}`}
                  network={network}
                  version={shown.version}
                  store={store}
                />
              )}
            </>
          ) : (
            <Alert color="blue" title="Pending">
              The transaction is in the mempool and not committed yet: its outcome, events and write
              set come once a block holds it. Look it up again in a moment.
            </Alert>
          )}
        </Stack>
      )}
    </Panel>
  );
}
