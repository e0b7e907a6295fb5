import { AccountAddress } from '@aptos-labs/ts-sdk';
import { Badge, Group, Stack, Table, Tabs, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { canonicalAddresses, compactAddresses } from '../../format/address';
import { formatApt, unitsText } from '../../format/amounts';
import type { NetworkConfig } from '../../network/networks';
import { CopyValue } from '../../components/CopyValue';
import { TraceTab, type TraceTarget } from '../trace';
import { AssetChangesTable } from './AssetChangesTable';
import { BalanceChangesTable } from './BalanceChangesTable';
import {
  feeBreakdown,
  outcomeDiff,
  transactionAssetChanges,
  transactionBalanceChanges,
  valueText,
} from './decode';
import { EventsTable } from './EventsTable';
import { FeeBreakdownTable } from './FeeBreakdownTable';
import { gasFee } from './gasFee';
import { OutcomeDiff } from './OutcomeDiff';
import type { NodeTransaction, TimingRow } from './types';
import { VmStatusExplanation } from './VmStatusExplanation';
import { WriteSetTable } from './WriteSetTable';

/** The tabs, in order. */
export const TRANSACTION_TABS = [
  'overview',
  'balances',
  'events',
  'writeSet',
  'trace',
  'payload',
  'timings',
] as const;
export type TransactionTab = (typeof TRANSACTION_TABS)[number];

/**
 * Props of {@link TransactionTabs}. Stable: the Chain page's lookup passes a committed
 * `UserTransactionResponse` as `transaction`; Compose passes the committed transaction (or the
 * simulation while nothing is committed) and, once both exist, the simulation as `simulation`.
 */
export interface TransactionTabsProps {
  /** The transaction shown: committed (`UserTransactionResponse` JSON) or a simulation result. */
  transaction: NodeTransaction;
  /**
   * The simulation of the same transaction, when `transaction` is the committed one: the Overview
   * then shows the diff (simulated → committed, or "Same as simulation").
   */
  simulation?: NodeTransaction;
  /** `committed` (default when `transaction.version` is set) or `simulated`: shown as a badge. */
  kind?: 'committed' | 'simulated';
  /** Addresses that may own a store whose balance changed (e.g. the address arguments). */
  candidates?: readonly string[];
  /**
   * A sponsored transaction's fee payer, when `transaction` does not carry its signature (a
   * simulation): Balance changes then charge the fee to it, on its own row.
   */
  feePayer?: string | undefined;
  /** Per-step durations for the Timings tab; without them it shows the block timestamp only. */
  timings?: readonly TimingRow[];
  /** A line under the Timings table (e.g. the total of the attempt). */
  timingsNote?: string;
  /** Shown at the top of Overview (Compose puts the step outcome there). */
  overviewTop?: ReactNode;
  /** Shown at the bottom of Payload (Compose puts the raw transaction and its BCS there). */
  payloadExtra?: ReactNode;
  /** Accessible name of the tab list (default "Transaction"). */
  label?: string;
  /** Controlled tab; with `onTabChange`. Uncontrolled (starting at Overview) when absent. */
  tab?: TransactionTab;
  onTabChange?: (tab: TransactionTab) => void;
  /**
   * The network the transaction ran on, when it is the selected one: Balance changes then read
   * other assets' symbols and decimals from it.
   */
  network?: NetworkConfig | undefined;
  /**
   * What the Trace tab asks the embedded chain for (see `traceTarget`): where the transaction
   * ran and its version or simulation bytes. Without it the tab says no trace can be asked for.
   */
  trace?: TraceTarget | undefined;
}

function longAddress(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return AccountAddress.from(value, { maxMissingChars: 63 }).toStringLong();
  } catch {
    return value;
  }
}

