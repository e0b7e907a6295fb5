import { describe, expect, it } from 'vitest';
import {
  EventsTable,
  FeeBreakdownTable,
  feeBreakdown,
  OutcomeDiff,
  outcomeDiff,
  TransactionTabs,
  WriteSetTable,
} from '../../../src/features/transaction';
import { render, screen, userEvent, within } from '../../test-utils/render';
import { committedTransfer, feeStatement, recipient, sender } from './fixture';

describe('FeeBreakdownTable', () => {
  it('shows each part of the FeeStatement in APT and octas', () => {
    const fee = feeBreakdown({ events: [feeStatement] }, '100');
    if (!fee) throw new Error('no fee');
    render(<FeeBreakdownTable fee={fee} />);
    const amount = (part: string) => screen.getByLabelText(`${part} amount`).textContent;
    expect(amount('Execution')).toBe('0.000004 APT (400 octas)');
    expect(amount('IO')).toBe('0.0005 APT (50,000 octas)');
    expect(amount('Storage')).toBe('0.001 APT (100,000 octas)');
    expect(amount('Storage refund')).toBe('−0.00002 APT (2,000 octas)');
    expect(amount('Charged')).toBe('0.001504 APT (150,400 octas)');
    expect(amount('Net fee')).toBe('0.001484 APT (148,400 octas)');
  });

  it('says "1 unit" and "4 units" for the gas of each part', () => {
    const fee = feeBreakdown({ events: [feeStatement] }, '100');
    if (!fee) throw new Error('no fee');
    render(<FeeBreakdownTable fee={{ ...fee, executionGasUnits: '1', ioGasUnits: '4' }} />);
    const table = screen.getByRole('table', { name: 'Fee breakdown' });
    expect(within(table).getByText('1 unit × 100')).toBeVisible();
    expect(within(table).getByText('4 units × 100')).toBeVisible();
  });
});

describe('EventsTable', () => {
  it('lists each event with its short type (full form in the title), decoded data and copy', () => {
    render(<EventsTable events={committedTransfer().events} />);
    const table = screen.getByRole('table', { name: 'Events' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const withdraw = within(rows[0] as HTMLElement);
    expect(withdraw.getByTitle('0x1::fungible_asset::Withdraw')).toHaveTextContent(
      /^fungible_asset::Withdraw$/,
    );
    expect(rows[0]).toHaveTextContent('amount: 10000000');
    expect(
      withdraw.getByRole('button', { name: 'Copy the type 0x1::fungible_asset::Withdraw' }),
    ).toBeEnabled();
    expect(withdraw.getByRole('button', { name: 'Copy event 0 as JSON' })).toBeEnabled();
    expect(rows[2]).toHaveTextContent('storage_fee_refund_octas: 2000');
  });

  it('says when there are no events', () => {
    render(<EventsTable events={[]} />);
    expect(screen.getByText('No events.')).toBeVisible();
  });
});

describe('WriteSetTable', () => {
  it('lists each change: kind, where, short type with the full one on hover, values', () => {
    render(<WriteSetTable changes={committedTransfer().changes} />);
    const table = screen.getByRole('table', { name: 'Write set' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('td:nth-child(2)')?.textContent)).toEqual([
      'write_resource',
      'write_resource',
      'write_table_item',
      'delete_resource',
    ]);
    const deleted = within(rows[3] as HTMLElement);
    expect(
      deleted.getByTitle('0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>'),
    ).toHaveTextContent(/^coin::CoinStore<aptos_coin::AptosCoin>$/);
    expect(rows[1]).toHaveTextContent('balance: 10000000');
    expect(rows[2]).toHaveTextContent('value: 42');
  });
});

describe('OutcomeDiff', () => {
  it('says "Same as simulation" when nothing differs', () => {
    const rows = outcomeDiff(committedTransfer({ version: undefined }), committedTransfer(), {
      sender,
      candidates: [recipient],
    });
    render(<OutcomeDiff rows={rows} />);
    expect(screen.getByRole('group', { name: 'Same as simulation' })).toHaveTextContent(
      /matches its simulation: status, VM status, gas, fee, balance changes, 3 events/,
    );
  });

  it('shows simulated → committed for the fields that differ, and "same" for the rest', () => {
    const rows = outcomeDiff(committedTransfer({ gas_used: '1000' }), committedTransfer(), {
      sender,
      candidates: [recipient],
    });
    render(<OutcomeDiff rows={rows} />);
    const table = screen.getByRole('table', { name: 'Simulated → committed' });
    expect(within(table).getByText('1000 → 1504')).toBeVisible();
    expect(within(table).getByText('same (Executed successfully)')).toBeVisible();
    expect(
      screen.getByRole('group', { name: 'Differs from the simulation in 3 fields' }),
    ).toBeVisible();
  });
});

describe('TransactionTabs', () => {
  it('has the explorer tabs, in order, and opens on Overview with the fee split', () => {
    render(<TransactionTabs transaction={committedTransfer()} candidates={[recipient]} />);
    const tabs = within(screen.getByRole('tablist', { name: 'Transaction' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Overview',
      'Balance changes (2)',
      'Events (3)',
      'Write set (4)',
      'Trace',
      'Payload',
      'Timings',
    ]);
    expect(screen.getByText('Committed')).toBeVisible();
    expect(screen.getByText('1504 units × 100 octas = 0.001504 APT (150,400 octas)')).toBeVisible();
    expect(screen.getByLabelText('Net fee amount')).toHaveTextContent(
      '0.001484 APT (148,400 octas)',
    );
  });

  it('shows the diff against the simulation on Overview when one is given', () => {
    render(
      <TransactionTabs
        transaction={committedTransfer()}
        simulation={committedTransfer({ version: undefined, gas_used: '1400' })}
        candidates={[recipient]}
      />,
    );
    expect(screen.getByText('1400 → 1504')).toBeVisible();
  });

  it('shows balance changes, events, write set, payload and timings in their tabs', async () => {
    const user = userEvent.setup();
    render(
      <TransactionTabs
        transaction={committedTransfer()}
        candidates={[recipient]}
        timings={[
          { step: 'building', ms: 12 },
          { step: 'pending', ms: 340 },
        ]}
      />,
    );
    await user.click(screen.getByRole('tab', { name: 'Balance changes (2)' }));
    const balances = screen.getByRole('table', { name: 'Balance changes' });
    expect(within(balances).getByText('-0.101504 APT (-10150400 octas)')).toBeVisible();
    expect(within(balances).getByText('+0.1 APT (10000000 octas)')).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Events (3)' }));
    expect(screen.getByRole('table', { name: 'Events' })).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Write set (4)' }));
    expect(screen.getByRole('table', { name: 'Write set' })).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Payload' }));
    const payload = screen.getByRole('table', { name: 'Payload' });
    expect(within(payload).getByText('0x1::aptos_account::transfer')).toBeVisible();
    expect(within(payload).getByText('10000000')).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Timings' }));
    expect(screen.getByText('340 ms')).toBeVisible();
  });
});