function Field({
  label,
  value,
  copy,
  title,
}: {
  label: string;
  value: ReactNode;
  copy?: string;
  /** Shown on hover: the full form of a shortened value. */
  title?: string;
}) {
  return (
    <Table.Tr>
      <Table.Th w={150} fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
        <Group gap={4} wrap="nowrap" align="flex-start">
          <span title={title}>{value}</span>
          {copy && <CopyValue value={copy} label={`Copy the ${label.toLowerCase()}`} />}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function timestampText(micros: string | undefined): string | null {
  if (!micros || !/^\d+$/.test(micros)) return null;
  return `${new Date(Number(BigInt(micros) / 1000n)).toISOString()} (${micros} µs)`;
}

interface EntryPayload {
  function: string | null;
  typeArguments: string[];
  arguments: unknown[];
}

function entryPayload(payload: unknown): EntryPayload | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const record = payload as Record<string, unknown>;
  return {
    function: typeof record.function === 'string' ? record.function : null,
    typeArguments: Array.isArray(record.type_arguments)
      ? record.type_arguments.map((value) => valueText(value))
      : [],
    arguments: Array.isArray(record.arguments) ? record.arguments : [],
  };
}

/**
 * A transaction as an explorer shows it, in tabs: Overview (status, VM status explained, gas ×
 * price = fee and the FeeStatement's split, the diff against its simulation), Balance changes,
 * Events, Write set, Trace (the Move call tree, from the embedded chain), Payload and Timings. Input is node-shaped ({@link NodeTransaction}), so
 * Compose's live run, History's stored runs and the Chain page's lookup all use it.
 */
export function TransactionTabs({
  transaction,
  simulation,
  kind,
  candidates = [],
  feePayer,
  timings,
  timingsNote,
  overviewTop,
  payloadExtra,
  label = 'Transaction',
  tab,
  onTabChange,
  network,
  trace,
}: TransactionTabsProps) {
  const shownKind = kind ?? (transaction.version ? 'committed' : 'simulated');
  const sender = longAddress(transaction.sender);
  const price = transaction.gas_unit_price ?? simulation?.gas_unit_price ?? null;
  const fee = gasFee({ gasUsed: transaction.gas_used, gasUnitPrice: price });
  const split = feeBreakdown(transaction, price);
  const options = {
    ...(sender ? { sender } : {}),
    ...(feePayer === undefined ? {} : { feePayer }),
    gasUnitPrice: price,
    candidates,
  };
  const changes = transactionBalanceChanges(transaction, options);
  const otherAssets = transactionAssetChanges(transaction, options);
  const diff = simulation ? outcomeDiff(simulation, transaction, options) : null;
  const payload = entryPayload(transaction.payload);
  const timestamp = timestampText(transaction.timestamp);
  const controlled =
    tab !== undefined
      ? {
          value: tab,
          onChange: (value: string | null) => value && onTabChange?.(value as TransactionTab),
        }
      : { defaultValue: 'overview' };
  return (
    <Tabs {...controlled} keepMounted={false}>
      <Tabs.List aria-label={label}>
        <Tabs.Tab value="overview">Overview</Tabs.Tab>
        <Tabs.Tab value="balances">
          Balance changes ({changes.length + otherAssets.length})
        </Tabs.Tab>
        <Tabs.Tab value="events">Events ({transaction.events.length})</Tabs.Tab>
        <Tabs.Tab value="writeSet">Write set ({transaction.changes.length})</Tabs.Tab>
        <Tabs.Tab value="trace">Trace</Tabs.Tab>
        <Tabs.Tab value="payload">Payload</Tabs.Tab>
        <Tabs.Tab value="timings">Timings</Tabs.Tab>
      </Tabs.List>

      <Tabs.Panel value="overview" pt="sm">
        <Stack gap="sm">
          {overviewTop}
          <Group gap="xs">
            <Badge color={transaction.success ? 'teal' : 'red'}>
              {transaction.success ? 'Success' : 'Failed'}
            </Badge>
            <Badge variant="outline" color="gray">
              {shownKind === 'committed' ? 'Committed' : 'Simulated'}
            </Badge>
          </Group>
          {diff && <OutcomeDiff rows={diff} />}
          <VmStatusExplanation vmStatus={transaction.vm_status} />
          <Table
            fz="sm"
            withRowBorders={false}
            verticalSpacing={2}
            layout="fixed"
            aria-label="Summary"
          >
            <Table.Tbody>
              {transaction.hash && shownKind === 'committed' && (
                <Field label="Hash" value={transaction.hash} copy={transaction.hash} />
              )}
              {transaction.version && <Field label="Version" value={transaction.version} />}
              {timestamp && <Field label="Timestamp" value={timestamp} />}
              {transaction.sender && (
                <Field label="Sender" value={transaction.sender} copy={transaction.sender} />
              )}
              {payload?.function && (
                <Field
                  label="Function"
                  value={compactAddresses(payload.function)}
                  title={canonicalAddresses(payload.function)}
                  copy={canonicalAddresses(payload.function)}
                />
              )}
              <Field
                label="Gas fee"
                value={
                  fee
                    ? `${unitsText(fee.gasUsed)} × ${fee.gasUnitPrice} octas = ${formatApt(fee.feeOctas)}`
                    : `${transaction.gas_used} units (price not known)`
                }
              />
            </Table.Tbody>
          </Table>
          {split ? (
            <FeeBreakdownTable fee={split} />
          ) : (
            <Text size="xs" c="dimmed">
              No FeeStatement event: the fee is not split into execution, IO and storage.
            </Text>
          )}
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="balances" pt="sm">
        <Stack gap="sm">
          <BalanceChangesTable changes={changes} sender={sender} />
          {otherAssets.length > 0 && (
            <>
              <Text size="sm" fw={600}>
                Other assets
              </Text>
              <AssetChangesTable changes={otherAssets} sender={sender} network={network} />
            </>
          )}
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="events" pt="sm">
        <EventsTable events={transaction.events} />
      </Tabs.Panel>

      <Tabs.Panel value="writeSet" pt="sm">
        <WriteSetTable changes={transaction.changes} />
      </Tabs.Panel>

      <Tabs.Panel value="trace" pt="sm">
        <TraceTab target={trace} />
      </Tabs.Panel>

      <Tabs.Panel value="payload" pt="sm">
        <Stack gap="sm">
          {payload ? (
            <Table
              fz="sm"
              withRowBorders={false}
              verticalSpacing={2}
              layout="fixed"
              aria-label="Payload"
            >
              <Table.Tbody>
                <Field
                  label="Function"
                  value={payload.function === null ? '–' : compactAddresses(payload.function)}
                  title={
                    payload.function === null ? undefined : canonicalAddresses(payload.function)
                  }
                />
                <Field
                  label="Type arguments"
                  value={compactAddresses(payload.typeArguments.join(', ')) || '(none)'}
                  title={canonicalAddresses(payload.typeArguments.join(', ')) || undefined}
                />
                {payload.arguments.map((argument, index) => (
                  <Field key={index} label={`Argument ${index}`} value={valueText(argument)} />
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm" c="dimmed">
              No payload in this transaction.
            </Text>
          )}
          {payloadExtra}
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="timings" pt="sm">
        <Stack gap="xs">
          {timings && timings.length > 0 ? (
            <Table fz="sm" withRowBorders={false} verticalSpacing={2} aria-label="Timings">
              <Table.Tbody>
                {timings.map((row) => (
                  <Table.Tr key={row.step}>
                    <Table.Th w={160} fw={500} c="dimmed">
                      {row.step}
                    </Table.Th>
                    <Table.Td ff="monospace">{row.ms} ms</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm" c="dimmed">
              No step timings for this transaction.
            </Text>
          )}
          {timingsNote && (
            <Text size="xs" c="dimmed">
              {timingsNote}
            </Text>
          )}
          {timestamp && (
            <Text size="xs" c="dimmed">
              Block timestamp {timestamp}.
            </Text>
          )}
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
